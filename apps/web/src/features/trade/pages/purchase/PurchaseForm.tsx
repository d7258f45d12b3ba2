import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PurchaseOrderInput } from '@seller/contracts/trade';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { applyServerErrors, TextField } from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import {
  dottedMembers,
  LP,
  type PurchaseLookups,
  type PurchaseOrderDetail,
  type PurchaseVariant,
  purchaseApi,
} from '../../api/purchase.ts';

interface LineValues {
  variantId?: string;
  sku?: string;
  productName?: string;
  qtyOrdered?: number;
  unitPrice?: string | number | null;
  taxRate?: string | number | null;
}
interface FormValues {
  supplierId?: string;
  warehouseId?: string;
  currency?: string;
  fxRate?: string | number | null;
  freight?: string | number | null;
  discount?: string | number | null;
  expectedArrival?: Dayjs | null;
  remark?: string | null;
  lines: LineValues[];
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** Goods, tax and total as the server computes them (line amounts and taxes to the cent). */
export function liveTotals(values: Partial<FormValues>) {
  let goods = 0;
  let tax = 0;
  for (const l of values.lines ?? []) {
    const amount = cents((Number(l?.qtyOrdered) || 0) * (Number(l?.unitPrice) || 0));
    goods += amount;
    tax += cents((amount * (Number(l?.taxRate) || 0)) / 100);
  }
  const total = goods + tax + (Number(values.freight) || 0) - (Number(values.discount) || 0);
  return { goods: goods.toFixed(2), tax: tax.toFixed(2), total: total.toFixed(2) };
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? null : String(v));

/** The SKU picker of a line: searches the catalogue's variants as the user types. */
function SkuSearch({ value, label, onPick }: { value?: string; label?: string; onPick(v: PurchaseVariant): void }) {
  const [options, setOptions] = useState<PurchaseVariant[]>([]);
  const search = async (filter: string) => setOptions((await purchaseApi.variants(filter)).items);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (s) => void search(s) }}
      value={value}
      style={{ width: 260 }}
      placeholder={LP('Page:SearchSku')}
      onFocus={() => void search('')}
      options={
        options.length
          ? options.map((o) => ({ value: o.variantId, label: `${o.sku} · ${o.productName} ${o.label}` }))
          : value
            ? [{ value, label }]
            : []
      }
      onChange={(id: string) => {
        const picked = options.find((o) => o.variantId === id);
        if (picked) onPick(picked);
      }}
      data-testid="po-line-sku"
    />
  );
}

/**
 * The create/edit drawer of a purchase order: supplier, warehouse, currency with its rate, freight,
 * discount, expected arrival and the lines (SKU search, quantity, unit price defaulted from the
 * supplier's tiers, tax rate), with the totals as they will be stored.
 */
