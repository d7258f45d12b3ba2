import { ArrowLeftOutlined, ArrowRightOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { LISTING_PREVIEW_PRODUCTS_MAX, LISTING_PREVIEW_SHOPS_MAX } from '@seller/contracts/marketplaces';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Result, Space, Spin, Steps, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FileImage } from '../../../../components/FileImage.tsx';
import { usePagedQuery } from '../../../../components/list/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { http } from '../../../../lib/http/index.ts';
import {
  LL,
  listingKeys,
  listingsApi,
  type PickerProduct,
  type PreviewRow,
  type PublishResult,
  platformLabel,
  publishedPath,
} from '../../api.ts';
import { type Fix, ReviewTable, rowKey, unresolved } from './review.tsx';
import { ShopChooser } from './shops.tsx';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PICKER_PAGE = 10;

/**
 * The publish wizard (`/publishingPlatform/publishs/publish-lazada-shopee`): products (preselected
 * from `?productIds=a,b`), shops (only authorized ones), a review per product × shop from the
 * server's preview with inline fixes, then the listings are created (queued) and each row's answer
 * is shown.
 */
export default function PublishWizardPage() {
  const [params] = useSearchParams();
  const [step, setStep] = useState(0);
  const [productIds, setProductIds] = useState<string[]>(() =>
    [...new Set((params.get('productIds') ?? '').split(',').map((s) => s.trim()))]
      .filter((s) => GUID.test(s))
      .slice(0, LISTING_PREVIEW_PRODUCTS_MAX),
  );
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [fixes, setFixes] = useState<Record<string, Fix>>({});
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<PublishResult | null>(null);

  const preview = useQuery({
    queryKey: [...listingKeys.all, 'preview', productIds, shopIds],
    queryFn: () => listingsApi.preview(productIds, shopIds),
    enabled: step === 2 && productIds.length > 0 && shopIds.length > 0,
  });
  const rows = preview.data?.items ?? [];
  const fixOf = (r: PreviewRow): Fix => fixes[rowKey(r)] ?? { included: true, attributes: {} };
  const included = rows.filter((r) => fixOf(r).included);
  const blocked = included.filter((r) => unresolved(r, fixOf(r)).length > 0);

  const submit = async () => {
    setSubmitting(true);
    try {
      const answer = await listingsApi.publish(
        included.map((r) => {
          const fix = fixOf(r);
          const attributes = Object.fromEntries(
            Object.entries(fix.attributes).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v.trim() !== '')),
          );
          return { productId: r.productId, shopId: r.shopId, attributes, price: fix.price?.trim() || undefined };
        }),
      );
      setResult(answer);
      setStep(3);
    } catch {
      // the HTTP client has notified
    } finally {
      setSubmitting(false);
    }
  };

  const next = step === 0 ? productIds.length > 0 : step === 1 ? shopIds.length > 0 : false;
  return (
    <Card title={LL('Page:WizardTitle')} data-testid="publish-wizard">
      <Steps
        current={step}
        style={{ marginBottom: 24 }}
        items={[
          { title: LL('Page:Step:Products'), content: LL('Page:SelectedCount', productIds.length) },
          { title: LL('Page:Step:Shops'), content: LL('Page:SelectedCount', shopIds.length) },
          { title: LL('Page:Step:Review') },
          { title: LL('Page:Step:Done') },
        ]}
      />
      {step === 0 && <ProductPicker value={productIds} onChange={setProductIds} />}
      {step === 1 && <ShopChooser value={shopIds} onChange={setShopIds} max={LISTING_PREVIEW_SHOPS_MAX} />}
      {step === 2 &&
        (preview.isLoading ? (
          <Spin data-testid="publish-preview-loading" />
        ) : preview.isError ? (
          <Alert type="error" title={LL('Page:PreviewFailed')} />
        ) : rows.length === 0 ? (
          <Empty />
        ) : (
          <ReviewTable
            rows={rows}
            fixOf={fixOf}
            onFix={(r, fix) => setFixes((all) => ({ ...all, [rowKey(r)]: fix }))}
          />
        ))}
      {step === 3 && result && <PublishAnswer result={result} rows={rows} />}

      {step < 3 && (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 24, gap: 8 }}>
          <Button
            icon={<ArrowLeftOutlined />}
            disabled={step === 0}
            onClick={() => setStep((s) => s - 1)}
            data-testid="publish-back"
          >
            {LL('Page:Back')}
          </Button>
          {step === 2 ? (
            <Space wrap>
              {blocked.length > 0 && (
                <Typography.Text type="danger" data-testid="publish-blocked">
                  {LL('Page:BlockedRows', blocked.length)}
                </Typography.Text>
              )}
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                disabled={included.length === 0 || blocked.length > 0 || preview.isLoading}
                loading={submitting}
                onClick={() => void submit()}
                data-testid="publish-submit"
              >
                {LL('Page:Submit', included.length)}
              </Button>
            </Space>
          ) : (
            <Button
              type="primary"
              icon={<ArrowRightOutlined />}
              iconPlacement="end"
              disabled={!next}
              onClick={() => setStep((s) => s + 1)}
              data-testid="publish-next"
            >
              {LL('Page:Next')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

/** Step 1: the catalogue's products, searchable, paged; the chosen ones stay chosen across pages. */
function ProductPicker({ value, onChange }: { value: string[]; onChange(ids: string[]): void }) {
  const [filter, setFilter] = useState('');
  const {
    query: list,
    setPage,
    pagination,
  } = usePagedQuery(['marketplaces', 'publish', 'products', filter], PICKER_PAGE, (page, signal) =>
    listingsApi.products({ ...page, filter: filter || undefined }, signal),
  );
  const [seen, setSeen] = useState(new Map<string, { sku: string; name: string }>());
  const rows = list.data?.items ?? [];
  // names of preselected products not on the page shown: one look-up each (bounded by the list's limit)
  const unknown = value.filter((id) => !seen.has(id) && !rows.some((r) => r.id === id));
  const lookups = useQueries({
    queries: unknown.map((id) => ({
      queryKey: ['marketplaces', 'publish', 'product', id],
      queryFn: () =>
        http.get<{ id: string; sku: string; name: string }>('/api/catalog/products/{id}', undefined, {
          path: { id },
          notify: false,
        }),
      staleTime: 60_000,
    })),
  });
  const names = useMemo(() => {
    const all = new Map(seen);
    for (const r of rows) all.set(r.id, { sku: r.sku, name: r.name });
    for (const q of lookups) if (q.data) all.set(q.data.id, { sku: q.data.sku, name: q.data.name });
    return all;
  }, [seen, rows, lookups]);
  const remember = (items: PickerProduct[]) =>
    setSeen((m) => {
      const next = new Map(m);
      for (const r of items) next.set(r.id, { sku: r.sku, name: r.name });
      return next;
    });

  return (
    <div data-testid="publish-products">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          autoFocus
          style={{ width: 320 }}
          placeholder={LL('Page:SearchProducts')}
          onSearch={(v) => {
            setFilter(v.trim());
            setPage(1);
          }}
          data-testid="publish-products-search"
        />
        <Typography.Text type="secondary">
          {LL('Page:SelectedCount', value.length)} / {LISTING_PREVIEW_PRODUCTS_MAX}
        </Typography.Text>
      </Space>
      {value.length > 0 && (
        <div
          style={{ marginBottom: 12, display: 'flex', flexWrap: 'wrap', gap: 4 }}
          data-testid="publish-chosen-products"
        >
          {value.map((id) => (
            <Tag key={id} closable onClose={() => onChange(value.filter((v) => v !== id))}>
              {names.get(id)?.sku ?? `${id.slice(0, 8)}…`}
            </Tag>
          ))}
        </div>
      )}
      <Table<PickerProduct>
        scroll={{ x: 'max-content' }}
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={rows}
        locale={{ emptyText: <Empty description={LL('Page:NoProducts')} /> }}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          getCheckboxProps: (r) => ({
            disabled: !value.includes(r.id) && value.length >= LISTING_PREVIEW_PRODUCTS_MAX,
            'aria-label': r.sku,
          }),
          onChange: (keys, selectedRows) => {
            remember(selectedRows.filter(Boolean));
            onChange((keys as string[]).slice(0, LISTING_PREVIEW_PRODUCTS_MAX));
          },
        }}
        onRow={(r) => ({ 'data-testid': `publish-product-${r.sku}` }) as object}
        pagination={pagination}
        columns={[
          {
            key: 'image',
            width: 56,
            render: (_v, r) => <FileImage url={r.mainImage ?? ''} size={40} alt={r.sku} />,
          },
          { key: 'sku', title: 'SKU', dataIndex: 'sku', width: 160 },
          { key: 'name', title: LL('Page:Product'), dataIndex: 'name', ellipsis: true },
          { key: 'price', title: LL('Page:Price'), dataIndex: 'price', width: 100, align: 'right' },
          {
            key: 'variants',
            title: LL('Page:Variants'),
            dataIndex: 'variantCount',
            width: 80,
            align: 'right',
          },
        ]}
      />
    </div>
  );
}

/** The last step: each row's answer, and where to watch the listings. */
function PublishAnswer({ result, rows }: { result: PublishResult; rows: PreviewRow[] }) {
  const navigate = useNavigate();
  const byKey = new Map(rows.map((r) => [rowKey(r), r]));
  const platforms = [...new Set(rows.map((r) => r.platform))];
  return (
    <div data-testid="publish-result">
      <Result
        status={result.failed === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'}
        title={LL('Page:ResultTitle', result.succeeded, result.failed)}
        extra={platforms.map((p) => (
          <Button
            key={p}
            type={platforms[0] === p ? 'primary' : 'default'}
            onClick={() => navigate(publishedPath(p))}
            data-testid={`publish-goto-${p}`}
          >
            {LL('Page:GoToPublished', platformLabel(p))}
          </Button>
        ))}
      />
      <SmallTable
        scroll={{ x: 'max-content' }}
        rowKey={(r) => `${r.productId}|${r.shopId}`}
        dataSource={result.items}
        columns={[
          {
            key: 'product',
            title: LL('Page:Product'),
            render: (_v, r) => byKey.get(`${r.productId}|${r.shopId}`)?.productSku ?? r.productId,
          },
          {
            key: 'shop',
            title: LL('Page:Shop'),
            render: (_v, r) => {
              const row = byKey.get(`${r.productId}|${r.shopId}`);
              return row ? `${platformLabel(row.platform)} · ${row.shopName}` : r.shopId;
            },
          },
          {
            key: 'result',
            title: LL('Page:Result'),
            render: (_v, r) =>
              r.ok ? (
                <Tag color="default">{LL('Status:1')}</Tag>
              ) : (
                <Typography.Text type="danger">{r.error}</Typography.Text>
              ),
          },
        ]}
      />
    </div>
  );
}
