import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { PmsTransitions, ProductSpecialAttributes } from '@seller/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Col,
  Dropdown,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  TreeSelect,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  Access,
  type CrudColumn,
  CrudField,
  CrudPage,
  downloadExport,
  FormOverlay,
} from '../../../../components/crud/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  brandsApi,
  type CategoryNode,
  categoriesApi,
  LC,
  type PurchaseAttributeDto,
  purchaseAttributesApi,
  toCategoryTree,
} from '../../api.ts';
import {
  type ProductDto,
  type ProductFilters,
  pmsStatusColor,
  pmsStatusLabel,
  pmsStatusOptions,
  productsApi,
  type VariantOption,
} from '../../products-api.ts';

import { ProductImport } from './import.tsx';

const P = 'Catalog.Products';
const L = (key: string) => LC(`DisplayName:${key}`);
const SKU = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;

/** Required text with the spec's own message (§5). */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const optionalNumber = () =>
  z
    .number()
    .min(0)
    .nullish()
    .transform((v) => v ?? null);

const schema = () =>
  z.object({
    name: required(LC('Product:NameRequired'), 255).min(3, LC('Product:NameMinLength')),
    nameEn: optionalText(255),
    sku: required(LC('Product:SkuRequired'), 50).toUpperCase().regex(SKU, LC('SkuFormat')),
    categoryIds: z.array(z.string(), { error: LC('Product:CategoryRequired') }).min(1, LC('Product:CategoryRequired')),
    brandId: z
      .string()
      .nullish()
      .transform((v) => v || null),
    description: required(LC('Product:DescriptionRequired'), 20000),
    price: z.number({ error: LC('Product:PriceRequired') }).min(0),
    inStock: z.boolean().default(false),
    developer: optionalText(64),
    purchaser: optionalText(64),
    artDesigner: optionalText(64),
    weight: optionalNumber(),
    length: optionalNumber(),
    width: optionalNumber(),
    height: optionalNumber(),
    packageWeight: optionalNumber(),
    declaredNameCn: optionalText(255),
    declaredNameEn: optionalText(255),
    declaredValue: optionalNumber(),
    declaredCurrency: optionalText(3),
    hsCode: optionalText(20),
    specialAttributes: z.array(z.string()).default([]),
    variantOptions: z.array(z.object({ attributeId: z.string(), valueIds: z.array(z.string()) })).default([]),
  });

const blank = { inStock: false, specialAttributes: [], variantOptions: [], categoryIds: [], declaredCurrency: 'USD' };

function toTreeData(
  nodes: CategoryNode[],
): { value: string; title: string; children: ReturnType<typeof toTreeData> }[] {
  return nodes.map((n) => ({ value: n.id, title: `${n.name} (${n.code})`, children: toTreeData(n.children) }));
}

/** Per purchase attribute, the chosen values; the server makes the variants (their cartesian product). */
function VariantOptionsInput({
  attributes,
  value = [],
  onChange,
}: {
  attributes: PurchaseAttributeDto[];
  value?: VariantOption[];
  onChange?: (v: VariantOption[]) => void;
}) {
  const chosen = new Map(value.map((o) => [o.attributeId, o.valueIds]));
  const set = (attributeId: string, valueIds: string[]) => {
    const next = new Map(chosen);
    next.set(attributeId, valueIds);
    // keep the attributes' own order so SKUs read colour-then-size
    onChange?.(
      attributes
        .map((a) => ({ attributeId: a.id, valueIds: next.get(a.id) ?? [] }))
        .filter((o) => o.valueIds.length > 0),
    );
  };
  const count = value.reduce((n, o) => n * o.valueIds.length, value.length ? 1 : 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {attributes.map((a) => (
        <Select
          key={a.id}
          mode="multiple"
          allowClear
          style={{ width: '100%' }}
          prefix={`${a.name}:`}
          value={chosen.get(a.id) ?? []}
          onChange={(ids: string[]) => set(a.id, ids)}
          options={a.values.map((v) => ({ value: v.id, label: `${v.value} (${v.code})` }))}
          data-testid={`variant-option-${a.name}`}
        />
      ))}
      {count > 0 && (
        <span data-testid="variant-count">
          {LC('Variants')}: {count}
        </span>
      )}
    </Space>
  );
}

