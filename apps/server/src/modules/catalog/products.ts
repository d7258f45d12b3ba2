import { PmsStatus, PmsTransitions } from '@seller/contracts';
import type {
  ProductDto,
  ProductInput,
  ProductListQuery,
  ProductUpdateInput,
  SpecificationDto,
  VariantDto,
  VariantOverride,
} from '@seller/contracts/catalog';
import { SKU_MAX, SKU_PATTERN } from '@seller/contracts/catalog';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import {
  type CrudContext,
  countRows,
  deleteOwned,
  getOwned,
  insertOwned,
  orderBy,
  owned,
  projection,
  recordChange,
  selectEntities,
  selectProjected,
  updateOwned,
} from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { AppError, businessError, fieldError, notFound } from '../../core/errors.ts';
import { EXPORT_MAX_ROWS } from '../../core/export.ts';
import type { Services } from '../../core/services.ts';
import { filesService } from '../files/index.ts';
import { getSetting } from '../settings/index.ts';
import { productListsKey, productsChanged } from './events.ts';
import { imagesOf } from './product-images.ts';
import { productImages, productSpecifications } from './product-parts-schema.ts';
import {
  brands,
  categories,
  products,
  productVariants,
  purchaseAttributes,
  purchaseAttributeValues,
  screenAttributeOptions,
  screenAttributes,
  skuSequences,
  type VariantOption,
} from './schema.ts';
import { renderSkuPattern, SKU_PATTERN_SETTING } from './sku-pattern.ts';

/**
 * Products (domain §3.2–3.4): the master record, its variants (the cartesian product of the
 * chosen purchase-attribute values, one SKU each), the PMS lifecycle, SKU generation and
 * lookups, and the recycle area (soft delete, restore, clear).
 */

type Ctx = CrudContext;
type Product = typeof products.$inferSelect;
type Variant = typeof productVariants.$inferSelect;
const ENTITY = 'Product';
const VARIANT = 'ProductVariant';
const SPECIFICATION = 'ProductSpecification';

/** The tenant-scoped view the list reads, so the trigram index serves the filter (`productsScoped`, schema.ts). */
const SCOPED = 'catalog_products_scoped';

const sortable = {
  sku: products.sku,
  name: products.name,
  price: products.price,
  pmsStatus: products.pmsStatus,
  isActive: products.isActive,
  creationTime: products.creationTime,
  lastModificationTime: products.lastModificationTime,
  deletionTime: products.deletionTime,
};
const defaultOrder = [desc(products.creationTime), asc(products.id)];

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const tenantOf = (ctx: Ctx) => (ctx.tenant ? eq(products.tenantId, ctx.tenant.id) : isNull(products.tenantId));
const searchText = (p: { sku: string; name: string; nameEn?: string | null }, variantSkus: string[]) =>
  [p.sku, p.name, p.nameEn ?? '', ...variantSkus].filter(Boolean).join(' ');

// ---------- DTOs ----------

