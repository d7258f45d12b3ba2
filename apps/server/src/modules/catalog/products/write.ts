import { PmsStatus } from '@seller/contracts';
import type { ProductInput, ProductUpdateInput } from '@seller/contracts/catalog';
import { eq } from 'drizzle-orm';
import { deleteOwned, getOwned, insertOwned, owned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError, notFound } from '../../../core/errors.ts';
import { assertMoneyPlaces, moneyText } from '../../../core/money.ts';
import { uniquely as uniqueOr } from '../../../core/resource.ts';
import type { Services } from '../../../core/services.ts';
import { getSettingValues } from '../../settings/index.ts';
import { productsChanged } from '../events.ts';
import { type Ctx, ENTITY, type Product, SPECIFICATION, specificationsOf, VARIANT, variantsOf } from './records.ts';
import { validate, validateVariantImages } from './rules.ts';
import { productSpecifications, products, productVariants } from './schema.ts';
import { assertSkusFree } from './sku.ts';
import { combinations, planVariants, writeVariants } from './variants.ts';

/**
 * Writes of products (domain §3.2–3.4): create and update with their variants and spec sheet,
 * and removing one variant or one spec line.
 */

const searchText = (p: { sku: string; name: string; nameEn?: string | null }, variantSkus: string[]) =>
  [p.sku, p.name, p.nameEn ?? '', ...variantSkus].filter(Boolean).join(' ');

/**
 * The tenant's accounting currency: logistics' `Logistics.Currency` setting, read by name (the
 * catalogue cannot depend on logistics); CNY, that setting's default, in a build without it.
 */
export async function tenantPriceCurrency(services: Services, ctx: Ctx): Promise<string> {
  const values = await getSettingValues(services, { tenant: ctx.tenant, user: null });
  return values['Logistics.Currency'] ?? 'CNY';
}

export type PricedInput<T extends ProductInput = ProductInput> = T & { priceCurrency: string };

/**
 * The input with its prices' currency settled (given, else `fallback`: the tenant's on create, the
 * product's own on update) and its prices to that currency's minor units: more places are refused
 * on their member (the contract checks only a currency it was given); the declared value to the
 * digits of its declared currency.
 */
export function inPriceCurrency<T extends ProductInput>(input: T, fallback: string): PricedInput<T> {
  const currency = input.priceCurrency ?? fallback;
  assertMoneyPlaces('price', input.price, currency);
  input.variants?.forEach((v, i) => {
    assertMoneyPlaces(`variants.${i}.price`, v.price, currency);
  });
  const declared = input.declaredCurrency;
  return {
    ...input,
    priceCurrency: currency,
    price: moneyText(input.price, currency),
    // the declared value to its own currency's digits (the contract refused more places than it takes)
    ...(input.declaredValue != null && declared ? { declaredValue: moneyText(input.declaredValue, declared) } : {}),
    ...(input.variants
      ? {
          variants: input.variants.map((v) =>
            v.price === undefined ? v : { ...v, price: moneyText(v.price, currency) },
          ),
        }
      : {}),
  };
}

/** A concurrent writer of the same SKU loses on the unique index: the same field error as the check. */
const uniquely = <R>(sku: string, write: () => Promise<R>): Promise<R> =>
  uniqueOr(write, () => fieldError('sku', 'Catalog::SkuTaken', [sku]));

/**
 * Makes the spec sheet the given lines, in order: a line whose name is already there keeps
 * its row (and id), the others are added, and lines no longer given are removed.
 */
async function syncSpecifications(tx: Tx, ctx: Ctx, productId: string, lines: ProductInput['specifications']) {
  const existing = (await specificationsOf(tx, ctx, [productId])).get(productId) ?? [];
  const wanted = new Map(lines.map((line, sort) => [line.name, { ...line, sort }]));
  for (const row of existing) {
    const line = wanted.get(row.name);
    if (!line) await deleteOwned(tx, ctx, productSpecifications, SPECIFICATION, row.id);
    else if (line.value !== row.value || line.sort !== row.sort) {
      await updateOwned(tx, ctx, productSpecifications, SPECIFICATION, row.id, { value: line.value, sort: line.sort });
    }
    wanted.delete(row.name);
  }
  for (const line of wanted.values()) {
    await insertOwned(tx, ctx, productSpecifications, SPECIFICATION, { productId, ...line });
  }
}

async function prepare(tx: Tx, ctx: Ctx, input: ProductInput, id?: string) {
  await validate(tx, ctx, input);
  const combos = await combinations(tx, ctx, input.variantOptions);
  await assertSkusFree(tx, ctx, 'sku', [input.sku], id);
  return combos;
}

