import { CloudUploadOutlined, DownOutlined } from '@ant-design/icons';
import {
  datesInOrder,
  inOrder,
  pricesInCurrency,
  productFields,
  productList,
  specificationInput,
  variantOverride,
} from '@seller/contracts/catalog';
import { PmsTransitions, ProductSpecialAttributes } from '@seller/contracts/constants';
import { minorUnits } from '@seller/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Col,
  Dropdown,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  TreeSelect,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  Access,
  CrudField,
  EditAction,
  FormOverlay,
  FormSection,
  TextField,
  useOpenForm,
  useRunAndRefresh,
  zodValueRule,
} from '../../../../components/crud/index.ts';
import { ListPage } from '../../../../components/list/index.ts';
import { settingValue, useAbp } from '../../../../lib/abp/config-store.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { localize } from '../../../../lib/i18n/index.ts';
import {
  brandsApi,
  categoriesApi,
  categoryTreeOptions,
  LC,
  type PurchaseAttributeDto,
  purchaseAttributesApi,
  screenAttributesApi,
} from '../../api.ts';
import { RecycleAction } from '../../components/RecycleAction.tsx';
import { RowList } from '../../components/RowList.tsx';
import {
  type ProductDto,
  type ProductListItem,
  pmsStatusColor,
  pmsStatusLabel,
  productsApi,
  regionLabel,
  regionOptions,
  resourceOptions,
  salesTypeOptions,
} from '../../products-api.ts';
import { ProductImport } from './import.tsx';
import {
  DateInput,
  ScreenValuesInput,
  savedVariantRows,
  VariantOptionsInput,
  type VariantRow,
  VariantTable,
} from './inputs.tsx';

const P = 'Catalog.Products';
/** The publish wizard (marketplace publishing) and its permission: reached by URL, never imported. */
const PUBLISH_PATH = '/publishingPlatform/publishs/publish-lazada-shopee';
const PUBLISH_PERMISSION = 'Marketplaces.Listings.Create';
const attributesKey = ['catalog', 'purchase-attributes', 'all'];
const L = (key: string) => LC(`DisplayName:${key}`);

/**
 * A variant row of the form: the server's override, except that an empty price follows the
 * product (the form fills it in on save, see `variantOverrides`).
 */
const variantRow = variantOverride.extend({
  price: z.preprocess((v) => v ?? undefined, variantOverride.shape.price),
});

/** Spec-sheet names are unique within the product (the server keeps a line by its name). */
const uniqueSpecName =
  (index: number) =>
  ({ getFieldValue }: { getFieldValue(name: string): unknown }) => ({
    validator: async (_rule: unknown, value?: string) => {
      const names = ((getFieldValue('specifications') ?? []) as { name?: string }[]).map((r) => r?.name?.trim());
      if (value?.trim() && names.some((n, i) => i !== index && n === value.trim())) {
        throw new Error(LC('Product:SpecificationDuplicate'));
      }
    },
  });
/** The server's product rules (spec §5 messages included), with the form's variant rows. */
const schema = () =>
  productFields
    .extend({ variants: z.array(variantRow).optional() })
    .refine(inOrder, datesInOrder)
    .superRefine(pricesInCurrency);

/** Currencies a catalogue price is commonly in (the tenant's own is added when it is not listed). */
const PRICE_CURRENCIES = [
  'CNY',
  'USD',
  'EUR',
  'GBP',
  'HKD',
  'JPY',
  'KRW',
  'VND',
  'IDR',
  'MYR',
  'SGD',
  'THB',
  'PHP',
  'TWD',
  'KWD',
];

const blank = {
  inStock: false,
  specialAttributes: [],
  salesTypes: [],
  screenValues: [],
  variantOptions: [],
  specifications: [],
  categoryIds: [],
  declaredCurrency: 'USD',
};

/**
 * The `variants` values sent with the product, one per row of the variant table (so a server error
 * on `variants.N` lands on row N). An empty SKU or weight follows the product (null); an empty
 * price is the product's price: variants store a price of their own, so "follows" is kept by
 * the form (an equal price shows as following when the product is opened again).
 */
