import { type ProductInput, SKU_MAX } from '@seller/contracts/catalog';
import { inArray } from 'drizzle-orm';
import { deleteOwned, insertOwned, owned, selectEntities, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { purchaseAttributes, purchaseAttributeValues } from '../master-data/schema.ts';
import type { Ctx, Product, Variant } from './records.ts';
import { VARIANT } from './records.ts';
import { productVariants, type VariantOption } from './schema.ts';
import { takenSkus } from './sku.ts';

/**
 * A product's variants: the cartesian product of the chosen purchase-attribute values, one SKU
 * each, planned and checked before a save and then written.
 */

interface Combination {
  valueIds: string[];
  codes: string[];
  label: string;
}

/** The cartesian product of the chosen values, in attribute order then value order. */
export async function combinations(tx: Tx, ctx: Ctx, options: VariantOption[]): Promise<Combination[]> {
  if (!options.length) return [];
  const attrs = await tx
    .select({ id: purchaseAttributes.id })
    .from(purchaseAttributes)
    .where(
      owned(
        ctx,
        purchaseAttributes,
        inArray(
          purchaseAttributes.id,
          options.map((o) => o.attributeId),
        ),
      ),
    );
  const knownAttrs = new Set(attrs.map((a) => a.id));
  const values = await selectEntities(tx, purchaseAttributeValues, {
    where: owned(
      ctx,
      purchaseAttributeValues,
      inArray(
        purchaseAttributeValues.id,
        options.flatMap((o) => o.valueIds),
      ),
    ),
  });
  const byId = new Map(values.map((v) => [v.id, v]));
  let result: Combination[] = [{ valueIds: [], codes: [], label: '' }];
  for (const [i, option] of options.entries()) {
    if (!knownAttrs.has(option.attributeId)) {
      throw fieldError(`variantOptions.${i}.attributeId`, 'Catalog::AttributeNotFound');
    }
    const chosen = [...new Set(option.valueIds)].map((id, j) => {
      const v = byId.get(id);
      if (!v || v.attributeId !== option.attributeId) {
        throw fieldError(`variantOptions.${i}.valueIds.${j}`, 'Catalog::AttributeValueNotFound');
      }
      return v;
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

const variantSku = (parent: string, c: Combination) => [parent, ...c.codes].join('-');
const keyOf = (valueIds: string[]) => valueIds.join(',');

/** Same value ids in any order: the combination of a variant. */
const comboKey = (valueIds: string[]) => [...valueIds].sort().join(',');

/**
 * How a save treats the variants: `regenerate` when the options changed (rows of kept
 * combinations stay with their ids and values, new ones are added, the others removed),
 * `rename` when only the parent SKU changed, `keep` otherwise (so one removed with
 * `remove-variant` stays removed).
 */
export type VariantMode = 'regenerate' | 'rename' | 'keep';

/** A variant as it will be after the save. */
interface PlannedVariant {
  existing?: Variant;
  combo?: Combination;
  sku: string;
  label: string;
  sort: number;
  /** The field a problem with its SKU is reported on: its own SKU's, or the options' for a generated one. */
  skuMember: string;
  /** Values given for it (`variants` overrides), besides the SKU. */
  values: Partial<Pick<Variant, 'price' | 'weight' | 'length' | 'width' | 'height' | 'image'>>;
}

/**
 * The variants after the save, with their SKUs, checked before anything is written. A variant
 * follows the parent SKU (`{parent}-{code1}[-{code2}]`, renamed with it) unless it has its own:
 * one given in the overrides, or an existing one that differs from what the old parent SKU
 * generates. Every SKU must be well formed (the DTO), at most 50 characters, distinct within
 * the product (the parent's included) and not held by another product; a problem is a 400 on
 * `variants.N.sku` for a variant's own SKU and on `variantOptions` for a generated one.
 */
export async function planVariants(
  tx: Tx,
  ctx: Ctx,
  input: ProductInput,
  combos: Combination[],
  { mode, before, existing = [] }: { mode: VariantMode; before?: Product; existing?: Variant[] },
): Promise<PlannedVariant[]> {
  const comboOf = new Map(combos.map((c, i) => [keyOf(c.valueIds), { c, i }]));
  const follows = (v: Variant, c: Combination) =>
    before !== undefined && v.sku.toLowerCase() === variantSku(before.sku, c).toLowerCase();
  const rows: PlannedVariant[] =
    mode === 'regenerate'
      ? (() => {
          const byKey = new Map(existing.map((v) => [keyOf(v.valueIds), v]));
          return combos.map((c, i) => {
            const v = byKey.get(keyOf(c.valueIds));
            const sku = v && !follows(v, c) ? v.sku : variantSku(input.sku, c);
            return { existing: v, combo: c, sku, label: c.label, sort: i, skuMember: 'variantOptions', values: {} };
          });
        })()
      : existing.map((v) => {
          const w = mode === 'rename' ? comboOf.get(keyOf(v.valueIds)) : undefined;
          const combo = comboOf.get(keyOf(v.valueIds))?.c;
          const sku = w && follows(v, w.c) ? variantSku(input.sku, w.c) : v.sku;
          return {
            existing: v,
            combo,
            sku,
            label: w?.c.label ?? v.label,
            sort: w?.i ?? v.sort,
            skuMember: 'variantOptions',
            values: {},
          };
        });

  const byCombo = new Map(rows.map((r) => [comboKey(r.existing?.valueIds ?? r.combo?.valueIds ?? []), r]));
  const own: PlannedVariant[] = [];
  for (const [i, { valueIds, sku, ...values }] of (input.variants ?? []).entries()) {
    const row = byCombo.get(comboKey(valueIds));
    if (!row) throw fieldError(`variants.${i}.valueIds`, 'Catalog::Product:VariantNotFound');
    row.values = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    if (sku === undefined) continue;
    if (sku === null) {
      if (row.combo) row.sku = variantSku(input.sku, row.combo);
      continue;
    }
    row.sku = sku;
    row.skuMember = `variants.${i}.sku`;
    own.push(row);
  }

  // generated SKUs first, so a clash between one and a variant's own SKU is reported on the own one
  const ordered = [...rows.filter((r) => !own.includes(r)), ...own];
  const seen = new Set([input.sku.toLowerCase()]);
  for (const row of ordered) {
    if (row.sku.length > SKU_MAX) throw fieldError(row.skuMember, 'Catalog::SkuTooLong', [row.sku, SKU_MAX]);
    if (seen.has(row.sku.toLowerCase())) throw fieldError(row.skuMember, 'Catalog::SkuTaken', [row.sku]);
    seen.add(row.sku.toLowerCase());
  }
  const taken = await takenSkus(
    tx,
    ctx,
    rows.map((r) => r.sku),
    before?.id,
  );
  const clash = ordered.find((r) => taken.has(r.sku.toLowerCase()));
  if (clash) throw fieldError(clash.skuMember, 'Catalog::SkuTaken', [clash.sku]);
  return rows;
}

/**
 * Writes the planned variants: removes the rows no longer made, updates the kept ones where
 * something changed, adds the new ones (at the product's price; their weight follows the
 * product's unless given). Returns the SKUs, for the search text.
 */
export async function writeVariants(
  tx: Tx,
  ctx: Ctx,
  product: Product,
  rows: PlannedVariant[],
  existing: Variant[],
): Promise<string[]> {
  const kept = new Set(rows.flatMap((r) => (r.existing ? [r.existing.id] : [])));
  for (const v of existing) if (!kept.has(v.id)) await deleteOwned(tx, ctx, productVariants, VARIANT, v.id);
  // a variant taking the SKU another one gives up (a swap) would meet it on the unique index:
  // that other one steps aside under a temporary SKU first
  const wanted = new Map(rows.map((r) => [r.sku.toLowerCase(), r]));
  for (const r of rows) {
    const v = r.existing;
    if (!v || v.sku === r.sku) continue;
    const taker = wanted.get(v.sku.toLowerCase());
    if (taker && taker !== r) await updateOwned(tx, ctx, productVariants, VARIANT, v.id, { sku: `~${v.id}` });
  }
  for (const r of rows) {
    if (r.existing) {
      const v = r.existing;
      const next = { sku: r.sku, label: r.label, sort: r.sort, ...r.values };
      const patch = Object.fromEntries(Object.entries(next).filter(([k, value]) => value !== v[k as keyof Variant]));
      if (Object.keys(patch).length) await updateOwned(tx, ctx, productVariants, VARIANT, v.id, patch);
    } else if (r.combo) {
      await insertOwned(tx, ctx, productVariants, VARIANT, {
        productId: product.id,
        sku: r.sku,
        valueIds: r.combo.valueIds,
        label: r.label,
        price: product.price,
        weight: null,
        sort: r.sort,
        ...r.values,
      });
    }
  }
  return rows.map((r) => r.sku);
}
