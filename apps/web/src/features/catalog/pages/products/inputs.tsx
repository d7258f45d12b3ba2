import { DatePicker, Form, InputNumber, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { LC, type PurchaseAttributeDto, type ScreenAttributeDto } from '../../api.ts';
import { ruleOf } from '../../form.ts';
import type { ScreenValue, VariantDto, VariantOption } from '../../products-api.ts';

/** Inputs of the product form that hold more than one plain value. */

const L = (key: string) => LC(`DisplayName:${key}`);

/** A calendar day held in the form as 'YYYY-MM-DD' (what the server stores), shown with antd's picker. */
export function DateInput({
  value,
  onChange,
  testid,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  testid?: string;
}) {
  return (
    <DatePicker
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
      format="YYYY-MM-DD"
      style={{ width: '100%' }}
      data-testid={testid}
    />
  );
}

/** Per purchase attribute, the chosen values; the server makes the variants (their cartesian product). */
export function VariantOptionsInput({
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
    <Space orientation="vertical" style={{ width: '100%' }}>
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

/** Per screening attribute of the tenant, the options that describe this product. */
export function ScreenValuesInput({
  attributes,
  value = [],
  onChange,
}: {
  attributes: ScreenAttributeDto[];
  value?: ScreenValue[];
  onChange?: (v: ScreenValue[]) => void;
}) {
  const chosen = new Map(value.map((v) => [v.attributeId, v.optionIds]));
  const set = (attributeId: string, optionIds: string[]) => {
    const next = new Map(chosen);
    next.set(attributeId, optionIds);
    onChange?.(
      attributes
        .map((a) => ({ attributeId: a.id, optionIds: next.get(a.id) ?? [] }))
        .filter((v) => v.optionIds.length > 0),
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {attributes.map((a) => (
        <Select
          key={a.id}
          mode="multiple"
          allowClear
          style={{ width: '100%' }}
          prefix={`${a.name}:`}
          value={chosen.get(a.id) ?? []}
          onChange={(ids: string[]) => set(a.id, ids)}
          options={a.options.map((o) => ({ value: o.id, label: o.value }))}
          data-testid={`screen-value-${a.name}`}
        />
      ))}
    </Space>
  );
}

/** The form's `variants` rows: one per existing variant, in the product's order. */
export const toVariantRows = (variants: VariantDto[]) =>
  variants.map((v) => ({
    valueIds: v.valueIds,
    price: v.price,
    weight: v.weight,
    length: v.length,
    width: v.width,
    height: v.height,
  }));

/**
 * Price, weight and size per existing variant (a Form.List named `variants`, aligned with `variants`);
 * the SKU and label are the server's and only shown.
 */
export function VariantOverridesTable({
  variants,
  row,
}: {
  variants: VariantDto[];
  /** Zod shape of one row, for the cell rules. */
  row: Record<'price' | 'weight' | 'length' | 'width' | 'height', z.ZodType>;
}) {
  const cell = (field: keyof typeof row, precision: number) => ({
    key: field,
    title: L(field.charAt(0).toUpperCase() + field.slice(1)),
    width: 110,
    render: (_: unknown, v: VariantDto, i: number) => (
      <Form.Item name={[i, field]} rules={[ruleOf(row[field])]} style={{ margin: 0 }}>
        <InputNumber
          min={0}
          precision={precision}
          size="small"
          style={{ width: '100%' }}
          aria-label={`${v.sku} ${L(field.charAt(0).toUpperCase() + field.slice(1))}`}
          data-testid={`variant-${v.sku}-${field}`}
        />
      </Form.Item>
    ),
  });
  return (
    <Form.List name="variants">
      {() => (
        <Table<VariantDto>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={variants}
          data-testid="product-variants"
          columns={[
            { key: 'sku', title: L('VariantSku'), dataIndex: 'sku' },
            { key: 'label', title: L('VariantLabel'), dataIndex: 'label' },
            cell('price', 2),
            cell('weight', 0),
            cell('length', 2),
            cell('width', 2),
            cell('height', 2),
          ]}
        />
      )}
    </Form.List>
  );
}