/** /product/productList: the product list with filters, create/edit, set active, PMS status, delete to the recycle bin. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const { message } = useUi();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ProductFilters>({});
  const [editing, setEditing] = useState<ProductDto | 'new' | null>(null);
  const [form, setForm] = useState<{ title: string; initial?: object }>({ title: '' });
  const [generating, setGenerating] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const formSchema = useMemo(schema, [i18n.language]);

  const categories = useQuery({ queryKey: ['catalog', 'categories', 'all'], queryFn: () => categoriesApi.all() });
  const brands = useQuery({ queryKey: ['catalog', 'brands', 'all'], queryFn: () => brandsApi.all() });
  const attributes = useQuery({
    queryKey: ['catalog', 'purchase-attributes', 'all'],
    queryFn: () => purchaseAttributesApi.all(),
  });
  const categoryName = useMemo(
    () => new Map((categories.data?.items ?? []).map((c) => [c.id, c.name])),
    [categories.data],
  );
  const brandName = useMemo(() => new Map((brands.data?.items ?? []).map((b) => [b.id, b.name])), [brands.data]);
  const treeData = useMemo(() => toTreeData(toCategoryTree(categories.data?.items ?? [])), [categories.data]);
  const brandOptions = (brands.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }));

  const queryKey = ['catalog', 'products'];
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const act = async (run: () => Promise<unknown>, done = t('crud.saved')) => {
    try {
      await run();
      message.success(done);
      await refresh();
    } catch {
      // the HTTP client has notified
    }
  };
  const open = (target: ProductDto | 'new') => {
    setForm(
      target === 'new'
        ? { title: LC('New:Product'), initial: blank }
        : { title: LC('Edit:Product', target.sku), initial: target },
    );
    setEditing(target);
  };

  const columns: CrudColumn<ProductDto>[] = [
    {
      key: 'sku',
      title: L('Sku'),
      dataIndex: 'sku',
      sortField: 'sku',
      render: (v: string, r) => (
        <Link to={`/product/product-detail?id=${r.id}`} data-testid={`product-link-${v}`}>
          {v}
        </Link>
      ),
    },
    { key: 'name', title: L('ProductName'), dataIndex: 'name', sortField: 'name', ellipsis: true },
    {
      key: 'categories',
      title: L('Categories'),
      dataIndex: 'categoryIds',
      render: (ids: string[]) => ids.map((id) => categoryName.get(id) ?? '').join(', '),
    },
    {
      key: 'brand',
      title: L('Brand'),
      dataIndex: 'brandId',
      render: (id: string | null) => (id ? brandName.get(id) : null),
    },
    { key: 'price', title: L('Price'), dataIndex: 'price', sortField: 'price', align: 'right' },
    {
      key: 'variants',
      title: LC('Variants'),
      dataIndex: 'variants',
      render: (v: ProductDto['variants']) => v.length || null,
    },
    {
      key: 'pmsStatus',
      title: L('PmsStatus'),
      dataIndex: 'pmsStatus',
      sortField: 'pmsStatus',
      render: (s: number, r) => (
        <Tag color={pmsStatusColor[s]} data-testid={`product-status-${r.sku}`}>
          {pmsStatusLabel(s)}
        </Tag>
      ),
    },
    {
      key: 'isActive',
      title: L('IsActive'),
      dataIndex: 'isActive',
      sortField: 'isActive',
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          disabled={!access.can(`${P}.Update`)}
          onChange={(checked) => void act(() => productsApi.setActive(r.id, checked))}
          data-testid={`product-active-${r.sku}`}
        />
      ),
    },
    {
      key: 'inStock',
      title: L('InStock'),
      dataIndex: 'inStock',
      defaultHidden: true,
      render: (v: boolean) => (v ? '✓' : ''),
    },
    { key: 'developer', title: L('Developer'), dataIndex: 'developer', defaultHidden: true },
    { key: 'purchaser', title: L('Purchaser'), dataIndex: 'purchaser', defaultHidden: true },
    {
      key: 'creationTime',
      title: L('CreationTime'),
      dataIndex: 'creationTime',
      sortField: 'creationTime',
      render: (v: string) => new Date(v).toLocaleString(),
    },
  ];

  const toolbar = (
    <>
      <TreeSelect
        allowClear
        style={{ width: 180 }}
        placeholder={L('Categories')}
        treeData={treeData}
        value={filters.categoryId}
        onChange={(categoryId?: string) => setFilters((f) => ({ ...f, categoryId }))}
        data-testid="products-filter-category"
      />
      <Select
        allowClear
        style={{ width: 140 }}
        placeholder={L('Brand')}
        options={brandOptions}
        value={filters.brandId}
        onChange={(brandId?: string) => setFilters((f) => ({ ...f, brandId }))}
      />
      <Select
        allowClear
        style={{ width: 140 }}
        placeholder={L('PmsStatus')}
        options={pmsStatusOptions()}
        value={filters.pmsStatus}
        onChange={(pmsStatus?: number) => setFilters((f) => ({ ...f, pmsStatus }))}
        data-testid="products-filter-status"
      />
      <Select
        allowClear
        style={{ width: 120 }}
        placeholder={L('IsActive')}
        options={[
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]}
        value={filters.isActive === undefined ? undefined : String(filters.isActive)}
        onChange={(v?: string) => setFilters((f) => ({ ...f, isActive: v === undefined ? undefined : v === 'true' }))}
        data-testid="products-filter-active"
      />
      <ProductImport onImported={refresh} />
    </>
  );

  return (
    <>
      <CrudPage<ProductDto>
        testid="products"
        title={LC('Products')}
        queryKey={[...queryKey, filters]}
        rowKey="id"
        defaultSorting="creationTime desc"
        request={(q, signal) => productsApi.list({ ...q, ...filters }, signal)}
        columns={columns}
        columnSettings
        toolbar={toolbar}
        onCreate={() => open('new')}
        createPermission={`${P}.Create`}
        exportExcel={{
          run: (q) => downloadExport(`${productsApi.url}/export`, { ...q, ...filters }, `${LC('Products')}.xlsx`),
        }}
        actionsWidth={240}
        rowActions={(r) => (
          <Space size={0}>
            <Access permission={`${P}.Update`}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => open(r)}
                data-testid={`products-edit-${r.sku}`}
              >
                {t('crud.edit')}
              </Button>
            </Access>
            <Access permission={`${P}.Approve`}>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: (PmsTransitions[r.pmsStatus] ?? []).map((s) => ({ key: String(s), label: pmsStatusLabel(s) })),
                  onClick: ({ key }) => void act(() => productsApi.approve(r.id, Number(key))),
                }}
              >
                <Button type="link" size="small" data-testid={`products-approve-${r.sku}`}>
                  {LC('Approve')}
                </Button>
              </Dropdown>
            </Access>
            <Access permission={`${P}.Delete`}>
              <Popconfirm
                title={t('crud.deleteTitle')}
                okText={t('crud.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => act(() => productsApi.remove(r.id), LC('MovedToRecycle'))}
              >
                <Button
                  type="link"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  data-testid={`products-delete-${r.sku}`}
                >
                  {t('crud.delete')}
                </Button>
              </Popconfirm>
            </Access>
          </Space>
        )}
      />
      <FormOverlay
        open={!!editing}
        title={form.title}
        schema={formSchema}
        initialValues={form.initial}
        width={760}
        onSubmit={async (values) => {
          if (editing === 'new') await productsApi.create(values);
          else if (editing) {
            await productsApi.update(editing.id, { ...values, concurrencyStamp: editing.concurrencyStamp });
          }
          await refresh();
        }}
        onClose={() => setEditing(null)}
        testid="products-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CrudField name="name" label={L('ProductName')}>
              <Input autoFocus data-testid="product-name" />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="nameEn" label={L('NameEn')}>
              <Input />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <SkuField generating={generating} setGenerating={setGenerating} />
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="price" label={L('Price')}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="product-price" />
            </CrudField>
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
        <CrudField name="variantOptions" label={LC('VariantOptions')}>
          <VariantOptionsInput attributes={attributes.data?.items ?? []} />
        </CrudField>
        <Row gutter={16}>
          {(['developer', 'purchaser', 'artDesigner'] as const).map((f) => (
            <Col xs={24} md={8} key={f}>
              <CrudField name={f} label={L(f.charAt(0).toUpperCase() + f.slice(1))}>
                <Input />
              </CrudField>
            </Col>
          ))}
          {(['weight', 'length', 'width', 'height', 'packageWeight'] as const).map((f) => (
            <Col xs={12} md={8} key={f}>
              <CrudField name={f} label={L(f.charAt(0).toUpperCase() + f.slice(1))}>
                <InputNumber
                  min={0}
                  precision={f === 'weight' || f === 'packageWeight' ? 0 : 2}
                  style={{ width: '100%' }}
                />
              </CrudField>
            </Col>
          ))}
          <Col xs={12} md={8}>
            <CrudField name="inStock" label={L('InStock')} valuePropName="checked">
              <Switch />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="declaredNameCn" label={L('DeclaredNameCn')}>
              <Input />
            </CrudField>
          </Col>
          <Col xs={24} md={12}>
            <CrudField name="declaredNameEn" label={L('DeclaredNameEn')}>
              <Input />
            </CrudField>
          </Col>
          <Col xs={8}>
            <CrudField name="declaredValue" label={L('DeclaredValue')}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </CrudField>
          </Col>
          <Col xs={8}>
            <CrudField name="declaredCurrency" label={L('DeclaredCurrency')}>
              <Input maxLength={3} />
            </CrudField>
          </Col>
          <Col xs={8}>
            <CrudField name="hsCode" label={L('HsCode')}>
              <Input />
            </CrudField>
          </Col>
        </Row>
        <CrudField name="specialAttributes" label={L('SpecialAttributes')}>
          <Checkbox.Group options={ProductSpecialAttributes.map((v) => ({ value: v, label: LC(`Special:${v}`) }))} />
        </CrudField>
      </FormOverlay>
    </>
  );
}

/** The parent SKU with "generate": what is typed is the prefix (domain §3.4 `{prefix}{yyMM}-{seq4}`). */
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
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value.toUpperCase())}
        data-testid="product-sku"
        placeholder="ZX-BAG"
      />
      <Button
        loading={generating}
        data-testid="product-generate-sku"
        onClick={async () => {
          setGenerating(true);
          try {
            const prefix =
              (value ?? '')
                .trim()
                .toUpperCase()
                .replace(/\d{4}-\d{4}$/, '') || 'SKU';
            onChange?.((await productsApi.generateSku(prefix)).sku);
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
