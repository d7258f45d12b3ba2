import { siteProductUpdateInput, siteProductVariantInput } from '@seller/contracts/sitekit';
import { Col, DatePicker, Form, Input, Radio, Row, Switch, TreeSelect, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import {
  CrudField,
  FormOverlay,
  FormSection,
  TextField,
  type useOpenForm,
  zodValueRule,
} from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { type SiteProductDto, SL, siteProductsApi } from '../../api.ts';
import { useSiteCategories } from '../../components/site-categories.ts';
import { treeSelectOptions } from '../../components/tree-rows.ts';

const L = (key: string) => SL(`DisplayName:${key}`);
type Variant = SiteProductDto['variants'][number];

/** What the drawer opens with: the product as its update input (the date as the picker's). */
export const productForm = (p: SiteProductDto) => ({
  title: p.title,
  titleEn: p.titleEn,
  slug: p.slug,
  description: p.description,
  categoryIds: p.categoryIds,
  priceMode: p.priceMode,
  variants: p.variants.map((v) => ({ variantId: v.variantId, price: v.price, compareAtPrice: v.compareAtPrice })),
  isPublished: p.isPublished,
  publishedAt: p.publishedAt ? dayjs(p.publishedAt) : null,
  visibleInListings: p.visibleInListings,
  showOnHomepage: p.showOnHomepage,
  allowReviews: p.allowReviews,
  concurrencyStamp: p.concurrencyStamp,
});

/**
 * The variants' prices: set by hand when the mode is MANUAL (each checked by the contract's rule
 * for an amount), else shown as the site's price rule made them.
 */
function VariantPrices({ variants, currency }: { variants: Variant[]; currency: string }) {
  const form = Form.useFormInstance();
  const manual = Form.useWatch('priceMode', form) === 'MANUAL';
  return (
    <>
      <Typography.Paragraph type="secondary">
        {manual ? SL('ManualPriceHint', currency) : SL('RulePriceHint')}
      </Typography.Paragraph>
      <SmallTable<Variant>
        rowKey="variantId"
        dataSource={variants}
        data-testid="site-product-variants"
        columns={[
          { key: 'sku', title: L('Sku'), dataIndex: 'sku' },
          { key: 'label', title: L('Variant'), dataIndex: 'label' },
          {
            key: 'price',
            title: `${L('Price')} (${currency})`,
            render: (_v, v, i) =>
              manual ? (
                <Form.Item
                  name={['variants', i, 'price']}
                  rules={[zodValueRule(siteProductVariantInput.shape.price, L('Price'))]}
                  style={{ marginBottom: 0 }}
                >
                  <Input
                    inputMode="decimal"
                    aria-label={`${v.sku} ${L('Price')}`}
                    data-testid={`site-product-price-${v.sku}`}
                  />
                </Form.Item>
              ) : (
                `${v.price} ${currency}`
              ),
          },
          {
            key: 'compareAtPrice',
            title: `${L('CompareAtPrice')} (${currency})`,
            render: (_v, v, i) =>
              manual ? (
                <Form.Item
                  name={['variants', i, 'compareAtPrice']}
                  rules={[zodValueRule(siteProductVariantInput.shape.compareAtPrice, L('CompareAtPrice'))]}
                  style={{ marginBottom: 0 }}
                >
                  <Input inputMode="decimal" aria-label={`${v.sku} ${L('CompareAtPrice')}`} />
                </Form.Item>
              ) : v.compareAtPrice ? (
                `${v.compareAtPrice} ${currency}`
              ) : (
                '—'
              ),
          },
        ]}
      />
    </>
  );
}

/** The edit drawer of a site product: its texts, categories, prices and how it is shown. */
export function ProductForm({
  siteId,
  form,
}: {
  siteId: string;
  form: ReturnType<typeof useOpenForm<SiteProductDto, object>>;
}) {
  const categories = useSiteCategories(siteId);
  const options = useMemo(() => treeSelectOptions(categories.rows, (r) => r.name), [categories.rows]);
  const product = form.editing && form.editing !== 'new' ? form.editing : undefined;
  return (
    <FormOverlay
      {...form.overlay}
      width={760}
      schema={siteProductUpdateInput}
      onSubmit={(values) =>
        form.save(
          { ...values, publishedAt: values.publishedAt ? (values.publishedAt as Date).toISOString() : null },
          { create: () => Promise.resolve(), update: siteProductsApi.update },
        )
      }
      testid="site-product-form"
    >
      {product && (
        <Typography.Paragraph type="secondary">
          {L('Sku')}: <Typography.Text code>{product.productSku}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <TextField name="title" label={L('Title')} autoFocus data-testid="site-product-title" />
        </Col>
        <Col xs={24} sm={12}>
          <TextField name="titleEn" label={L('TitleEn')} data-testid="site-product-title-en" />
        </Col>
      </Row>
      <TextField name="slug" label={L('Slug')} extra={SL('SlugHint')} data-testid="site-product-slug" />
      <CrudField name="categoryIds" label={L('Categories')}>
        <TreeSelect
          multiple
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          loading={categories.query.isLoading}
          treeData={options}
          data-testid="site-product-categories"
        />
      </CrudField>
      <CrudField name="description" label={L('Description')} extra={SL('DescriptionHtmlHint')}>
        <Input.TextArea rows={6} data-testid="site-product-description" />
      </CrudField>

      <FormSection title={SL('SectionPrices')} />
      <CrudField name="priceMode" label={L('PriceMode')}>
        <Radio.Group
          options={[
            { value: 'RULE', label: SL('PriceMode:RULE') },
            { value: 'MANUAL', label: SL('PriceMode:MANUAL') },
          ]}
          data-testid="site-product-price-mode"
        />
      </CrudField>
      {product && <VariantPrices variants={product.variants} currency={product.currency} />}

      <FormSection title={SL('SectionDisplay')} />
      <Row gutter={12}>
        <Col xs={12} sm={8}>
          <CrudField name="isPublished" label={L('IsPublished')} valuePropName="checked">
            <Switch data-testid="site-product-published" />
          </CrudField>
        </Col>
        <Col xs={24} sm={16}>
          <CrudField name="publishedAt" label={L('PublishedAt')} extra={SL('PublishedAtHint')}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              data-testid="site-product-published-at"
            />
          </CrudField>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={12} sm={8}>
          <CrudField name="visibleInListings" label={L('VisibleInListings')} valuePropName="checked">
            <Switch data-testid="site-product-listed" />
          </CrudField>
        </Col>
        <Col xs={12} sm={8}>
          <CrudField name="showOnHomepage" label={L('ShowOnHomepage')} valuePropName="checked">
            <Switch data-testid="site-product-homepage" />
          </CrudField>
        </Col>
        <Col xs={12} sm={8}>
          <CrudField name="allowReviews" label={L('AllowReviews')} valuePropName="checked">
            <Switch data-testid="site-product-reviews" />
          </CrudField>
        </Col>
      </Row>
    </FormOverlay>
  );
}
