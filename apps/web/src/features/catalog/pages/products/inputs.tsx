import { minorUnits } from '@seller/contracts/money';
import { Alert, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo } from 'react';
import type { z } from 'zod';
import { zodValueRule } from '../../../../components/crud/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { LC, type PurchaseAttributeDto, type ScreenAttributeDto } from '../../api.ts';
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

/** A combination of the chosen purchase-attribute values: one variant. */
export interface Combination {
  valueIds: string[];
  codes: string[];
  label: string;
}

/** Same value ids in any order: the combination of a variant. */
export const comboKey = (valueIds: string[]) => [...valueIds].sort().join(',');

/**
 * The variants the chosen options make, as the server makes them: the cartesian product in the
 * options' order, then the values' order (domain §3.4).
 */
export function combinationsOf(options: VariantOption[], attributes: PurchaseAttributeDto[]): Combination[] {
  if (!options.length) return [];
  const values = new Map(attributes.flatMap((a) => a.values.map((v) => [v.id, v] as const)));
  let result: Combination[] = [{ valueIds: [], codes: [], label: '' }];
  for (const option of options) {
    const chosen = [...new Set(option.valueIds)].flatMap((id) => {
      const v = values.get(id);
      return v ? [v] : [];
    });
    result = result.flatMap((c) =>
      chosen.map((v) => ({
        valueIds: [...c.valueIds, v.id],
        codes: [...c.codes, v.code],
        label: c.label ? `${c.label} / ${v.value}` : v.value,
      })),
    );
  }
  return result;
}

/** The SKU a variant has when it follows the parent: `{parent}-{code1}[-{code2}]`. */
export const generatedSku = (parent: string | undefined, codes: string[]) =>
  [(parent ?? '').trim().toUpperCase(), ...codes].join('-');

/**
 * One row of the form's variant table. An empty `sku` or `weight` follows the product (the parent
 * SKU with the values' codes; the product's weight); so does an empty `price` (see VariantTable).
 */
export interface VariantRow {
  valueIds: string[];
  sku?: string | null;
  /** Decimal text (the form's number input may hold a number until it is sent). */
  price?: string | number | null;
  weight?: number | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
}

const sameOptions = (a: VariantOption[] = [], b: VariantOption[] = []) =>
  JSON.stringify(a.map((o) => [o.attributeId, [...new Set(o.valueIds)]])) ===
  JSON.stringify(b.map((o) => [o.attributeId, [...new Set(o.valueIds)]]));

/**
 * The rows the table shows for `options`, as the server will keep them: while the options are the
 * saved product's, its variants as they are (one removed stays removed); once they change, every
 * combination, a kept one with its values.
 */
export function variantRowsFor(
  options: VariantOption[],
  attributes: PurchaseAttributeDto[],
  saved: { variantOptions: VariantOption[]; variants: VariantDto[] } | undefined,
): { combo: Combination; existing?: VariantDto }[] {
  const combos = combinationsOf(options, attributes);
  const existing = new Map((saved?.variants ?? []).map((v) => [comboKey(v.valueIds), v]));
  if (saved && sameOptions(options, saved.variantOptions)) {
    const byKey = new Map(combos.map((c) => [comboKey(c.valueIds), c]));
    return saved.variants.map((v) => ({
      existing: v,
      combo: byKey.get(comboKey(v.valueIds)) ?? { valueIds: v.valueIds, codes: [], label: v.label },
    }));
  }
  return combos.map((combo) => ({ combo, existing: existing.get(comboKey(combo.valueIds)) }));
}

/**
 * The form's rows for a saved product: a SKU, weight or price equal to what the variant would take
 * from the product shows as following it (an empty cell).
 */
export function savedVariantRows(
  product: { sku: string; price: string; variantOptions: VariantOption[]; variants: VariantDto[] },
  attributes: PurchaseAttributeDto[],
): VariantRow[] {
  return variantRowsFor(product.variantOptions, attributes, product).map(({ combo, existing: v }) => ({
    valueIds: combo.valueIds,
    sku: v && v.sku !== generatedSku(product.sku, combo.codes) ? v.sku : null,
    price: v && v.price !== product.price ? v.price : null,
    weight: v?.weight ?? null,
    length: v?.length ?? null,
    width: v?.width ?? null,
    height: v?.height ?? null,
  }));
}

type Cell = 'sku' | 'price' | 'weight' | 'length' | 'width' | 'height';

/**
 * The variants the chosen options make, with each one's SKU, price, weight and size: a Form.List
 * named `variants`, kept in line with the options (a kept combination keeps what was entered).
 * An empty SKU, price or weight follows the product, and the cell shows the value it takes as its
 * placeholder, so a change of the product's price or parent SKU shows at once in every variant
 * that follows it; an entered value is the variant's own and stays.
 */
