import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { compareDecimal } from '@seller/contracts/numbers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Input, InputNumber, Row, Select, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  Access,
  CrudField,
  EditAction,
  FormOverlay,
  TextField,
  useOpenForm,
} from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { LC, suppliersApi } from '../../api.ts';
import { RecycleAction } from '../../components/RecycleAction.tsx';
import { type ProductVendorDto, productVendorsApi, type TierPrice } from '../../products-api.ts';

const P = 'Catalog.Products.Update';
const L = (key: string) => LC(`DisplayName:${key}`);

const UNIT_COST = /^\d{1,14}(\.\d{1,4})?$/;
const isUnitCost = (v: unknown): v is string => typeof v === 'string' && UNIT_COST.test(v);

/** A unit cost as the server takes it: decimal text, at most 4 places (the inputs keep text, not floats). */
const unitCost = (message: string) => z.string({ error: message }).trim().regex(UNIT_COST, message);

/** The server's rules (domain §3.5): quantities strictly ascending, unit prices never rising. */
const schema = () =>
  z.object({
    supplierId: z.string({ error: LC('SupplierRequired') }).min(1, LC('SupplierRequired')),
    url: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .pipe(z.url({ protocol: /^https?$/, error: LC('UrlFormat') }).nullable()),
    purchasePrice: unitCost(LC('PurchasePriceRequired')),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, LC('CurrencyFormat')),
    taxIncluded: z.boolean().default(false),
    moq: z.number().int().min(1),
    leadDays: z
      .number()
      .int()
      .min(0)
      .max(365)
      .nullish()
      .transform((v) => v ?? null),
    isPrimary: z.boolean().default(false),
    remark: z
      .string()
      .trim()
      .max(512)
      .nullish()
      .transform((v) => v || null),
    tiers: z
      .array(
        z.object({
          minQty: z
            .number({ error: LC('TierIncomplete') })
            .int()
            .min(1, LC('TierIncomplete')),
          unitPrice: unitCost(LC('TierIncomplete')),
        }),
      )
      .default([])
      .superRefine((rows, ctx) => {
        for (let i = 1; i < rows.length; i++) {
          if (rows[i].minQty <= rows[i - 1].minQty)
            ctx.addIssue({ code: 'custom', message: LC('TierQuantityAscending') });
          else if (
            isUnitCost(rows[i].unitPrice) &&
            isUnitCost(rows[i - 1].unitPrice) &&
            compareDecimal(rows[i].unitPrice, rows[i - 1].unitPrice) > 0
          ) {
            ctx.addIssue({ code: 'custom', message: LC('TierPriceDescending') });
          }
        }
      }),
  });

type Draft = { minQty?: number | null; unitPrice?: string | null };

/** Quantity tier rows: "from quantity" and "unit price"; incomplete rows are sent as they are and refused. */
function TierPricesInput({ value = [], onChange }: { value?: Draft[]; onChange?: (v: Draft[]) => void }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Draft) => onChange?.(value.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
        <Space key={i} data-testid={`vendor-tier-${i}`}>
          <InputNumber
            min={1}
            precision={0}
            placeholder={L('MinQty')}
            value={row.minQty}
            onChange={(v) => set(i, { minQty: v })}
            data-testid={`vendor-tier-${i}-qty`}
          />
          <InputNumber
            min="0"
            precision={4}
            stringMode
            placeholder={L('UnitPrice')}
            value={row.unitPrice}
            onChange={(v) => set(i, { unitPrice: v })}
            data-testid={`vendor-tier-${i}-price`}
          />
          <Button
            type="text"
            icon={<MinusCircleOutlined />}
            aria-label={t('crud.delete')}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, {}])}
        data-testid="vendor-tier-add"
      >
        {LC('AddTier')}
      </Button>
    </Space>
  );
}

const tierText = (tiers: TierPrice[]) => tiers.map((t) => `≥${t.minQty}: ${t.unitPrice}`).join(' · ');

