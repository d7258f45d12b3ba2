import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import { type ProductDto, productsApi, type SpecificationDto } from '../../products-api.ts';

const P = 'Catalog.Products.Update';
const L = (key: string) => LC(`DisplayName:${key}`);

/** The product's spec sheet; one row at a time can be removed (`remove-specification/{id}`). */
export function ProductSpecifications({ product }: { product: ProductDto }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = async (id: string) => {
    setRemoving(id);
    try {
      await productsApi.removeSpecification(id);
      message.success(t('crud.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] });
    } catch {
      // the HTTP client has notified
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card title={L('Specifications')} size="small">
      <SmallTable<SpecificationDto>
        rowKey="id"
        dataSource={product.specifications}
        data-testid="product-specs"
        columns={[
          { key: 'name', title: L('SpecName'), dataIndex: 'name', width: '30%' },
          { key: 'value', title: L('SpecValue'), dataIndex: 'value' },
          {
            key: 'actions',
            title: t('crud.actions'),
            width: 100,
            render: (_: unknown, r) => (
              <Access permission={P}>
                <Popconfirm
                  title={t('crud.deleteTitle')}
                  okText={t('crud.delete')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(r.id)}
                >
                  <LinkButton
                    danger
                    icon={<DeleteOutlined />}
                    loading={removing === r.id}
                    data-testid={`product-spec-remove-${r.name}`}
                  >
                    {t('crud.delete')}
                  </LinkButton>
                </Popconfirm>
              </Access>
            ),
          },
        ]}
      />
    </Card>
  );
}
