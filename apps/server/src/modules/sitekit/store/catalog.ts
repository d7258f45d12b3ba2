import type { StoreProductDetailDto, StoreProductDto, StoreProductsQuery } from '@seller/contracts/sitekit';
import { arrayOverlaps, asc, desc, eq, gte, inArray, like, lte, type SQL, sql } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { readThrough } from '../../../core/lists.ts';
import { convert, convertExact, money, type Rates } from '../../../core/money.ts';
import { availableStock } from '../../trade/index.ts';
import { categoriesOfSite } from '../catalog/categories.ts';
import { ratingOf } from '../catalog/products.ts';
import { type SiteProductRow, siteProducts, siteProductsScoped, siteProductVariants } from '../catalog/schema.ts';
import { sanitizeHtml } from '../sanitize.ts';
import type { SiteRow } from '../sites/schema.ts';

/** How far past the page the product list counts its matches (`capped` says the count stopped there). */
export const STORE_COUNT_AHEAD = 1000;

/** What a storefront read prices and names in: a currency of the site's, the tenant's rates, the language. */
export interface Shown {
  currency: string;
  rates: Rates;
  english: boolean;
  /** A picture as the shopper's browser may load it (`shopperImage`). */
  image(url: string | null): Promise<string | null>;
}

/** The currency asked for, when the site sells in it; the site's own otherwise asked for nothing. */
export function shownCurrency(site: SiteRow, asked: string | undefined): string {
  const c = asked ?? site.defaultCurrency;
  if (!site.currencies.includes(c)) throw fieldError('currency', 'Sitekit::CartCurrencyNotOffered', [c]);
  return c;
}

/** A site price in the shown currency, converted once and rounded to its minor units. */
const priced = (amount: string, from: string, shown: Shown) =>
  convert(money(amount, from), shown.currency, shown.rates).toString();

const visibleNow = (ctx: CrudContext, siteId: string, ...more: (SQL | undefined)[]) =>
  owned(
    ctx,
    siteProducts,
    eq(siteProducts.siteId, siteId),
    eq(siteProducts.isPublished, true),
    lte(siteProducts.publishedAt, sql`now()`),
    ...more,
  );

/** The site's published categories with how many products each shows now (its subcategories' included). */
export async function storeCategories(tx: Tx, ctx: CrudContext, site: SiteRow, english: boolean) {
  const categories = await categoriesOfSite(tx, ctx, site.id, true);
  const counts = await tx
    .select({ id: sql<string>`c.id`, n: sql<number>`count(*)::int` })
    .from(siteProducts)
    .innerJoin(sql`unnest(${siteProducts.categoryIds}) as c(id)`, sql`true`)
    .where(visibleNow(ctx, site.id, eq(siteProducts.visibleInListings, true)))
    .groupBy(sql`c.id`);
  const n = new Map(counts.map((c) => [c.id, c.n]));
  return categories.map((c) => ({
    id: c.id,
    parentId: c.parentId,
    name: (english && c.nameEn) || c.name,
    slug: c.slug,
    description: c.description,
    imageUrl: c.imageUrl,
    productCount: n.get(c.id) ?? 0,
  }));
}

const SORTS: Record<StoreProductsQuery['sort'], SQL[]> = {
  newest: [desc(siteProducts.publishedAt), desc(siteProducts.id)],
  'price-asc': [asc(siteProducts.price), asc(siteProducts.id)],
  'price-desc': [desc(siteProducts.price), desc(siteProducts.id)],
  title: [asc(siteProducts.title), asc(siteProducts.id)],
  rating: [
    sql`(${siteProducts.ratingSum}::float / nullif(${siteProducts.reviewCount}, 0)) desc nulls last`,
    desc(siteProducts.reviewCount),
    asc(siteProducts.id),
  ],
};

async function listItem(p: SiteProductRow, shown: Shown, inStock: boolean): Promise<StoreProductDto> {
  return {
    id: p.id,
    slug: p.slug,
    title: (shown.english && p.titleEn) || p.title,
    imageUrl: await shown.image(p.imageUrl),
    currency: shown.currency,
    price: priced(p.price, p.currency, shown),
    compareAtPrice: p.compareAtPrice === null ? null : priced(p.compareAtPrice, p.currency, shown),
    rating: ratingOf(p),
    reviewCount: p.reviewCount,
    inStock,
  };
}

