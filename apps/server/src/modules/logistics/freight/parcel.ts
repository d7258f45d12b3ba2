import type { FreightEstimateInput } from '@seller/contracts/logistics';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import { shippingFacts } from '../../catalog/index.ts';
import { type Dec, dec, type Parcel } from './fees.ts';

/** The parcel an estimate prices: given directly, or made of catalogue SKUs. */
export interface ResolvedParcel extends Parcel {
  source: 'PARCEL' | 'ITEMS';
  attributes: string[];
  declaredValue: Dec | null;
  /** Of the declared value. */
  currency: string | null;
}

const sorted = (l: number, w: number, h: number) => [l, w, h].sort((a, b) => b - a);

/**
 * With SKUs: weights summed (quantity × the SKU's weight); sizes stacked: each item lies on its
 * largest face (sides sorted longest first), the parcel is as long and wide as the longest and widest
 * item and as high as all items' heights together; when any item's size is unknown, so is the
 * parcel's. Special attributes: the items' and the request's together. Declared value: the request's,
 * else the items' sum when they all declare one in one currency.
 */
export async function resolveParcel(tx: Tx, ctx: CrudContext, input: FreightEstimateInput): Promise<ResolvedParcel> {
  const requested = input.attributes ?? [];
  const declared = input.declaredValue != null ? dec(input.declaredValue) : null;
  if (!input.items?.length) {
    return {
      source: 'PARCEL',
      weight: input.weight ?? 0,
      length: input.length ?? null,
      width: input.width ?? null,
      height: input.height ?? null,
      attributes: [...new Set(requested)],
      declaredValue: declared,
      currency: input.currency ?? null,
    };
  }
  const facts = await shippingFacts(
    tx,
    ctx,
    input.items.map((i) => i.sku),
  );
  const errors: { message: string; members: string[]; params?: unknown[] }[] = [];
  let weight = 0;
  let length = dec(0);
  let width = dec(0);
  let height = dec(0);
  let sized = true;
  const attributes = new Set<string>(requested);
  let itemsValue: Dec | null = dec(0);
  const currencies = new Set<string>();
  for (const [index, item] of input.items.entries()) {
    const f = facts.get(item.sku.toLowerCase());
    const member = `items.${index}.sku`;
    if (!f) {
      errors.push({ message: 'Logistics::Freight:UnknownSku', members: [member], params: [item.sku] });
      continue;
    }
    if (!f.weight) {
      errors.push({ message: 'Logistics::Freight:SkuWithoutWeight', members: [member], params: [f.sku] });
      continue;
    }
    weight += f.weight * item.quantity;
    if (f.length && f.width && f.height) {
      const [l, w, h] = sorted(f.length, f.width, f.height);
      length = D_max(length, l);
      width = D_max(width, w);
      height = height.plus(dec(h).times(item.quantity));
    } else sized = false;
    for (const a of f.attributes) attributes.add(a);
    if (f.declaredValue == null || !f.declaredCurrency) itemsValue = null;
    else if (itemsValue) {
      itemsValue = itemsValue.plus(dec(f.declaredValue).times(item.quantity));
      currencies.add(f.declaredCurrency);
    }
  }
  if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
  const fromItems = itemsValue && currencies.size === 1 ? itemsValue : null;
  return {
    source: 'ITEMS',
    weight,
    length: sized ? length.toNumber() : null,
    width: sized ? width.toNumber() : null,
    height: sized ? height.toNumber() : null,
    attributes: [...attributes],
    declaredValue: declared ?? fromItems,
    currency: declared ? (input.currency ?? null) : fromItems ? [...currencies][0] : null,
  };
}

const D_max = (a: Dec, b: number) => (a.gte(b) ? a : dec(b));