const variantOverrides = (rows: z.output<typeof variantRow>[] | undefined, price: string): VariantRow[] =>
  (rows ?? []).map((r) => ({ ...r, price: r.price ?? price }));

/** /product/productList: the product list with filters, create/edit, set active, PMS status, delete to the recycle bin. */
export default function ProductsPage() {
  const { i18n } = useTranslation();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  // a new product's prices are in the tenant's accounting currency unless the form says otherwise
  const tenantCurrency = useAbp((s) => settingValue(s.config, 'Logistics.Currency')) ?? 'CNY';
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const formSchema = useMemo(schema, [i18n.language]);
  const rows = { spec: specificationInput.shape, variant: variantRow.shape };

  const categories = useQuery({ queryKey: ['catalog', 'categories', 'all'], queryFn: () => categoriesApi.all() });
  const brands = useQuery({ queryKey: ['catalog', 'brands', 'all'], queryFn: () => brandsApi.all() });
  const attributes = useQuery({ queryKey: attributesKey, queryFn: () => purchaseAttributesApi.all() });
  const screenAttributes = useQuery({
    queryKey: ['catalog', 'screen-attributes', 'all'],
    queryFn: () => screenAttributesApi.all(),
  });
  const categoryName = useMemo(
    () => new Map((categories.data?.items ?? []).map((c) => [c.id, c.name])),
    [categories.data],
  );
  const brandName = useMemo(() => new Map((brands.data?.items ?? []).map((b) => [b.id, b.name])), [brands.data]);
  const treeData = useMemo(() => categoryTreeOptions(categories.data?.items ?? []), [categories.data]);
  const brandOptions = (brands.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [productsApi.url] }),
      queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] }),
    ]);
  const act = useRunAndRefresh(refresh);
  const { editing, open, save, overlay } = useOpenForm<ProductDto, object, [PurchaseAttributeDto[]?]>(
    (target, attributeItems = attributes.data?.items) =>
      target === 'new'
        ? { title: LC('New:Product'), initial: { ...blank, priceCurrency: tenantCurrency } }
        : {
            title: LC('Edit:Product', target.sku),
            initial: { ...target, variants: savedVariantRows(target, attributeItems ?? []) },
          },
    refresh,
  );
  /** List rows are light: the form needs the whole product. */
  const edit = async (id: string) => {
    setLoadingId(id);
    try {
      // the variant rows need the values' codes (a SKU equal to the generated one follows the parent)
      const [product, attributeList] = await Promise.all([
        productsApi.get(id),
        queryClient.ensureQueryData({ queryKey: attributesKey, queryFn: () => purchaseAttributesApi.all() }),
      ]);
      open(product, attributeList.items);
    } catch {
      // the HTTP client has notified
    } finally {
      setLoadingId(null);
    }
  };
  const toolbar = (
    <>
      <ProductImport onImported={refresh} />
      <Access permission={PUBLISH_PERMISSION}>
        <Button icon={<CloudUploadOutlined />} onClick={() => navigate(PUBLISH_PATH)} data-testid="products-publish">
          {localize('Listings::Page:Publish')}
        </Button>
      </Access>
    </>
  );

  const numberField = (f: 'weight' | 'length' | 'width' | 'height' | 'packageWeight') => (
    <Col xs={12} md={8} key={f}>
      <CrudField name={f} label={L(f.charAt(0).toUpperCase() + f.slice(1))}>
        <InputNumber min={0} precision={f === 'weight' || f === 'packageWeight' ? 0 : 2} style={{ width: '100%' }} />
      </CrudField>
    </Col>
  );

  return (
    <>
      <ListPage<ProductListItem>
        list={productList}
        url={productsApi.url}
        testid="products"
        title={LC('Products')}
        render={{
          sku: (r) => (
            <Link to={`/product/product-detail?id=${r.id}`} data-testid={`product-link-${r.sku}`} title={r.sku}>
              {r.sku}
            </Link>
          ),
          categoryIds: (r) => r.categoryIds.map((id) => categoryName.get(id) ?? '').join(', '),
          brandId: (r) => (r.brandId ? brandName.get(r.brandId) : null),
          region: (r) => (r.region ? regionLabel(r.region) : null),
          variantCount: (r) => r.variantCount || null,
          // the status and its change in one place (a tag opening the allowed moves)
          pmsStatus: (r) => (
            <PmsStatusCell
              status={r.pmsStatus}
              sku={r.sku}
              onChange={(to) => act(() => productsApi.approve(r.id, to))}
            />
          ),
          isActive: (r) => (
            <Switch
              size="small"
              checked={r.isActive}
              disabled={!access.can(`${P}.Update`)}
              onChange={(checked) => void act(() => productsApi.setActive(r.id, checked))}
              data-testid={`product-active-${r.sku}`}
            />
          ),
          inStock: (r) => (r.inStock ? '✓' : ''),
        }}
        toolbar={toolbar}
        bulkActions={
          access.can(PUBLISH_PERMISSION)
            ? (rows) => (
                <Button
                  icon={<CloudUploadOutlined />}
                  onClick={() => navigate(`${PUBLISH_PATH}?productIds=${rows.map((r) => r.id).join(',')}`)}
                  data-testid="products-publish-selected"
                >
                  {localize('Listings::Page:PublishSelected', rows.length)}
                </Button>
              )
            : undefined
        }
        onCreate={() => open('new')}
        createPermission={`${P}.Create`}
        rowActions={(r) => (
          <Space size={0}>
            <EditAction
              permission={`${P}.Update`}
              loading={loadingId === r.id}
              onClick={() => void edit(r.id)}
              testid={`products-edit-${r.sku}`}
            />
            <RecycleAction
              permission={`${P}.Delete`}
              onConfirm={async () => {
                await productsApi.remove(r.id);
                await refresh();
              }}
              testid={`products-delete-${r.sku}`}
            />
          </Space>
        )}
      />
      <FormOverlay
        {...overlay}
        schema={formSchema}
        width={940}
        onSubmit={async (values) => {
          const variants = variantOverrides(values.variants, values.price);
          await save({ ...values, variants }, productsApi);
        }}
        testid="products-form"
      >
        <FormSection title={LC('ProductSection:Basic')} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextField name="name" label={L('ProductName')} autoFocus data-testid="product-name" />
          </Col>
          <Col xs={24} md={12}>
            <TextField name="nameEn" label={L('NameEn')} />
          </Col>
          <Col xs={24} md={12}>
            <SkuField generating={generating} setGenerating={setGenerating} />
          </Col>
          <Col xs={24} md={12}>
            <PriceField tenantCurrency={tenantCurrency} />
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="categoryIds" label={L('Categories')}>
              <TreeSelect multiple treeDefaultExpandAll treeData={treeData} data-testid="product-categories" />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="brandId" label={L('Brand')}>
              <Select allowClear options={brandOptions} />
            </CrudField>
          </Col>
        </Row>
        <CrudField name="description" label={L('Description')}>
          <Input.TextArea rows={3} data-testid="product-description" />
        </CrudField>

        <FormSection title={LC('ProductSection:Sales')} />
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <CrudField name="region" label={L('Region')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={regionOptions().map((o) => ({ ...o, label: `${o.label} (${o.value})` }))}
                data-testid="product-region"
              />
            </CrudField>
          </Col>
          <Col xs={12} md={8}>
            <CrudField name="developmentDate" label={L('DevelopmentDate')}>
              <DateInput testid="product-development-date" />
            </CrudField>
          </Col>
          <Col xs={12} md={8}>
            <CrudField name="launchDate" label={L('LaunchDate')}>
              <DateInput testid="product-launch-date" />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="salesTypes" label={L('SalesTypes')}>
              <Checkbox.Group options={salesTypeOptions()} data-testid="product-sales-types" />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="resource" label={L('Resource')}>
              <Radio.Group options={resourceOptions()} data-testid="product-resource" />
            </CrudField>
          </Col>
          {(['developer', 'purchaser', 'artDesigner'] as const).map((f) => (
            <Col xs={24} md={8} key={f}>
              <TextField name={f} label={L(f.charAt(0).toUpperCase() + f.slice(1))} />
            </Col>
          ))}
          <Col xs={24} md={8}>
            <CrudField name="inStock" label={L('InStock')} valuePropName="checked">
              <Switch />
            </CrudField>
          </Col>
        </Row>
        {(screenAttributes.data?.items.length ?? 0) > 0 && (
          <CrudField name="screenValues" label={L('ScreenValues')}>
            <ScreenValuesInput attributes={screenAttributes.data?.items ?? []} />
          </CrudField>
        )}

        <FormSection title={LC('ProductSection:Customs')} />
        <Row gutter={16}>
          {(['weight', 'length', 'width', 'height', 'packageWeight'] as const).map(numberField)}
          <Col xs={24} md={12}>
            <TextField name="declaredNameCn" label={L('DeclaredNameCn')} />
          </Col>
          <Col xs={24} md={12}>
            <TextField name="declaredNameEn" label={L('DeclaredNameEn')} />
          </Col>
          <Col xs={12} md={8}>
            <DeclaredValueField />
          </Col>
          <Col xs={12} md={8}>
            <TextField
              name="declaredCurrency"
              label={L('DeclaredCurrency')}
              maxLength={3}
              data-testid="product-declared-currency"
            />
          </Col>
          <Col xs={24} md={8}>
            <TextField name="hsCode" label={L('HsCode')} />
          </Col>
        </Row>
        <CrudField name="specialAttributes" label={L('SpecialAttributes')}>
          <Checkbox.Group options={ProductSpecialAttributes.map((v) => ({ value: v, label: LC(`Special:${v}`) }))} />
        </CrudField>

        <FormSection title={LC('ProductSection:Variants')} />
        <CrudField name="variantOptions" label={LC('VariantOptions')}>
          <VariantOptionsInput attributes={attributes.data?.items ?? []} />
        </CrudField>
        <VariantTable
          attributes={attributes.data?.items ?? []}
          saved={editing && editing !== 'new' ? editing : undefined}
          row={rows.variant}
        />

        <FormSection title={LC('ProductSection:Detail')} />
        <RowList
          name="specifications"
          label={L('Specifications')}
          addText={LC('AddSpecification')}
          blank={{ name: '', value: '' }}
          testid="product-specs"
          row={(f) => (
            <>
              <Form.Item
                name={[f.name, 'name']}
                rules={[zodValueRule(rows.spec.name, L('SpecName')), uniqueSpecName(f.name)]}
                style={{ flex: '1 1 160px' }}
              >
                <Input
                  placeholder={L('SpecName')}
                  aria-label={L('SpecName')}
                  maxLength={64}
                  data-testid={`product-spec-${f.name}-name`}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'value']}
                rules={[zodValueRule(rows.spec.value, L('SpecValue'))]}
                style={{ flex: '2 1 240px' }}
              >
                <Input
                  placeholder={L('SpecValue')}
                  aria-label={L('SpecValue')}
                  maxLength={255}
                  data-testid={`product-spec-${f.name}-value`}
                />
              </Form.Item>
            </>
          )}
        />
        <CrudField name="detailContent" label={L('DetailContent')}>
          <Input.TextArea rows={6} data-testid="product-detail-content" />
        </CrudField>
      </FormOverlay>
    </>
  );
}