export function VariantTable({
  attributes,
  saved,
  row,
}: {
  attributes: PurchaseAttributeDto[];
  /** The product being edited, as saved (undefined for a new one). */
  saved?: { price: string; variantOptions: VariantOption[]; variants: VariantDto[] };
  /** Zod shape of one row, for the cell rules. */
  row: Record<Cell, z.ZodType>;
}) {
  const form = Form.useFormInstance();
  const options = Form.useWatch<VariantOption[] | undefined>('variantOptions', form);
  const parent = Form.useWatch<string | undefined>('sku', form);
  const price = Form.useWatch<string | number | null | undefined>('price', form);
  const currency = Form.useWatch<string | undefined>('priceCurrency', form);
  const weight = Form.useWatch<number | null | undefined>('weight', form);
  const rows = Form.useWatch<VariantRow[] | undefined>('variants', form) ?? [];
  const shown = useMemo(() => variantRowsFor(options ?? [], attributes, saved), [options, attributes, saved]);

  // rows follow the options: a kept combination keeps its entries, a new one starts empty
  useEffect(() => {
    const current = (form.getFieldValue('variants') as VariantRow[] | undefined) ?? [];
    const byKey = new Map(current.map((r) => [comboKey(r.valueIds), r]));
    const next = shown.map(({ combo }) => ({ ...byKey.get(comboKey(combo.valueIds)), valueIds: combo.valueIds }));
    if (JSON.stringify(next) !== JSON.stringify(current)) form.setFieldValue('variants', next);
  }, [shown, form]);

  if (!shown.length) return null;
  const follows = (value: unknown) => (value === null || value === undefined || value === '' ? '' : String(value));
  const inherited = (i: number, cell: Cell): string => {
    if (cell === 'sku') return generatedSku(parent, shown[i]?.combo.codes ?? []);
    if (cell === 'price') return follows(price);
    if (cell === 'weight') return follows(weight);
    return '';
  };
  const title = (cell: Cell) => L(cell === 'sku' ? 'VariantSku' : cell.charAt(0).toUpperCase() + cell.slice(1));
  const input = (cell: Cell, precision: number) => ({
    key: cell,
    title: title(cell),
    width: cell === 'sku' ? 240 : 100,
    render: (_: unknown, { combo }: (typeof shown)[number], i: number) => {
      const placeholder = inherited(i, cell);
      const common = {
        size: 'small' as const,
        placeholder: placeholder || undefined,
        // what an empty cell takes, on hover: "follows product: 39.9"
        title: placeholder ? `${LC('FollowsProduct')}: ${placeholder}` : undefined,
        'aria-label': `${combo.label} ${title(cell)}`,
        'data-testid': `variant-${combo.codes.join('-') || i}-${cell}`,
      };
      return (
        <Form.Item name={[i, cell]} rules={[zodValueRule(row[cell], title(cell))]} style={{ margin: 0 }}>
          {cell === 'sku' ? (
            <SkuCell {...common} />
          ) : (
            <InputNumber min={0} precision={precision} style={{ width: '100%' }} {...common} />
          )}
        </Form.Item>
      );
    },
  });
  const ownPrices = rows.filter((r) => r?.price !== null && r?.price !== undefined).length;
  const priceChanged =
    saved !== undefined && price !== undefined && price !== null && Number(price) !== Number(saved.price);
  return (
    <Form.Item label={LC('Variants')} extra={LC('VariantTable:Hint')}>
      {priceChanged && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="variant-price-effect"
          title={LC('VariantTable:PriceChanged', shown.length - ownPrices, ownPrices)}
        />
      )}
      <Form.List name="variants">
        {() => (
          <SmallTable<(typeof shown)[number]>
            rowKey={({ combo }) => comboKey(combo.valueIds)}
            tableLayout="fixed"
            scroll={{ x: 110 + 240 + 100 * 5 }}
            dataSource={shown}
            data-testid="product-variants"
            columns={[
              {
                key: 'label',
                title: L('VariantLabel'),
                width: 110,
                ellipsis: true,
                render: (_: unknown, { combo }) => combo.label,
              },
              input('sku', 0),
              input('price', minorUnits(currency)),
              input('weight', 0),
              input('length', 2),
              input('width', 2),
              input('height', 2),
            ]}
          />
        )}
      </Form.List>
    </Form.Item>
  );
}

/** A variant's own SKU, upper-cased as typed (empty: follows the parent SKU). */
function SkuCell({
  value,
  onChange,
  ...rest
}: {
  value?: string | null;
  onChange?: (v: string) => void;
  size: 'small';
  placeholder?: string;
  title?: string;
  'aria-label': string;
  'data-testid': string;
}) {
  return (
    <Input value={value ?? ''} onChange={(e) => onChange?.(e.target.value.toUpperCase())} maxLength={50} {...rest} />
  );
}
