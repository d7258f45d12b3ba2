import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import {
  SKU_IMAGE_EXPORT_FILTER_MAX,
  SKU_IMAGE_EXPORT_PRODUCTS_MAX,
  SKU_IMAGE_EXPORT_QUEUE,
  SKU_IMAGE_EXPORT_SKUS_MAX,
} from '@seller/contracts/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  Progress,
  Segmented,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Access, DeleteAction } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { QueryTable } from '../../../../components/SmallTable.tsx';
import { useNotificationHub } from '../../../../lib/realtime.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { categoriesApi, categoryTreeOptions } from '../../api.ts';
import { pmsStatusOptions, productsApi } from '../../products-api.ts';
import {
  formatSize,
  LS,
  parseSkus,
  type SkuImageExportDto,
  type SkuImageExportStart,
  skuImagesApi,
} from '../../sku-images-api.ts';

const PERMISSION = 'Catalog.SkuImages';
const KEY = ['catalog', 'sku-images', 'exports'] as const;
/** While an export is queued or running the list is read this often, besides the hub's pushes. */
const BUSY_REFRESH_MS = 1_000;
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const KEEP_DAYS = 7;

type Mode = 'products' | 'skus' | 'filter';
interface Filter {
  filter?: string;
  categoryId?: string;
  pmsStatus?: number;
}

const statusColor: Record<SkuImageExportDto['status'], string> = {
  queued: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
};

