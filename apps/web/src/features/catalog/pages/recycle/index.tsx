import { UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Access, type CrudColumn, CrudPage, DeleteAction } from '../../../../components/crud/index.ts';
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
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const queryKey = ['catalog', 'recycle', 'products'];
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] });
  };

  const columns: CrudColumn<ProductListItem>[] = [
    { key: 'sku', title: L('Sku'), dataIndex: 'sku', sortField: 'sku' },
    { key: 'name', title: L('ProductName'), dataIndex: 'name', sortField: 'name', ellipsis: true },
    { key: 'price', title: L('Price'), dataIndex: 'price', align: 'right' },
    {
      key: 'deletionTime',
      title: L('DeletionTime'),
      dataIndex: 'deletionTime',
      sortField: 'deletionTime',
      render: (v: string | null) => (v ? new Date(v).toLocaleString() : null),
    },
  ];

  return (
    <CrudPage<ProductListItem>
      testid="recycle"
      title={LC('Recycle')}
      queryKey={queryKey}
      rowKey="id"
      defaultSorting="deletionTime desc"
      request={(q, signal) => recycleApi.list(q, signal)}
      columns={columns}
      actionsWidth={220}
      rowActions={(r) => (
        <Space size={0}>
          <Access permission={P}>
            <Button
              type="link"
              size="small"
              icon={<UndoOutlined />}
              data-testid={`recycle-restore-${r.sku}`}
              onClick={async () => {
                try {
                  await recycleApi.reback(r.id);
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
              await recycleApi.clear(r.id);
              await refresh();
            }}
            testid={`recycle-clear-${r.sku}`}
          >
            {LC('ClearForGood')}
          </DeleteAction>
        </Space>
      )}
    />
  );
}

function RecycledVendors() {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const queryKey = ['catalog', 'recycle', 'vendors'];
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey: ['catalog', 'products', 'vendors'] });
  };

  const columns: CrudColumn<RecycledVendorDto>[] = [
    { key: 'productSku', title: L('Sku'), dataIndex: 'productSku' },
    { key: 'productName', title: L('ProductName'), dataIndex: 'productName', ellipsis: true },
    { key: 'supplierName', title: L('Supplier'), dataIndex: 'supplierName', ellipsis: true },
    { key: 'purchasePrice', title: L('PurchasePrice'), dataIndex: 'purchasePrice', align: 'right' },
    {
      key: 'deletionTime',
      title: L('DeletionTime'),
      dataIndex: 'deletionTime',
      render: (v: string | null) => (v ? new Date(v).toLocaleString() : null),
    },
  ];

  return (
    <CrudPage<RecycledVendorDto>
      testid="recycle-vendors"
      title={LC('Recycle')}
      queryKey={queryKey}
      rowKey="id"
      search={false}
      request={(q, signal) => vendorRecycleApi.list(q, signal)}
      columns={columns}
      actionsWidth={220}
      rowActions={(r) => (
        <Space size={0}>
          <Access permission={P}>
            <Button
              type="link"
              size="small"
              icon={<UndoOutlined />}
              data-testid={`recycle-vendor-restore-${r.productSku}-${r.supplierCode}`}
              onClick={async () => {
                try {
                  await vendorRecycleApi.reback(r.id);
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
              await vendorRecycleApi.clear(r.id);
              await refresh();
            }}
            testid={`recycle-vendor-clear-${r.productSku}-${r.supplierCode}`}
          >
            {LC('ClearForGood')}
          </DeleteAction>
        </Space>
      )}
    />
  );
}
