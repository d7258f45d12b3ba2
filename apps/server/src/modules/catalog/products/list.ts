import {
  type ProductListItem,
  productList,
  productRecycleList,
  type SkuImageExportFilter,
} from '@seller/contracts/catalog';
import { and, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import { getOwned, owned, selectEntities } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { notFound } from '../../../core/errors.ts';
import { type ListService, listService } from '../../../core/lists.ts';
import { contains } from '../../../core/search.ts';
import { productListsKey } from '../events.ts';
import { recycledProductsTable } from '../recycle.ts';
import { type Ctx, ENTITY, one } from './records.ts';
import { productImages, products, productsScoped, productVariants } from './schema.ts';

/** Reading products: the cached list pages, one product, lookups by SKU. */

/** The product of the row, qualified: drizzle leaves a single table's columns unqualified, which a subquery would take as its own. */
const productId = sql.raw(`"${getTableName(products)}"."id"`);

/**
 * A list row: the table's columns plus the variant count and the main image, read by
 * correlated subqueries on their product indexes, so a page is one statement.
 */
const listColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  nameEn: products.nameEn,
  categoryIds: products.categoryIds,
  brandId: products.brandId,
  price: products.price,
  priceCurrency: products.priceCurrency,
  pmsStatus: products.pmsStatus,
  isActive: products.isActive,
  inStock: products.inStock,
  developer: products.developer,
  purchaser: products.purchaser,
  artDesigner: products.artDesigner,
  region: products.region,
  weight: products.weight,
  hsCode: products.hsCode,
  mainImage: sql<
    string | null
  >`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${productId} and ${productImages.isMain} limit 1)`,
  variantCount:
    sql<number>`(select count(*) from ${productVariants} where ${productVariants.productId} = ${productId})`.mapWith(
      Number,
    ),
  // the export's column of variant SKUs, in the product's order
  variantSkus: sql<
    string | null
  >`(select string_agg(${productVariants.sku}, ', ' order by ${productVariants.sort}) from ${productVariants} where ${productVariants.productId} = ${productId})`,
  creationTime: products.creationTime,
  lastModificationTime: products.lastModificationTime,
  concurrencyStamp: products.concurrencyStamp,
  isDeleted: products.isDeleted,
  deletionTime: products.deletionTime,
};
type ListRow = ProductListItem & { variantSkus: string | null };

const inCategory = (categoryId: string) => sql`${products.categoryIds} @> array[${categoryId}]::uuid[]`;

/** The product list declared in the contracts (`productList`). */
const listed = listService<typeof productList.spec, ListRow, ListRow>(productList, {
  table: products,
  // the tenant-scoped view, so that the trigram and category indexes serve the filters
  view: productsScoped.name,
  rows: (tx: Tx, _ctx, from) => tx.select(listColumns).from(from).$dynamic(),
  search: [products.searchText],
  filters: {
    categoryId: inCategory,
    brandId: products.brandId,
    pmsStatus: (status: string) => eq(products.pmsStatus, Number(status)),
    isActive: products.isActive,
    inStock: products.inStock,
    developer: products.developer,
    purchaser: products.purchaser,
    created: products.creationTime,
  },
  sorts: {
    sku: products.sku,
    name: products.name,
    price: products.price,
    pmsStatus: products.pmsStatus,
    isActive: products.isActive,
    creationTime: products.creationTime,
  },
  items: (_tx, _ctx, rows: ListRow[]) => rows,
});

/**
 * List pages are cached per tenant and query; every product write raises `ProductsChanged`,
 * which leaves them behind in every process (`events.ts`). A page that is not cached is read
 * by the list kit.
 */
export const productListService: ListService<ListRow> = {
  ...listed,
  page: (services, ctx, q) =>
    services.pages.getOrLoad(`${productListsKey(services, ctx.tenant?.id ?? null)}list:${JSON.stringify(q)}`, () =>
      listed.page(services, ctx, q),
    ),
};

/** The products an SKU image export's list filter selects (the list's filters it may name). */
export function selectionWhere(ctx: Ctx, f: SkuImageExportFilter): SQL {
  return owned(
    ctx,
    products,
    f.filter ? contains(products.searchText, f.filter) : undefined,
    f.categoryId ? inCategory(f.categoryId) : undefined,
    f.brandId ? eq(products.brandId, f.brandId) : undefined,
    f.pmsStatus !== undefined ? eq(products.pmsStatus, f.pmsStatus) : undefined,
    f.isActive !== undefined ? eq(products.isActive, f.isActive) : undefined,
    f.inStock !== undefined ? eq(products.inStock, f.inStock) : undefined,
  );
}

const { variantSkus: _, weight: _w, hsCode: _h, ...recycleColumns } = listColumns;

/** The recycle area's products on the kit: the list's rows, but the recycled ones. */
const recycled = listService(productRecycleList, {
  table: recycledProductsTable,
  rows: (tx: Tx) => tx.select(recycleColumns).from(products).$dynamic(),
  search: [products.searchText],
  filters: {},
  sorts: {
    sku: products.sku,
    name: products.name,
    price: products.price,
    deletionTime: products.deletionTime,
  },
  scope: () => eq(products.isDeleted, true),
  items: (_tx, _ctx, rows: ProductListItem[]) => rows,
});

/** Recycle pages are cached as the list's are, and left behind by the same `ProductsChanged`. */
export const productRecycleListService: ListService<ProductListItem> = {
  ...recycled,
  page: (services, ctx, q) =>
    services.pages.getOrLoad(`${productListsKey(services, ctx.tenant?.id ?? null)}recycle:${JSON.stringify(q)}`, () =>
      recycled.page(services, ctx, q),
    ),
};

/** A product with its variants, images and spec sheet (404 when not the tenant's or recycled). */
export const getProduct = async (tx: Tx, ctx: Ctx, id: string) =>
  one(tx, ctx, await getOwned(tx, ctx, products, ENTITY, id));

/** The product owning `sku` (its own or one of its variants'), not recycled. */
export async function productBySku(tx: Tx, ctx: Ctx, sku: string) {
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
}

/** Prices of the given product or variant SKUs; unknown ones are left out. */
export async function itemPrices(tx: Tx, ctx: Ctx, skus: string[]) {
  const lowered = [...new Set(skus.map((s) => s.toLowerCase()))];
  const variants = await tx
    .select({
      sku: productVariants.sku,
      productId: productVariants.productId,
      id: productVariants.id,
      price: productVariants.price,
      currency: products.priceCurrency,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(owned(ctx, products), inArray(sql`lower(${productVariants.sku})`, lowered)));
  const parents = await tx
    .select({ sku: products.sku, id: products.id, price: products.price, currency: products.priceCurrency })
    .from(products)
    .where(owned(ctx, products, inArray(sql`lower(${products.sku})`, lowered)));
  return {
    items: [
      ...parents.map((p) => ({ sku: p.sku, productId: p.id, variantId: null, price: p.price, currency: p.currency })),
      ...variants.map((v) => ({
        sku: v.sku,
        productId: v.productId,
        variantId: v.id,
        price: v.price,
        currency: v.currency,
      })),
    ],
  };
}