/** The declared value: money text, with as many decimals as its declared currency takes. */
function DeclaredValueField() {
  const currency = Form.useWatch<string | undefined>('declaredCurrency');
  return (
    <CrudField name="declaredValue" label={L('DeclaredValue')}>
      <InputNumber
        min="0"
        precision={minorUnits(currency?.toUpperCase())}
        stringMode
        style={{ width: '100%' }}
        data-testid="product-declared-value"
      />
    </CrudField>
  );
}

/** The parent SKU with "generate": what is typed is the prefix of the tenant's pattern (setting `Catalog.Sku.Pattern`, domain §3.4). */
/** The price and its currency; the price takes as many decimals as the currency has minor units. */
function PriceField({ tenantCurrency }: { tenantCurrency: string }) {
  const currency = Form.useWatch<string | undefined>('priceCurrency') ?? tenantCurrency;
  const options = [...new Set([tenantCurrency, ...PRICE_CURRENCIES])].map((c) => ({ value: c, label: c }));
  return (
    <Row gutter={8}>
      <Col span={16}>
        <CrudField name="price" label={L('Price')}>
          <InputNumber
            min={0}
            precision={minorUnits(currency)}
            stringMode
            style={{ width: '100%' }}
            data-testid="product-price"
          />
        </CrudField>
      </Col>
      <Col span={8}>
        <CrudField name="priceCurrency" label={LC('PriceCurrency')}>
          <Select showSearch options={options} data-testid="product-price-currency" />
        </CrudField>
      </Col>
    </Row>
  );
}