async function variantsOf(tx: Tx, ctx: Ctx, productIds: string[]): Promise<Map<string, Variant[]>> {
  const byProduct = new Map<string, Variant[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return byProduct;
  const rows = await selectEntities(tx, productVariants, {
    where: owned(ctx, productVariants, inArray(productVariants.productId, productIds)),
    orderBy: [asc(productVariants.sort)],
  });
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

const toVariantDto = ({ tenantId: _, ...v }: Variant): VariantDto => v;

async function specificationsOf(tx: Tx, ctx: Ctx, productIds: string[]): Promise<Map<string, SpecificationDto[]>> {
  const byProduct = new Map<string, SpecificationDto[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return byProduct;
  const rows = await tx
    .select()
    .from(productSpecifications)
    .where(owned(ctx, productSpecifications, inArray(productSpecifications.productId, productIds)))
    .orderBy(asc(productSpecifications.sort), asc(productSpecifications.id));
  for (const { id, productId, name, value, sort } of rows) byProduct.get(productId)?.push({ id, name, value, sort });
  return byProduct;
}

async function toDtos(tx: Tx, ctx: Ctx, rows: Product[]): Promise<ProductDto[]> {
  const ids = rows.map((r) => r.id);
  const variants = await variantsOf(tx, ctx, ids);
  const images = await imagesOf(tx, ctx, ids);
  const specifications = await specificationsOf(tx, ctx, ids);
  return rows.map(({ tenantId: _t, searchText: _s, deleterId: _d, ...r }) => ({
    ...r,
    specifications: specifications.get(r.id) ?? [],
    variants: (variants.get(r.id) ?? []).map(toVariantDto),
    ...(images.get(r.id) ?? { mainImage: null, images: [] }),
  }));
}

// ---------- rules ----------

/** Category and brand belong to the tenant; every variant option names this tenant's attribute values. */
async function validate(tx: Tx, ctx: Ctx, input: ProductInput) {
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(owned(ctx, categories, inArray(categories.id, input.categoryIds)));
  const known = new Set(found.map((c) => c.id));
  const missing = input.categoryIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw fieldError(`categoryIds.${missing}`, 'Catalog::CategoryNotFound');
  if (input.brandId) {
    const [brand] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(owned(ctx, brands, eq(brands.id, input.brandId)));
    if (!brand) throw fieldError('brandId', 'Catalog::BrandNotFound');
  }
  const attributeIds = input.variantOptions.map((o) => o.attributeId);
  if (new Set(attributeIds).size !== attributeIds.length) {
    throw fieldError('variantOptions', 'Catalog::Duplicate', [attributeIds.join(', ')]);
  }
  await validateScreenValues(tx, ctx, input.screenValues);
}

/** Each screening value names one of this tenant's screening attributes, once, and options of that attribute. */
async function validateScreenValues(tx: Tx, ctx: Ctx, values: ProductInput['screenValues']) {
  if (!values.length) return;
  const attrs = await tx
    .select({ id: screenAttributes.id })
    .from(screenAttributes)
    .where(
      owned(
        ctx,
        screenAttributes,
        inArray(
          screenAttributes.id,
          values.map((v) => v.attributeId),
        ),
      ),
    );
  const optionIds = values.flatMap((v) => v.optionIds);
  const options = optionIds.length
    ? await tx
        .select({ id: screenAttributeOptions.id, attributeId: screenAttributeOptions.attributeId })
        .from(screenAttributeOptions)
        .where(owned(ctx, screenAttributeOptions, inArray(screenAttributeOptions.id, optionIds)))
    : [];
  const knownAttrs = new Set(attrs.map((a) => a.id));
  const attributeOf = new Map(options.map((o) => [o.id, o.attributeId]));
  const seen = new Set<string>();
  for (const [i, v] of values.entries()) {
    if (!knownAttrs.has(v.attributeId)) throw fieldError(`screenValues.${i}.attributeId`, 'Catalog::AttributeNotFound');
    if (seen.has(v.attributeId))
      throw fieldError(`screenValues.${i}.attributeId`, 'Catalog::Duplicate', [v.attributeId]);
    seen.add(v.attributeId);
    const bad = v.optionIds.findIndex((id) => attributeOf.get(id) !== v.attributeId);
    if (bad >= 0) throw fieldError(`screenValues.${i}.optionIds.${bad}`, 'Catalog::AttributeValueNotFound');
  }
}

/** Variant images are files this tenant uploaded, like the product's own images. */
async function validateVariantImages(services: Services, ctx: Ctx, overrides: VariantOverride[] = []) {
  for (const [i, o] of overrides.entries()) {
    if (o.image && !(await filesService.exists(services.config.dataDir, ctx, o.image))) {
      throw fieldError(`variants.${i}.image`, 'Catalog::ImageNotFound');
    }
  }
}

interface Combination {
  valueIds: string[];
  codes: string[];
  label: string;
}

/** The cartesian product of the chosen values, in attribute order then value order. */
async function combinations(tx: Tx, ctx: Ctx, options: VariantOption[]): Promise<Combination[]> {
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

/**
 * Of `skus`, the ones (lower-cased) another product or its variants hold in this tenant, recycled
 * ones included: SKUs are unique per tenant across products and variants until cleared.
 */
async function takenSkus(tx: Tx, ctx: Ctx, skus: string[], productId?: string): Promise<Set<string>> {
  const taken = new Set<string>();
  if (!skus.length) return taken;
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  const parents = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(
      and(
        tenantOf(ctx),
        inArray(sql`lower(${products.sku})`, lowered),
        productId ? ne(products.id, productId) : undefined,
      ),
    );
  const variants = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        ctx.tenant ? eq(productVariants.tenantId, ctx.tenant.id) : isNull(productVariants.tenantId),
        inArray(sql`lower(${productVariants.sku})`, lowered),
        productId ? ne(productVariants.productId, productId) : undefined,
      ),
    );
  for (const { sku } of [...parents, ...variants]) taken.add(sku.toLowerCase());
  return taken;
}

async function assertSkusFree(tx: Tx, ctx: Ctx, member: string, skus: string[], productId?: string) {
  const taken = await takenSkus(tx, ctx, skus, productId);
  const clash = skus.find((s) => taken.has(s.toLowerCase()));
  if (clash) throw fieldError(member, 'Catalog::SkuTaken', [clash]);
}

/** A concurrent writer of the same SKU loses on the unique index: the same field error as the check. */
async function uniquely<R>(sku: string, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause ?? (e as { code?: string });
    if (cause?.code !== '23505') throw e;
    throw fieldError('sku', 'Catalog::SkuTaken', [sku]);
  }
}

/** Same value ids in any order: the combination of a variant. */
const comboKey = (valueIds: string[]) => [...valueIds].sort().join(',');

/**
 * How a save treats the variants: `regenerate` when the options changed (rows of kept
 * combinations stay with their ids and values, new ones are added, the others removed),
 * `rename` when only the parent SKU changed, `keep` otherwise (so one removed with
 * `remove-variant` stays removed).
 */
type VariantMode = 'regenerate' | 'rename' | 'keep';

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
async function planVariants(
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
async function writeVariants(
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

// ---------- service ----------

function listWhere(ctx: Ctx, q: ProductListQuery): SQL {
  return owned(
    ctx,
    products,
    q.filter ? sql`${products.searchText} ilike ${like(q.filter)}` : undefined,
    q.categoryId ? sql`${products.categoryIds} @> array[${q.categoryId}]::uuid[]` : undefined,
    q.brandId ? eq(products.brandId, q.brandId) : undefined,
    q.pmsStatus !== undefined ? eq(products.pmsStatus, q.pmsStatus) : undefined,
    q.isActive !== undefined ? eq(products.isActive, q.isActive) : undefined,
    q.inStock !== undefined ? eq(products.inStock, q.inStock) : undefined,
    q.developer ? ilike(products.developer, like(q.developer)) : undefined,
    q.purchaser ? ilike(products.purchaser, like(q.purchaser)) : undefined,
    q.createdFrom ? gte(products.creationTime, q.createdFrom) : undefined,
    q.createdTo ? lt(products.creationTime, q.createdTo) : undefined,
  );
}

/**
 * A list row: the table's columns plus the variant count and the main image, read by
 * correlated subqueries on their product indexes, so a page is one statement.
 */
const listRow = projection(products, {
  id: products.id,
  sku: products.sku,
  name: products.name,
  nameEn: products.nameEn,
  categoryIds: products.categoryIds,
  brandId: products.brandId,
  price: products.price,
  pmsStatus: products.pmsStatus,
  isActive: products.isActive,
  inStock: products.inStock,
  developer: products.developer,
  purchaser: products.purchaser,
  artDesigner: products.artDesigner,
  region: products.region,
  mainImage: sql<
    string | null
  >`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id} and ${productImages.isMain} limit 1)`,
  variantCount:
    sql<number>`(select count(*) from ${productVariants} where ${productVariants.productId} = ${products.id})`.mapWith(
      Number,
    ),
  creationTime: products.creationTime,
  lastModificationTime: products.lastModificationTime,
  concurrencyStamp: products.concurrencyStamp,
  isDeleted: products.isDeleted,
  deletionTime: products.deletionTime,
});

/**
 * List pages and the totals of filtered lists are cached per tenant and query; every product
 * write raises `ProductsChanged`, which leaves them behind in every process (`events.ts`).
 * A page that is not cached is one statement (its total too when it is not cached either).
 */

/** A cached page answers without building its query (`where` is only called on a miss). */
function cachedPage(
  services: Services,
  ctx: Ctx,
  kind: string,
  where: () => SQL,
  q: ProductListQuery,
  fallback: SQL[],
) {
  // one generation for the page and its total: both must predate, or follow, a write
  const key = `${productListsKey(services, ctx.tenant?.id ?? null)}${kind}:`;
  return services.pages.getOrLoad(`${key}${JSON.stringify(q)}`, () => pageOf(services, ctx, key, where(), q, fallback));
}

async function pageOf(services: Services, ctx: Ctx, key: string, where: SQL, q: ProductListQuery, fallback: SQL[]) {
  const order = [...orderBy(q.sorting, sortable, fallback), asc(products.id)];
  return services.data.inTenant(ctx, async (tx) => {
    const items = await selectProjected(tx, listRow, {
      where,
      orderBy: order,
      limit: q.maxResultCount,
      offset: q.skipCount,
      source: SCOPED,
    });
    if (q.skipCount === 0 && items.length < q.maxResultCount) return { totalCount: items.length, items };
    const { skipCount: _s, maxResultCount: _m, sorting: _o, ...filters } = q;
    const totalCount = await services.cache.getOrLoad(`${key}total:${JSON.stringify(filters)}`, () =>
      countRows(tx, products, where, SCOPED),
    );
    return { totalCount, items };
  });
}

async function getDeleted(tx: Tx, ctx: Ctx, id: string): Promise<Product> {
  const [row] = await selectEntities(tx, products, {
    where: and(tenantOf(ctx), eq(products.id, id), eq(products.isDeleted, true))!,
    limit: 1,
  });
  if (!row) throw notFound(ENTITY, id);
  return row;
}

async function one(tx: Tx, ctx: Ctx, row: Product) {
  return (await toDtos(tx, ctx, [row]))[0];
}

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
export async function createProduct(tx: Tx, ctx: Ctx, input: ProductInput): Promise<Product> {
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

export const productService = {
  list: (services: Services, ctx: Ctx, q: ProductListQuery) =>
    cachedPage(services, ctx, 'list', () => listWhere(ctx, q), q, defaultOrder),

  get: (services: Services, ctx: Ctx, id: string) =>
    services.data.inTenant(ctx, async (tx) => one(tx, ctx, await getOwned(tx, ctx, products, ENTITY, id))),

  /** The filtered, sorted list in batches, for the Excel export. */
  async *batches(services: Services, ctx: Ctx, q: Omit<ProductListQuery, 'skipCount' | 'maxResultCount'>, size = 2000) {
    const where = listWhere(ctx, { ...q, skipCount: 0, maxResultCount: size });
    const order = [...orderBy(q.sorting, sortable, defaultOrder), asc(products.id)];
    for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += size) {
      const rows = await services.data.inTenant(ctx, async (tx) =>
        toDtos(
          tx,
          ctx,
          await selectEntities(tx, products, { where, orderBy: order, limit: size, offset, source: SCOPED }),
        ),
      );
      if (rows.length) yield rows;
      if (rows.length < size) return;
    }
  },

  create: async (services: Services, ctx: Ctx, input: ProductInput) => {
    await validateVariantImages(services, ctx, input.variants);
    return services.data.inTenant(ctx, async (tx) => {
      const row = await createProduct(tx, ctx, input);
      await productsChanged(services, tx, ctx);
      return one(tx, ctx, row);
    });
  },

  update: async (services: Services, ctx: Ctx, id: string, { concurrencyStamp, ...input }: ProductUpdateInput) => {
    await validateVariantImages(services, ctx, input.variants);
    return services.data.inTenant(ctx, async (tx) => {
      const before = await getOwned(tx, ctx, products, ENTITY, id);
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
        return one(tx, ctx, await getOwned(tx, ctx, products, ENTITY, id));
      });
    });
  },

  /** Soft delete: into the recycle area. */
  remove: (services: Services, ctx: Ctx, id: string) =>
    services.data.inTenant(ctx, async (tx) => {
      await deleteOwned(tx, ctx, products, ENTITY, id);
      await productsChanged(services, tx, ctx);
    }),

  setActive: (services: Services, ctx: Ctx, id: string, isActive: boolean) =>
    services.data.inTenant(ctx, async (tx) => {
      await updateOwned(tx, ctx, products, ENTITY, id, { isActive });
      await productsChanged(services, tx, ctx);
      return one(tx, ctx, await getOwned(tx, ctx, products, ENTITY, id));
    }),

  /** A PMS status move allowed by `PmsTransitions`; others are 409 `Catalog::IllegalTransition`. */
  approve: (services: Services, ctx: Ctx, input: { id: string; pmsStatus: number; concurrencyStamp?: string }) =>
    services.data.inTenant(ctx, async (tx) => {
      const row = await getOwned(tx, ctx, products, ENTITY, input.id);
      if (!PmsTransitions[row.pmsStatus]?.includes(input.pmsStatus)) {
        throw businessError('Catalog::IllegalTransition', { from: row.pmsStatus, to: input.pmsStatus }, 409);
      }
      await updateOwned(tx, ctx, products, ENTITY, input.id, { pmsStatus: input.pmsStatus }, input.concurrencyStamp);
      await productsChanged(services, tx, ctx);
      return one(tx, ctx, await getOwned(tx, ctx, products, ENTITY, input.id));
    }),

  removeVariant: (services: Services, ctx: Ctx, variantId: string) =>
    services.data.inTenant(ctx, async (tx) => {
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
    }),

  /** Removes one line of a product's spec sheet; lines of recycled products are not reachable. */
  removeSpecification: (services: Services, ctx: Ctx, specificationId: string) =>
    services.data.inTenant(ctx, async (tx) => {
      const line = await getOwned(tx, ctx, productSpecifications, SPECIFICATION, specificationId);
      await getOwned(tx, ctx, products, SPECIFICATION, line.productId).catch(() => {
        throw notFound(SPECIFICATION, specificationId);
      });
      await deleteOwned(tx, ctx, productSpecifications, SPECIFICATION, specificationId);
      await productsChanged(services, tx, ctx);
    }),

  /** The product owning `sku` (its own or one of its variants'), not recycled. */
  bySku: (services: Services, ctx: Ctx, sku: string) =>
    services.data.inTenant(ctx, async (tx) => {
      const lowered = sku.toLowerCase();
      const [variant] = await tx
        .select({ productId: productVariants.productId })
        .from(productVariants)
        .where(owned(ctx, productVariants, sql`lower(${productVariants.sku}) = ${lowered}`))
        .limit(1);
      const [row] = await selectEntities(tx, products, {
        where: owned(
          ctx,
          products,
          variant ? eq(products.id, variant.productId) : sql`lower(${products.sku}) = ${lowered}`,
        ),
        limit: 1,
      });
      if (!row) throw notFound(ENTITY, sku);
      return one(tx, ctx, row);
    }),

  /** Prices of the given product or variant SKUs; unknown ones are left out. */
  itemPrice: (services: Services, ctx: Ctx, skus: string[]) =>
    services.data.inTenant(ctx, async (tx) => {
      const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
      const variants = await tx
        .select({
          sku: productVariants.sku,
          productId: productVariants.productId,
          id: productVariants.id,
          price: productVariants.price,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(owned(ctx, products), inArray(sql`lower(${productVariants.sku})`, lowered)));
      const parents = await tx
        .select({ sku: products.sku, id: products.id, price: products.price })
        .from(products)
        .where(owned(ctx, products, inArray(sql`lower(${products.sku})`, lowered)));
      return {
        items: [
          ...parents.map((p) => ({ sku: p.sku, productId: p.id, variantId: null, price: p.price })),
          ...variants.map((v) => ({ sku: v.sku, productId: v.productId, variantId: v.id, price: v.price })),
        ],
      };
    }),

  /**
   * A new parent SKU from the tenant's pattern (`Catalog.Sku.Pattern`, domain §3.4). The
   * sequence is one row per tenant and stem (the pattern without its number) incremented
   * atomically, so concurrent callers never get the same number; numbers whose SKU is
   * already taken (entered by hand) are skipped.
   */
  generateSku: async (services: Services, ctx: Ctx, q: { prefix: string; categoryId?: string }) => {
    if (!ctx.tenant) throw fieldError('prefix', 'Catalog::SkuFormat');
    const tenantId = ctx.tenant.id;
    const pattern = await getSetting(services, { tenant: ctx.tenant, user: null }, SKU_PATTERN_SETTING);
    return services.data.inTenant(ctx, async (tx) => {
      let category = '';
      if (q.categoryId) {
        const [row] = await tx
          .select({ code: categories.code })
          .from(categories)
          .where(owned(ctx, categories, eq(categories.id, q.categoryId)));
        if (!row) throw fieldError('categoryId', 'Catalog::CategoryNotFound');
        category = row.code.toUpperCase();
      }
      const { stem, sku: skuOf } = renderSkuPattern(pattern, { prefix: q.prefix, category, now: new Date() });
      const first = skuOf(1);
      if (!SKU_PATTERN.test(first)) throw fieldError('prefix', 'Catalog::SkuFormat');
      if (first.length > SKU_MAX) throw fieldError('prefix', 'Catalog::SkuTooLong', [first, SKU_MAX]);
      for (let attempt = 0; attempt < 1000; attempt++) {
        const [{ value }] = await tx
          .insert(skuSequences)
          .values({ tenantId, prefix: stem, value: 1 })
          .onConflictDoUpdate({
            target: [skuSequences.tenantId, skuSequences.prefix],
            set: { value: sql`${skuSequences.value} + 1` },
          })
          .returning({ value: skuSequences.value });
        const sku = skuOf(value);
        if (sku.length > SKU_MAX) break;
        try {
          await assertSkusFree(tx, ctx, 'prefix', [sku]);
          return { sku };
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
        }
      }
      throw fieldError('prefix', 'Catalog::SkuExhausted', [q.prefix]);
    });
  },

  /** Deletes a product for good, whether in the list or the recycle area; its SKUs become free. */
  hardDelete: (services: Services, ctx: Ctx, id: string) =>
    services.data.inTenant(ctx, async (tx) => {
      const [row] = await selectEntities(tx, products, {
        where: and(tenantOf(ctx), eq(products.id, id))!,
        limit: 1,
      });
      if (!row) throw notFound(ENTITY, id);
      await tx.delete(products).where(and(tenantOf(ctx), eq(products.id, id)));
      recordChange(ctx, ENTITY, 2, id, row, {});
      await productsChanged(services, tx, ctx);
    }),
};

/** The recycle area for products (`/api/catalog/recycle/products`). */
export const productRecycle = {
  list: (services: Services, ctx: Ctx, q: ProductListQuery) =>
    cachedPage(
      services,
      ctx,
      'recycle',
      () =>
        and(
          tenantOf(ctx),
          eq(products.isDeleted, true),
          q.filter ? sql`${products.searchText} ilike ${like(q.filter)}` : undefined,
        )!,
      q,
      [desc(products.deletionTime)],
    ),

  /** Restores a recycled product (`reback`). */
  reback: (services: Services, ctx: Ctx, id: string) =>
    services.data.inTenant(ctx, async (tx) => {
      const before = await getDeleted(tx, ctx, id);
      const [after] = await tx
        .update(products)
        .set({ isDeleted: false, deletionTime: null, deleterId: null })
        .where(and(tenantOf(ctx), eq(products.id, id)))
        .returning();
      recordChange(ctx, ENTITY, 1, id, before, after);
      await productsChanged(services, tx, ctx);
      return one(tx, ctx, after);
    }),

  /** Deletes a recycled product for good (`clear`). */
  clear: (services: Services, ctx: Ctx, id: string) =>
    services.data.inTenant(ctx, async (tx) => {
      const before = await getDeleted(tx, ctx, id);
      await tx.delete(products).where(and(tenantOf(ctx), eq(products.id, id)));
      recordChange(ctx, ENTITY, 2, id, before, {});
      await productsChanged(services, tx, ctx);
    }),
};
