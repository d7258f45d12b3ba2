import { UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Access, type CrudColumn, CrudPage, DeleteAction } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import { type ProductDto, recycleApi } from '../../products-api.ts';

const P = 'Catalog.Products.Delete';
const L = (key: string) => LC(`DisplayName:${key}`);

/** The recycle bin of products: restore (`reback`) or delete for good (`clear`, with the spec's warning). */
export default function RecyclePage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const queryKey = ['catalog', 'recycle', 'products'];
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] });
  };

  const columns: CrudColumn<ProductDto>[] = [
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
    <CrudPage<ProductDto>
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
