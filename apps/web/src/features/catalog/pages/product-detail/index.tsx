import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { HtmlContent } from '../../../../components/html-content.tsx';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { LC, screenAttributesApi } from '../../api.ts';
import { Data } from '../../components/Data.tsx';
import {
  pmsStatusColor,
  pmsStatusLabel,
  productsApi,
  regionLabel,
  resourceLabel,
  salesTypeLabel,
  type VariantDto,
} from '../../products-api.ts';
import { ProductImages } from './images.tsx';
import { ProductListings } from './listings.tsx';
import { ProductSpecifications } from './specifications.tsx';
import { ProductVendors } from './vendors.tsx';

const L = (key: string) => LC(`DisplayName:${key}`);
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const dimensions = (p: { length: number | null; width: number | null; height: number | null }) =>
  [p.length, p.width, p.height].map(dash).join(' × ');

/** /product/product-detail?id=…: one product on one screen (master data, sales, customs, variants, specifications, detail, images, vendors, listings). */
export default function ProductDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const product = useQuery({
    queryKey: ['catalog', 'products', 'detail', id],
    queryFn: () => productsApi.get(id!),
    enabled: !!id,
  });
  const screenAttributes = useQuery({
    queryKey: ['catalog', 'screen-attributes', 'all'],
    queryFn: () => screenAttributesApi.all(),
  });
  /** Attribute id → its name and its options' values, to show the product's screening values by name. */
  const screenNames = useMemo(
    () =>
      new Map(
        (screenAttributes.data?.items ?? []).map((a) => [
          a.id,
          { name: a.name, options: new Map(a.options.map((o) => [o.id, o.value])) },
        ]),
      ),
    [screenAttributes.data],
  );
  if (!id) return <Empty />;
  if (product.isLoading) return <Spin />;
  const p = product.data;
  if (!p) return <Empty />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="product-detail">
      <Card title={<Data>{`${p.sku} · ${p.name}`}</Data>}>
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={L('Sku')}>{p.sku}</Descriptions.Item>
          <Descriptions.Item label={L('NameEn')}>
            <Data>{dash(p.nameEn)}</Data>
          </Descriptions.Item>
          <Descriptions.Item label={L('Price')}>
            {p.price} {p.priceCurrency}
          </Descriptions.Item>
          <Descriptions.Item label={L('PmsStatus')}>
            <Tag color={pmsStatusColor[p.pmsStatus]}>{pmsStatusLabel(p.pmsStatus)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={L('IsActive')}>{p.isActive ? '✓' : '✗'}</Descriptions.Item>
          <Descriptions.Item label={L('InStock')}>{p.inStock ? '✓' : '✗'}</Descriptions.Item>
          <Descriptions.Item label={L('Developer')}>
            <Data>{dash(p.developer)}</Data>
          </Descriptions.Item>
          <Descriptions.Item label={L('Purchaser')}>
            <Data>{dash(p.purchaser)}</Data>
          </Descriptions.Item>
          <Descriptions.Item label={L('ArtDesigner')}>
            <Data>{dash(p.artDesigner)}</Data>
          </Descriptions.Item>
          <Descriptions.Item label={L('Weight')}>{dash(p.weight)}</Descriptions.Item>
          <Descriptions.Item label={L('Dimensions')}>{dimensions(p)}</Descriptions.Item>
          <Descriptions.Item label={L('PackageWeight')}>{dash(p.packageWeight)}</Descriptions.Item>
          {/* 'filled': each on a row of its own, whatever the screen's column count */}
          <Descriptions.Item label={L('SpecialAttributes')} span="filled">
            {p.specialAttributes.map((s) => (
              <Tag key={s}>{LC(`Special:${s}`)}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={L('Description')} span="filled">
            <Data>{p.description}</Data>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={LC('ProductSection:Sales')} size="small" data-testid="product-sales">
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={L('Region')}>{p.region ? regionLabel(p.region) : '—'}</Descriptions.Item>
          <Descriptions.Item label={L('DevelopmentDate')}>{dash(p.developmentDate)}</Descriptions.Item>
          <Descriptions.Item label={L('LaunchDate')}>{dash(p.launchDate)}</Descriptions.Item>
          <Descriptions.Item label={L('SalesTypes')}>
            {p.salesTypes.map((s) => (
              <Tag key={s}>{salesTypeLabel(s)}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={L('Resource')}>{p.resource ? resourceLabel(p.resource) : '—'}</Descriptions.Item>
          {p.screenValues.map((v) => {
            const attribute = screenNames.get(v.attributeId);
            return (
              <Descriptions.Item
                key={v.attributeId}
                label={attribute ? <Data>{attribute.name}</Data> : L('ScreenValues')}
              >
                {v.optionIds.map((o) => (
                  <Tag key={o}>
                    <Data>{attribute?.options.get(o) ?? o}</Data>
                  </Tag>
                ))}
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      </Card>
      <Card title={L('Customs')} size="small">
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={L('DeclaredNameCn')}>
            <Data>{dash(p.declaredNameCn)}</Data>
          </Descriptions.Item>
          <Descriptions.Item label={L('DeclaredNameEn')}>
            <Data>{dash(p.declaredNameEn)}</Data>
          </Descriptions.Item>
          <Descriptions.Item label={L('DeclaredValue')}>
            {dash(p.declaredValue)} {p.declaredCurrency ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={L('HsCode')}>{dash(p.hsCode)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={LC('Variants')} size="small">
        <SmallTable<VariantDto>
          rowKey="id"
          scroll={{ x: 'max-content' }}
          dataSource={p.variants}
          columns={[
            { key: 'sku', title: L('VariantSku'), dataIndex: 'sku' },
            { key: 'label', title: L('VariantLabel'), dataIndex: 'label' },
            {
              key: 'price',
              title: L('Price'),
              dataIndex: 'price',
              align: 'right',
              render: (price: string) => `${price} ${p.priceCurrency}`,
            },
            {
              key: 'weight',
              title: L('Weight'),
              dataIndex: 'weight',
              align: 'right',
              // no weight of its own: the product's, shown as such
              render: (w: number | null) =>
                w ?? (
                  <Typography.Text type="secondary" title={LC('FollowsProduct')}>
                    {dash(p.weight)}
                  </Typography.Text>
                ),
            },
            { key: 'dimensions', title: L('Dimensions'), align: 'right', render: (_: unknown, v) => dimensions(v) },
          ]}
        />
      </Card>
      <ProductSpecifications product={p} />
      <Card title={L('DetailContent')} size="small">
        {p.detailContent ? (
          // gathered content is HTML from a source page: rebuilt from an allow-list (see HtmlContent)
          <HtmlContent html={p.detailContent} testid="product-detail-content" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
      <ProductImages product={p} />
      <ProductVendors productId={p.id} />
      <ProductListings productId={p.id} />
    </Space>
  );
}