/** A searchable multiple choice of the tenant's products (by SKU or name), 20 matches at a time. */
function ProductPicker({ value, onChange }: { value: string[]; onChange(ids: string[]): void }) {
  const [search, setSearch] = useState('');
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useQuery({
    queryKey: ['catalog', 'sku-images', 'products', debounced],
    queryFn: ({ signal }) =>
      productsApi.list({ skipCount: 0, maxResultCount: 20, filter: debounced || undefined }, signal),
  });
  const options = useMemo(() => {
    const listed = (found.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.sku} ${p.name}` }));
    const shown = new Set(listed.map((o) => o.value));
    // chosen products stay labelled when a later search no longer lists them
    const kept = value.filter((id) => !shown.has(id)).map((id) => ({ value: id, label: labels.get(id) ?? id }));
    return [...kept, ...listed];
  }, [found.data, value, labels]);
  return (
    <Select
      mode="multiple"
      showSearch
      allowClear
      style={{ width: '100%' }}
      placeholder={LS('ProductsPlaceholder')}
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      loading={found.isFetching}
      options={options}
      value={value}
      maxCount={SKU_IMAGE_EXPORT_PRODUCTS_MAX}
      onChange={(ids: string[], chosen) => {
        const next = new Map(labels);
        for (const o of [chosen].flat()) if (o?.value) next.set(String(o.value), String(o.label));
        setLabels(next);
        onChange(ids);
      }}
      data-testid="sku-images-products"
    />
  );
}

/**
 * /product/sku-download-img: choose products, SKUs or a product filter, export their images as a
 * ZIP named by SKU (built in the background), follow the progress live, download when done.
 */
export default function SkuImagesPage() {
  const { message } = useUi();
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>('products');
  const [productIds, setProductIds] = useState<string[]>([]);
  const [skuText, setSkuText] = useState('');
  const [filter, setFilter] = useState<Filter>({});
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  const exports = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => skuImagesApi.list(signal),
    refetchInterval: (q) =>
      q.state.data?.items.some((r) => r.status === 'queued' || r.status === 'running') ? BUSY_REFRESH_MS : false,
  });
  const categories = useQuery({ queryKey: ['catalog', 'categories', 'all'], queryFn: () => categoriesApi.all() });
  const treeData = useMemo(() => categoryTreeOptions(categories.data?.items ?? []), [categories.data]);

  // the hub pushes each step of this user's exports: read the list again (at most every 300 ms)
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);
  useNotificationHub({
    onJobProgress: (p) => {
      if (p.queue !== SKU_IMAGE_EXPORT_QUEUE || pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        void client.invalidateQueries({ queryKey: KEY });
      }, 300);
    },
  });

  const skus = useMemo(() => parseSkus(skuText), [skuText]);
  const request: SkuImageExportStart | null =
    mode === 'products'
      ? productIds.length
        ? { productIds }
        : null
      : mode === 'skus'
        ? skus.length
          ? { skus }
          : null
        : {
            filter: {
              filter: filter.filter?.trim() || undefined,
              categoryId: filter.categoryId,
              pmsStatus: filter.pmsStatus,
            },
          };

  async function start() {
    if (!request) return;
    setStarting(true);
    try {
      await skuImagesApi.start(request);
      message.success(LS('Started'));
      await client.invalidateQueries({ queryKey: KEY });
    } catch {
      // the HTTP client has notified (a refused field included)
    } finally {
      setStarting(false);
    }
  }

  async function download(row: SkuImageExportDto) {
    setDownloading(row.id);
    try {
      await skuImagesApi.download(row);
    } catch {
      // the HTTP client has notified
    } finally {
      setDownloading(null);
    }
  }

  const columns: TableColumnsType<SkuImageExportDto> = [
    {
      key: 'creationTime',
      title: LS('Column:Created'),
      dataIndex: 'creationTime',
      width: 170,
      render: (v: string) => dayjs(v).format(DATE_TIME),
    },
    {
      key: 'selection',
      title: LS('Column:Selection'),
      width: 160,
      render: (_v, r) => LS(`Selection:${r.selection.kind}`, r.selection.count),
    },
    {
      key: 'status',
      title: LS('Column:Status'),
      dataIndex: 'status',
      width: 100,
      render: (v: SkuImageExportDto['status'], r) => (
        <Tag color={statusColor[v]} data-testid={`sku-images-status-${r.id}`} data-status={v}>
          {LS(`Status:${v}`)}
        </Tag>
      ),
    },
    {
      key: 'progress',
      title: LS('Column:Progress'),
      render: (_v, r) => {
        const percent = r.total ? Math.floor((r.done / r.total) * 100) : r.status === 'completed' ? 100 : 0;
        return (
          <div data-testid={`sku-images-progress-${r.id}`} style={{ minWidth: 180 }}>
            <Progress
              percent={percent}
              size="small"
              status={r.status === 'failed' ? 'exception' : r.status === 'completed' ? 'success' : 'active'}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {LS('ImagesDone', r.done, r.total)}
              {r.missing ? ` · ${LS('MissingCount', r.missing)}` : ''}
            </Typography.Text>
            {r.error && (
              <div>
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {r.error}
                </Typography.Text>
              </div>
            )}
          </div>
        );
      },
    },
    {
      key: 'fileSize',
      title: LS('Column:Size'),
      dataIndex: 'fileSize',
      width: 100,
      align: 'right',
      render: (v: number | null) => formatSize(v),
    },
    {
      key: 'actions',
      title: LS('Column:Actions'),
      width: 180,
      render: (_v, r) => (
        <Space size={0}>
          {r.status === 'completed' && (
            <LinkButton
              icon={<DownloadOutlined />}
              loading={downloading === r.id}
              onClick={() => void download(r)}
              data-testid={`sku-images-download-${r.id}`}
            >
              {LS('Download')}
            </LinkButton>
          )}
          <DeleteAction
            title={LS('DeleteConfirm')}
            testid={`sku-images-delete-${r.id}`}
            onConfirm={async () => {
              await skuImagesApi.remove(r.id);
              await client.invalidateQueries({ queryKey: KEY });
            }}
          >
            {LS('Delete')}
          </DeleteAction>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="sku-images">
      {/* the shell's header already names the page */}
      <Card>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert type="info" showIcon title={LS('Intro', KEEP_DAYS)} />
          <Segmented<Mode>
            value={mode}
            onChange={setMode}
            options={(['products', 'skus', 'filter'] as const).map((m) => ({ value: m, label: LS(`Mode:${m}`) }))}
            data-testid="sku-images-mode"
          />
          {mode === 'products' && <ProductPicker value={productIds} onChange={setProductIds} />}
          {mode === 'skus' && (
            <div>
              <Input.TextArea
                rows={5}
                value={skuText}
                onChange={(e) => setSkuText(e.target.value)}
                placeholder={LS('SkusPlaceholder')}
                data-testid="sku-images-skus"
              />
              <Typography.Text
                type={skus.length > SKU_IMAGE_EXPORT_SKUS_MAX ? 'danger' : 'secondary'}
                data-testid="sku-images-skus-count"
              >
                {LS('SkusCount', skus.length)}
              </Typography.Text>
            </div>
          )}
          {mode === 'filter' && (
            <Space wrap>
              <Input
                allowClear
                style={{ width: 220 }}
                placeholder={LS('FilterKeyword')}
                value={filter.filter}
                onChange={(e) => setFilter((f) => ({ ...f, filter: e.target.value }))}
                data-testid="sku-images-filter-keyword"
              />
              <TreeSelect
                allowClear
                style={{ width: 200 }}
                placeholder={LS('FilterCategory')}
                treeData={treeData}
                value={filter.categoryId}
                onChange={(categoryId?: string) => setFilter((f) => ({ ...f, categoryId }))}
                data-testid="sku-images-filter-category"
              />
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={LS('FilterStatus')}
                options={pmsStatusOptions()}
                value={filter.pmsStatus}
                onChange={(pmsStatus?: number) => setFilter((f) => ({ ...f, pmsStatus }))}
                data-testid="sku-images-filter-status"
              />
              <Typography.Text type="secondary">{LS('FilterHint', SKU_IMAGE_EXPORT_FILTER_MAX)}</Typography.Text>
            </Space>
          )}
          <Access permission={PERMISSION}>
            <Button
              type="primary"
              icon={<FileZipOutlined />}
              disabled={!request}
              loading={starting}
              onClick={() => void start()}
              data-testid="sku-images-start"
            >
              {LS('Start')}
            </Button>
          </Access>
        </Space>
      </Card>
      <Card title={LS('Exports')}>
        <QueryTable<SkuImageExportDto>
          query={exports}
          rowKey="id"
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={LS('NoExports')} /> }}
          data-testid="sku-images-exports"
        />
      </Card>
    </Space>
  );
}