/** The product's vendors on the detail page: suppliers with purchase price, MOQ, lead time and tier prices. */
export function ProductVendors({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = ['catalog', 'products', 'vendors', productId];
  const vendors = useQuery({ queryKey, queryFn: () => productVendorsApi.list(productId) });
  const suppliers = useQuery({ queryKey: ['catalog', 'suppliers', 'all'], queryFn: () => suppliersApi.all() });
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const formSchema = useMemo(schema, [i18n.language]);
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const { editing, open, save, overlay } = useOpenForm<ProductVendorDto>(
    (target) =>
      target === 'new'
        ? {
            title: LC('New:ProductVendor'),
            initial: { currency: 'CNY', moq: 1, taxIncluded: false, isPrimary: !vendors.data?.items.length, tiers: [] },
          }
        : { title: LC('Edit:ProductVendor', target.supplierName), initial: target },
    refresh,
  );

  return (
    <Card
      title={LC('ProductVendors')}
      size="small"
      data-testid="product-vendors"
      extra={
        <Access permission={P}>
          <Button size="small" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="vendor-add">
            {LC('New:ProductVendor')}
          </Button>
        </Access>
      }
    >
      <SmallTable<ProductVendorDto>
        rowKey="id"
        loading={vendors.isLoading}
        dataSource={vendors.data?.items}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'supplier',
            title: L('Supplier'),
            render: (_, r) => (
              <Space size={4}>
                {r.url ? (
                  <a href={r.url} target="_blank" rel="noreferrer">
                    {r.supplierName}
                  </a>
                ) : (
                  r.supplierName
                )}
                {r.isPrimary && <Tag color="blue">{LC('Primary')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'price',
            title: L('PurchasePrice'),
            align: 'right',
            render: (_, r) => `${r.purchasePrice} ${r.currency}`,
          },
          { key: 'moq', title: L('Moq'), dataIndex: 'moq', align: 'right' },
          { key: 'leadDays', title: L('LeadDays'), dataIndex: 'leadDays', align: 'right' },
          {
            key: 'tiers',
            title: L('Tiers'),
            render: (_, r) => <span data-testid={`vendor-tiers-${r.supplierCode}`}>{tierText(r.tiers)}</span>,
          },
          {
            key: 'actions',
            title: t('crud.actions'),
            render: (_, r) => (
              <Space size={0}>
                <EditAction permission={P} onClick={() => open(r)} testid={`vendor-edit-${r.supplierCode}`} />
                <RecycleAction
                  permission={P}
                  onConfirm={async () => {
                    await productVendorsApi.remove(productId, r.supplierId);
                    await refresh();
                  }}
                  testid={`vendor-remove-${r.supplierCode}`}
                />
              </Space>
            ),
          },
        ]}
      />
      <FormOverlay
        {...overlay}
        schema={formSchema}
        width={600}
        onSubmit={(values) =>
          save(values, {
            create: (v) => productVendorsApi.add(productId, v),
            // the supplier is fixed once the vendor is added
            update: (id, { supplierId: _, ...rest }) => productVendorsApi.update(id, rest),
          })
        }
        testid="vendor-form"
      >
        <CrudField name="supplierId" label={L('Supplier')}>
          <Select
            showSearch
            optionFilterProp="label"
            disabled={editing !== 'new'}
            options={suppliers.data?.items.map((s) => ({ value: s.id, label: `${s.fullName} (${s.code})` }))}
            data-testid="vendor-supplier"
          />
        </CrudField>
        <TextField name="url" label={L('Url')} data-testid="vendor-url" />
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <CrudField name="purchasePrice" label={L('PurchasePrice')}>
              <InputNumber min="0" precision={4} stringMode style={{ width: '100%' }} data-testid="vendor-price" />
            </CrudField>
          </Col>
          <Col xs={12} md={8}>
            <TextField name="currency" label={L('Currency')} maxLength={3} />
          </Col>
          <Col xs={12} md={8}>
            <CrudField name="taxIncluded" label={L('TaxIncluded')} valuePropName="checked">
              <Checkbox />
            </CrudField>
          </Col>
          <Col xs={12} md={8}>
            <CrudField name="moq" label={L('Moq')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="vendor-moq" />
            </CrudField>
          </Col>
          <Col xs={12} md={8}>
            <CrudField name="leadDays" label={L('LeadDays')}>
              <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
            </CrudField>
          </Col>
          <Col xs={12} md={8}>
            <CrudField name="isPrimary" label={L('IsPrimary')} valuePropName="checked">
              <Checkbox />
            </CrudField>
          </Col>
        </Row>
        <CrudField name="tiers" label={L('Tiers')}>
          <TierPricesInput />
        </CrudField>
        <CrudField name="remark" label={L('Remark')}>
          <Input.TextArea rows={2} />
        </CrudField>
      </FormOverlay>
    </Card>
  );
}