function SkuField({ generating, setGenerating }: { generating: boolean; setGenerating(v: boolean): void }) {
  return (
    <CrudField name="sku" label={L('Sku')} extra={LC('SkuFormat')}>
      <SkuInput generating={generating} setGenerating={setGenerating} />
    </CrudField>
  );
}

function SkuInput({
  value,
  onChange,
  generating,
  setGenerating,
}: {
  value?: string;
  onChange?: (v: string) => void;
  generating: boolean;
  setGenerating(v: boolean): void;
}) {
  // the tenant's SKU pattern may hold the category's code (`{category}`): the first chosen category
  const categoryIds = Form.useWatch<string[] | undefined>('categoryIds', Form.useFormInstance());
  const last = useRef<{ sku: string; prefix: string }>(null);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value.toUpperCase())}
        data-testid="product-sku"
        placeholder="ZX-"
      />
      <Button
        loading={generating}
        data-testid="product-generate-sku"
        onClick={async () => {
          setGenerating(true);
          try {
            // what is typed is the prefix; pressing again after generating reuses that prefix
            const typed = (value ?? '').trim().toUpperCase();
            const prefix = (typed === last.current?.sku ? last.current.prefix : typed) || 'SKU';
            const { sku } = await productsApi.generateSku(prefix, categoryIds?.[0]);
            last.current = { sku, prefix };
            onChange?.(sku);
          } catch {
            // the HTTP client has notified
          } finally {
            setGenerating(false);
          }
        }}
      >
        {LC('GenerateSku')}
      </Button>
    </Space.Compact>
  );
}

/** A product's PMS status; with the approve permission, a menu of the statuses it may move to. */
function PmsStatusCell({ status, sku, onChange }: { status: number; sku: string; onChange(to: number): void }) {
  const access = useAccess();
  const moves = PmsTransitions[status] ?? [];
  const tag = (
    <Tag color={pmsStatusColor[status]} data-testid={`product-status-${sku}`}>
      {pmsStatusLabel(status)}
      {access.can(`${P}.Approve`) && moves.length > 0 && (
        <DownOutlined style={{ fontSize: 10, marginInlineStart: 4 }} />
      )}
    </Tag>
  );
  if (!access.can(`${P}.Approve`) || moves.length === 0) return tag;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: moves.map((s) => ({ key: String(s), label: pmsStatusLabel(s) })),
        onClick: ({ key }) => onChange(Number(key)),
      }}
    >
      <button
        type="button"
        aria-label={`${LC('Approve')}: ${pmsStatusLabel(status)}`}
        data-testid={`products-approve-${sku}`}
        style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', font: 'inherit' }}
      >
        {tag}
      </button>
    </Dropdown>
  );
}