/** The product row's columns; spec lines and variant overrides are written to their own rows. */
const columns = ({
  variantOptions,
  screenValues,
  salesTypes,
  specifications: _s,
  variants: _v,
  ...input
}: ProductInput) => ({
  ...input,
  variantOptions: variantOptions.map((o) => ({ attributeId: o.attributeId, valueIds: [...new Set(o.valueIds)] })),
  salesTypes: [...new Set(salesTypes)],
  screenValues: screenValues
    .filter((v) => v.optionIds.length)
    .map((v) => ({ attributeId: v.attributeId, optionIds: [...new Set(v.optionIds)] })),
});

async function refreshSearch(tx: Tx, ctx: Ctx, row: Product, variantSkus: string[]) {
  const text = searchText(row, variantSkus);
  if (text !== row.searchText) {
    await tx
      .update(products)
      .set({ searchText: text })
      .where(owned(ctx, products, eq(products.id, row.id)));
  }
}

/** Creates one product with its variants inside the caller's transaction (create, import). */
export async function createProduct(tx: Tx, ctx: Ctx, input: PricedInput): Promise<Product> {
  const combos = await prepare(tx, ctx, input);
  const planned = await planVariants(tx, ctx, input, combos, { mode: 'regenerate' });
  return uniquely(input.sku, async () => {
    const row = await insertOwned(tx, ctx, products, ENTITY, {
      ...columns(input),
      pmsStatus: PmsStatus.Developing,
      searchText: searchText(input, []),
    });
    await refreshSearch(tx, ctx, row, await writeVariants(tx, ctx, row, planned, []));
    await syncSpecifications(tx, ctx, row.id, input.specifications);
    return getOwned(tx, ctx, products, ENTITY, row.id);
  });
}

type Writer = Pick<Services, 'events' | 'config'>;

/** Creates a product; `currency` is the tenant's price currency (`tenantPriceCurrency`), taken when the input names none. */
export async function createPricedProduct(services: Writer, tx: Tx, ctx: Ctx, given: ProductInput, currency: string) {
  const input = inPriceCurrency(given, currency);
  await validateVariantImages(services, ctx, input.variants);
  const row = await createProduct(tx, ctx, input);
  await productsChanged(services, tx, ctx);
  return row;
}

export async function updateProduct(
  services: Writer,
  tx: Tx,
  ctx: Ctx,
  id: string,
  { concurrencyStamp, ...given }: ProductUpdateInput,
) {
  await validateVariantImages(services, ctx, given.variants);
  const before = await getOwned(tx, ctx, products, ENTITY, id);
  const input = inPriceCurrency(given, before.priceCurrency);
  const combos = await prepare(tx, ctx, input, id);
  const values = columns(input);
  const optionsChanged = JSON.stringify(before.variantOptions) !== JSON.stringify(values.variantOptions);
  const mode = optionsChanged ? 'regenerate' : before.sku !== values.sku ? 'rename' : 'keep';
  const existing = (await variantsOf(tx, ctx, [id])).get(id) ?? [];
  const planned = await planVariants(tx, ctx, input, combos, { mode, before, existing });
  return uniquely(input.sku, async () => {
    const row = await updateOwned(tx, ctx, products, ENTITY, id, values, concurrencyStamp);
    await refreshSearch(tx, ctx, row, await writeVariants(tx, ctx, row, planned, existing));
    await syncSpecifications(tx, ctx, id, input.specifications);
    await productsChanged(services, tx, ctx);
    return row;
  });
}

export async function removeVariant(services: Writer, tx: Tx, ctx: Ctx, variantId: string) {
  const variant = await getOwned(tx, ctx, productVariants, VARIANT, variantId);
  // A variant of a recycled product is not reachable.
  const product = await getOwned(tx, ctx, products, VARIANT, variant.productId).catch(() => {
    throw notFound(VARIANT, variantId);
  });
  await deleteOwned(tx, ctx, productVariants, VARIANT, variantId);
  const rest = (await variantsOf(tx, ctx, [product.id])).get(product.id) ?? [];
  await refreshSearch(
    tx,
    ctx,
    product,
    rest.map((v) => v.sku),
  );
  await productsChanged(services, tx, ctx);
}

/** Removes one line of a product's spec sheet; lines of recycled products are not reachable. */
export async function removeSpecification(services: Writer, tx: Tx, ctx: Ctx, specificationId: string) {
  const line = await getOwned(tx, ctx, productSpecifications, SPECIFICATION, specificationId);
  await getOwned(tx, ctx, products, SPECIFICATION, line.productId).catch(() => {
    throw notFound(SPECIFICATION, specificationId);
  });
  await deleteOwned(tx, ctx, productSpecifications, SPECIFICATION, specificationId);
  await productsChanged(services, tx, ctx);
}
