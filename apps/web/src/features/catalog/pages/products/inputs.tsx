import { DatePicker, Form, InputNumber, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
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
  const count = value.reduce((n, o) => n * o.valueIds.length, value.length ? 1 : 0);
  return (
    <SelectPerAttribute
      attributes={attributes.map((a) => ({
        id: a.id,
        name: a.name,
        options: a.values.map((v) => ({ value: v.id, label: `${v.value} (${v.code})` })),
      }))}
      chosen={new Map(value.map((o) => [o.attributeId, o.valueIds]))}
      onChange={(next) => onChange?.(next.map(([attributeId, valueIds]) => ({ attributeId, valueIds })))}
      testid="variant-option"
    >
      {count > 0 && (
        <span data-testid="variant-count">
          {LC('Variants')}: {count}
        </span>
      )}
    </SelectPerAttribute>
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
  return (
    <SelectPerAttribute
      attributes={attributes.map((a) => ({
        id: a.id,
        name: a.name,
        options: a.options.map((o) => ({ value: o.id, label: o.value })),
      }))}
      chosen={new Map(value.map((v) => [v.attributeId, v.optionIds]))}
      onChange={(next) => onChange?.(next.map(([attributeId, optionIds]) => ({ attributeId, optionIds })))}
      testid="screen-value"
    />
  );
}

/** A multiple select per attribute (test id `<testid>-<name>`); reports the attributes with a choice. */
function SelectPerAttribute({
  attributes,
  chosen,
  onChange,
  testid,
  children,
}: {
  attributes: { id: string; name: string; options: { value: string; label: string }[] }[];
  chosen: Map<string, string[]>;
  onChange: (v: [attributeId: string, ids: string[]][]) => void;
  testid: string;
  children?: ReactNode;
}) {
  const set = (attributeId: string, selected: string[]) => {
    const next = new Map(chosen);
    next.set(attributeId, selected);
    // keep the attributes' own order so SKUs read colour-then-size
    onChange(
      attributes.map((a): [string, string[]] => [a.id, next.get(a.id) ?? []]).filter(([, ids]) => ids.length > 0),
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
          options={a.options}
          data-testid={`${testid}-${a.name}`}
        />
      ))}
      {children}
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
