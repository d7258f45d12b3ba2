import type { ProductListQuery } from '@seller/contracts/catalog';
import { and, asc, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  countRows,
  getOwned,
  orderBy,
  owned,
  projection,
  selectEntities,
  selectProjected,
} from '../../../core/crud.ts';
import { notFound } from '../../../core/errors.ts';
import { EXPORT_MAX_ROWS } from '../../../core/export.ts';
import type { Services } from '../../../core/services.ts';
import { productListsKey } from '../events.ts';
import { type Ctx, ENTITY, like, one, toDtos } from './records.ts';
import { productImages, products, productVariants } from './schema.ts';

/** Reading products: the cached list pages, one product, the Excel export's batches, lookups by SKU. */

/** The tenant-scoped view the list reads, so the trigram index serves the filter (`productsScoped`, products/schema.ts). */
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

/** The list filter's condition (also what the SKU image export selects by). */
export function listWhere(ctx: Ctx, q: ProductListQuery): SQL {
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
export function cachedPage(
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

export const productQueries = {
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
};
