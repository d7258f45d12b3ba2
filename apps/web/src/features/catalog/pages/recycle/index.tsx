import { UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Access, type CrudColumn, CrudPage, type CrudQuery, DeleteAction } from '../../../../components/crud/index.ts';
import type { PagedResult } from '../../../../lib/abp/types.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import { type ProductListItem, type RecycledVendorDto, recycleApi, vendorRecycleApi } from '../../products-api.ts';

const P = 'Catalog.Products.Delete';
const L = (key: string) => LC(`DisplayName:${key}`);

/** The recycle bin of products and product vendors: restore (`reback`) or delete for good (`clear`, with the spec's warning). */
export default function RecyclePage() {
  return (
    <Tabs
      items={[
        {
          key: 'products',
          label: <span data-testid="recycle-tab-products">{LC('RecycledProducts')}</span>,
          children: <RecycledProducts />,
        },
        {
          key: 'vendors',
          label: <span data-testid="recycle-tab-vendors">{LC('RecycledVendors')}</span>,
          children: <RecycledVendors />,
        },
      ]}
    />
  );
}

function RecycledProducts() {
  return (
    <RecycledList<ProductListItem>
      testid="recycle"
      actionTestid="recycle"
      rowName={(r) => r.sku}
      queryKey={['catalog', 'recycle', 'products']}
      listKey={['catalog', 'products']}
      api={recycleApi}
      defaultSorting="deletionTime desc"
      columns={[
        { key: 'sku', title: L('Sku'), dataIndex: 'sku', sortField: 'sku' },
        { key: 'name', title: L('ProductName'), dataIndex: 'name', sortField: 'name', ellipsis: true },
        { key: 'price', title: L('Price'), dataIndex: 'price', align: 'right' },
        {
          key: 'deletionTime',
          title: L('DeletionTime'),
          dataIndex: 'deletionTime',
          sortField: 'deletionTime',
          render: deletionTime,
        },
      ]}
    />
  );
}

function RecycledVendors() {
  return (
    <RecycledList<RecycledVendorDto>
      testid="recycle-vendors"
      actionTestid="recycle-vendor"
      rowName={(r) => `${r.productSku}-${r.supplierCode}`}
      queryKey={['catalog', 'recycle', 'vendors']}
      listKey={['catalog', 'products', 'vendors']}
      api={vendorRecycleApi}
      search={false}
      columns={[
        { key: 'productSku', title: L('Sku'), dataIndex: 'productSku' },
        { key: 'productName', title: L('ProductName'), dataIndex: 'productName', ellipsis: true },
        { key: 'supplierName', title: L('Supplier'), dataIndex: 'supplierName', ellipsis: true },
        { key: 'purchasePrice', title: L('PurchasePrice'), dataIndex: 'purchasePrice', align: 'right' },
        { key: 'deletionTime', title: L('DeletionTime'), dataIndex: 'deletionTime', render: deletionTime },
      ]}
    />
  );
}

const deletionTime = (v: string | null) => (v ? new Date(v).toLocaleString() : null);

interface RecycledListProps<T> {
  testid: string;
  /** Row actions' test ids: `<actionTestid>-restore-<rowName>`, `<actionTestid>-clear-<rowName>`. */
  actionTestid: string;
  rowName(row: T): string;
  queryKey: string[];
  /** The live list the restored rows return to, refreshed with this one. */
  listKey: string[];
  api: {
    list(q: CrudQuery, signal?: AbortSignal): Promise<PagedResult<T>>;
    reback(id: string): Promise<unknown>;
    clear(id: string): Promise<void>;
  };
  columns: CrudColumn<T>[];
  defaultSorting?: string;
  search?: boolean;
}

/** One tab of the bin: the deleted rows, each restored or cleared for good (after DeleteAction's confirmation). */
function RecycledList<T extends { id: string }>(p: RecycledListProps<T>) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: p.queryKey });
    await queryClient.invalidateQueries({ queryKey: p.listKey });
  };

  return (
    <CrudPage<T>
      testid={p.testid}
      title={LC('Recycle')}
      queryKey={p.queryKey}
      rowKey="id"
      defaultSorting={p.defaultSorting}
      search={p.search}
      request={(q, signal) => p.api.list(q, signal)}
      columns={p.columns}
      actionsWidth={220}
      rowActions={(r) => (
        <Space size={0}>
          <Access permission={P}>
            <Button
              type="link"
              size="small"
              icon={<UndoOutlined />}
              data-testid={`${p.actionTestid}-restore-${p.rowName(r)}`}
              onClick={async () => {
                try {
                  await p.api.reback(r.id);
                  message.success(t('crud.saved'));
                  await refresh();
                } catch {
                  // the HTTP client has notified
                }
              }}
            >
              {LC('Restore')}
            </Button>
          </Access>
          <DeleteAction
            permission={P}
            onConfirm={async () => {
              await p.api.clear(r.id);
              await refresh();
            }}
            testid={`${p.actionTestid}-clear-${p.rowName(r)}`}
          >
            {LC('ClearForGood')}
          </DeleteAction>
        </Space>
      )}
    />
  );
}
