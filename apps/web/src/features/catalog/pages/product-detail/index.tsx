import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Space, Spin, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { LC } from '../../api.ts';
import { pmsStatusColor, pmsStatusLabel, productsApi, type VariantDto } from '../../products-api.ts';
import { ProductImages } from './images.tsx';
import { ProductVendors } from './vendors.tsx';

const L = (key: string) => LC(`DisplayName:${key}`);
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** /product/product-detail?id=…: one product on one screen (master data, customs, variants, images, vendors). */
export default function ProductDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const product = useQuery({
    queryKey: ['catalog', 'products', 'detail', id],
    queryFn: () => productsApi.get(id!),
    enabled: !!id,
  });
  if (!id) return <Empty />;
  if (product.isLoading) return <Spin />;
  const p = product.data;
  if (!p) return <Empty />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="product-detail">
      <Card title={`${p.sku} · ${p.name}`}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={L('Sku')}>{p.sku}</Descriptions.Item>
          <Descriptions.Item label={L('NameEn')}>{dash(p.nameEn)}</Descriptions.Item>
          <Descriptions.Item label={L('Price')}>{p.price}</Descriptions.Item>
          <Descriptions.Item label={L('PmsStatus')}>
            <Tag color={pmsStatusColor[p.pmsStatus]}>{pmsStatusLabel(p.pmsStatus)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={L('IsActive')}>{p.isActive ? '✓' : '✗'}</Descriptions.Item>
          <Descriptions.Item label={L('InStock')}>{p.inStock ? '✓' : '✗'}</Descriptions.Item>
          <Descriptions.Item label={L('Developer')}>{dash(p.developer)}</Descriptions.Item>
          <Descriptions.Item label={L('Purchaser')}>{dash(p.purchaser)}</Descriptions.Item>
          <Descriptions.Item label={L('ArtDesigner')}>{dash(p.artDesigner)}</Descriptions.Item>
          <Descriptions.Item label={L('Weight')}>{dash(p.weight)}</Descriptions.Item>
          <Descriptions.Item label={L('Dimensions')}>
            {[p.length, p.width, p.height].map(dash).join(' × ')}
          </Descriptions.Item>
          <Descriptions.Item label={L('PackageWeight')}>{dash(p.packageWeight)}</Descriptions.Item>
          <Descriptions.Item label={L('SpecialAttributes')}>
            {p.specialAttributes.map((s) => (
              <Tag key={s}>{LC(`Special:${s}`)}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={L('Description')} span={3}>
            {p.description}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={L('Customs')} size="small">
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={L('DeclaredNameCn')}>{dash(p.declaredNameCn)}</Descriptions.Item>
          <Descriptions.Item label={L('DeclaredNameEn')}>{dash(p.declaredNameEn)}</Descriptions.Item>
          <Descriptions.Item label={L('DeclaredValue')}>
            {dash(p.declaredValue)} {p.declaredCurrency ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={L('HsCode')}>{dash(p.hsCode)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={LC('Variants')} size="small">
        <Table<VariantDto>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={p.variants}
          columns={[
            { key: 'sku', title: L('VariantSku'), dataIndex: 'sku' },
            { key: 'label', title: L('VariantLabel'), dataIndex: 'label' },
            { key: 'price', title: L('Price'), dataIndex: 'price', align: 'right' },
            { key: 'weight', title: L('Weight'), dataIndex: 'weight', align: 'right' },
          ]}
        />
      </Card>
      <ProductImages product={p} />
      <ProductVendors productId={p.id} />
    </Space>
  );
}