/** Which of the products' variants the site's warehouse has any of. */
async function stockedProducts(tx: Tx, ctx: CrudContext, site: SiteRow, productIds: string[]) {
  if (!productIds.length) return new Set<string>();
  const variants = await tx
    .select({ productId: siteProductVariants.siteProductId, variantId: siteProductVariants.variantId })
    .from(siteProductVariants)
    .where(owned(ctx, siteProductVariants, inArray(siteProductVariants.siteProductId, productIds)));
  const available = await availableStock(
    tx,
    ctx,
    site.warehouseId,
    variants.map((v) => v.variantId),
  );
  return new Set(variants.filter((v) => (available.get(v.variantId) ?? 0) > 0).map((v) => v.productId));
}

/**
 * `GET /api/store/products`: the site's products shown now, in lists (or on the home page), of a
 * category and its subcategories, matching the search, within a price range (in the shown
 * currency), sorted and paged.
 */
export async function storeProducts(tx: Tx, ctx: CrudContext, site: SiteRow, q: StoreProductsQuery, shown: Shown) {
  let inCategories: string[] | null = null;
  if (q.category) {
    const all = await categoriesOfSite(tx, ctx, site.id, true);
    const root = all.find((c) => c.slug === q.category);
    if (!root) return { totalCount: 0, capped: false, items: [] };
    inCategories = [root.id];
    for (let i = 0; i < inCategories.length && i < 1000; i++)
      for (const c of all) if (c.parentId === inCategories[i] && !inCategories.includes(c.id)) inCategories.push(c.id);
  }
  const bound = (v: number | undefined) =>
    v === undefined
      ? undefined
      : convertExact(money(String(v), shown.currency), site.defaultCurrency, shown.rates).amount.toString();
  const min = bound(q.minPrice);
  const max = bound(q.maxPrice);
  const text = q.q?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = visibleNow(
    ctx,
    site.id,
    q.homepage === 'true' ? eq(siteProducts.showOnHomepage, true) : eq(siteProducts.visibleInListings, true),
    inCategories ? arrayOverlaps(siteProducts.categoryIds, inCategories) : undefined,
    text ? like(siteProducts.searchText, `%${text}%`) : undefined,
    min !== undefined ? gte(siteProducts.price, min) : undefined,
    max !== undefined ? lte(siteProducts.price, max) : undefined,
  );
  // through the tenant's view: the tenant checked once, not per row by the policy
  const products = readThrough(siteProducts, siteProductsScoped.name);
  const rows = await tx
    .select()
    .from(products)
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(q.maxResultCount)
    .offset(q.skipCount);
  // counted up to a bound past the page, not over the whole site: enough for "more", bounded work
  const cap = q.skipCount + q.maxResultCount + STORE_COUNT_AHEAD;
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tx.select({ one: sql`1` }).from(products).where(where).limit(cap).as('matches'));
  const stocked = await stockedProducts(
    tx,
    ctx,
    site,
    rows.map((r) => r.id),
  );
  return {
    totalCount: n,
    capped: n === cap,
    items: await Promise.all(rows.map((r) => listItem(r, shown, stocked.has(r.id)))),
  };
}

/** `GET /api/store/products/{slug}`: one product with its variants, what each has available, and its categories. */
export async function storeProductDetail(
  tx: Tx,
  ctx: CrudContext,
  site: SiteRow,
  product: SiteProductRow,
  shown: Shown,
): Promise<StoreProductDetailDto> {
  const variants = await tx
    .select()
    .from(siteProductVariants)
    .where(eq(siteProductVariants.siteProductId, product.id))
    .orderBy(asc(siteProductVariants.sortOrder));
  const available = await availableStock(
    tx,
    ctx,
    site.warehouseId,
    variants.map((v) => v.variantId),
  );
  const categories = (await categoriesOfSite(tx, ctx, site.id, true)).filter((c) => product.categoryIds.includes(c.id));
  const out = await Promise.all(
    variants.map(async (v) => ({
      variantId: v.variantId,
      sku: v.sku,
      label: v.label,
      price: priced(v.price, product.currency, shown),
      compareAtPrice: v.compareAtPrice === null ? null : priced(v.compareAtPrice, product.currency, shown),
      imageUrl: await shown.image(v.imageUrl),
      available: available.get(v.variantId) ?? 0,
    })),
  );
  return {
    ...(await listItem(
      product,
      shown,
      out.some((v) => v.available > 0),
    )),
    description: sanitizeHtml(product.description),
    images: (await Promise.all(product.images.map((u) => shown.image(u)))).filter((u): u is string => !!u),
    categories: categories.map((c) => ({ name: (shown.english && c.nameEn) || c.name, slug: c.slug })),
    allowReviews: product.allowReviews,
    variants: out,
  };
}