export function PurchaseForm({
  open,
  order,
  lookups,
  onClose,
  onSaved,
}: {
  open: boolean;
  order: PurchaseOrderDetail | null;
  lookups: PurchaseLookups | undefined;
  onClose(): void;
  onSaved(po: PurchaseOrderDetail): void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const totals = useMemo(() => liveTotals(values ?? {}), [values]);
  /** Lines whose price the user typed: defaults never overwrite them. */
  const typed = useRef(new Set<number>());

  useEffect(() => {
    if (!open) return;
    typed.current = new Set(order ? order.lines.map((_, i) => i) : []);
    form.resetFields();
    form.setFieldsValue(
      order
        ? {
            supplierId: order.supplierId,
            warehouseId: order.warehouseId,
            currency: order.currency,
            fxRate: order.fxRate,
            freight: order.freight,
            discount: order.discount,
            expectedArrival: order.expectedArrival ? dayjs(order.expectedArrival) : null,
            remark: order.remark,
            lines: order.lines.map((l) => ({
              variantId: l.variantId,
              sku: l.sku,
              productName: l.productName,
              qtyOrdered: l.qtyOrdered,
              unitPrice: l.unitPrice,
              taxRate: l.taxRate,
            })),
          }
        : {
            warehouseId: lookups?.warehouses.find((w) => w.isDefault)?.id,
            currency: lookups?.currency,
            fxRate: '1',
            freight: '0',
            discount: '0',
            lines: [],
          },
    );
  }, [open, order, lookups, form]);

  /** Fills the prices the user has not typed from the supplier's tiers for the quantities. */
  const fillPrices = async () => {
    const v = form.getFieldsValue(true) as FormValues;
    if (!v.supplierId || !v.currency) return;
    const wanted = (v.lines ?? [])
      .map((l, i) => ({ i, variantId: l?.variantId, quantity: Number(l?.qtyOrdered) || 0 }))
      .filter((l) => l.variantId && l.quantity > 0 && !typed.current.has(l.i));
    if (!wanted.length) return;
    const { items } = await purchaseApi.prices(
      v.supplierId,
      v.currency,
      wanted.map((l) => ({ variantId: l.variantId!, quantity: l.quantity })),
    );
    wanted.forEach((l, n) => {
      form.setFieldValue(['lines', l.i, 'unitPrice'], items[n]?.unitPrice ?? null);
    });
  };

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const input: PurchaseOrderInput = {
      supplierId: v.supplierId!,
      warehouseId: v.warehouseId!,
      currency: v.currency,
      fxRate: text(v.fxRate),
      freight: text(v.freight) ?? '0',
      discount: text(v.discount) ?? '0',
      expectedArrival: v.expectedArrival ? v.expectedArrival.format('YYYY-MM-DD') : null,
      remark: v.remark || null,
      lines: (v.lines ?? []).map((l) => ({
        variantId: l.variantId!,
        qtyOrdered: Number(l.qtyOrdered),
        unitPrice: text(l.unitPrice),
        taxRate: text(l.taxRate) ?? '0',
      })),
      ...(order ? { concurrencyStamp: order.concurrencyStamp } : {}),
    };
    setSaving(true);
    try {
      const saved = order ? await purchaseApi.update(order.id, input) : await purchaseApi.create(input);
      onSaved(saved);
    } catch (e) {
      applyServerErrors(form, dottedMembers(e));
    } finally {
      setSaving(false);
    }
  };

  const currencies = Object.keys(lookups?.rates ?? {}).sort();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={980}
      title={order ? `${LP('Page:Edit')} · ${order.poNo}` : LP('Page:New')}
      extra={
        <Button type="primary" loading={saving} onClick={save} data-testid="po-form-submit">
          {LP('Page:Done')}
        </Button>
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="po-form">
        <Space wrap size={16} align="start">
          <Form.Item name="supplierId" label={LP('Field:Supplier')} rules={[{ required: true }]}>
            <Select
              style={{ width: 260 }}
              showSearch={{ optionFilterProp: 'label' }}
              options={lookups?.suppliers.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
              onChange={() => void fillPrices()}
              data-testid="po-supplier"
            />
          </Form.Item>
          <Form.Item name="warehouseId" label={LP('Field:Warehouse')} rules={[{ required: true }]}>
            <Select
              style={{ width: 180 }}
              options={lookups?.warehouses.map((w) => ({ value: w.id, label: w.name }))}
              data-testid="po-warehouse"
            />
          </Form.Item>
          <Form.Item name="currency" label={LP('Field:Currency')}>
            <Select
              style={{ width: 100 }}
              options={currencies.map((c) => ({ value: c, label: c }))}
              onChange={(c: string) => {
                form.setFieldValue('fxRate', lookups?.rates[c] ?? null);
                void fillPrices();
              }}
              data-testid="po-currency"
            />
          </Form.Item>
          <TextField name="fxRate" label={LP('Field:FxRate')} style={{ width: 110 }} data-testid="po-fx-rate" />
          <TextField name="freight" label={LP('Field:Freight')} style={{ width: 110 }} data-testid="po-freight" />
          <TextField name="discount" label={LP('Field:Discount')} style={{ width: 110 }} data-testid="po-discount" />
          <Form.Item name="expectedArrival" label={LP('Field:ExpectedArrival')}>
            <DatePicker data-testid="po-expected" />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={LP('Field:Remark')}>
          <Input.TextArea rows={1} maxLength={512} />
        </Form.Item>
        <Form.List name="lines">
          {(fields, { add, remove }, { errors }) => (
            <>
              <SmallTable
                rowKey="key"
                dataSource={fields}
                data-testid="po-lines"
                columns={[
                  {
                    key: 'sku',
                    title: 'SKU',
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'variantId']} rules={[{ required: true }]} style={{ margin: 0 }}>
                        <SkuSearch
                          label={form.getFieldValue(['lines', f.name, 'sku'])}
                          onPick={(p) => {
                            form.setFieldValue(['lines', f.name, 'variantId'], p.variantId);
                            form.setFieldValue(['lines', f.name, 'sku'], p.sku);
                            void fillPrices();
                          }}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'qty',
                    title: LP('Field:QtyOrdered'),
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'qtyOrdered']} rules={[{ required: true }]} style={{ margin: 0 }}>
                        <InputNumber
                          min={1}
                          precision={0}
                          style={{ width: 100 }}
                          onBlur={() => void fillPrices()}
                          data-testid="po-line-qty"
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'price',
                    title: LP('Field:UnitPrice'),
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'unitPrice']} style={{ margin: 0 }}>
                        <Input
                          style={{ width: 110 }}
                          onChange={() => typed.current.add(f.name)}
                          data-testid="po-line-price"
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'tax',
                    title: LP('Field:TaxRate'),
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'taxRate']} style={{ margin: 0 }}>
                        <Input style={{ width: 80 }} data-testid="po-line-tax" />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'amount',
                    title: LP('Field:Amount'),
                    align: 'right',
                    render: (_v, f) => {
                      const l = values?.lines?.[f.name];
                      return cents((Number(l?.qtyOrdered) || 0) * (Number(l?.unitPrice) || 0)).toFixed(2);
                    },
                  },
                  {
                    key: 'remove',
                    width: 48,
                    render: (_v, f) => (
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        onClick={() => {
                          remove(f.name);
                          typed.current = new Set(
                            [...typed.current].filter((i) => i !== f.name).map((i) => (i > f.name ? i - 1 : i)),
                          );
                        }}
                      />
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() => add({ qtyOrdered: 1, taxRate: '0' })}
                data-testid="po-add-line"
              >
                {LP('Page:AddLine')}
              </Button>
            </>
          )}
        </Form.List>
        <Typography.Paragraph style={{ textAlign: 'right', marginTop: 16 }} data-testid="po-totals">
          {LP('Field:GoodsAmount')} {totals.goods} · {LP('Field:Tax')} {totals.tax} · {LP('Field:Total')}{' '}
          <b data-testid="po-total">{totals.total}</b> {values?.currency ?? ''}
        </Typography.Paragraph>
      </Form>
    </Drawer>
  );
}
