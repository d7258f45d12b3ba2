import { type SiteProductDto, type SiteProductUpdateInput, siteProductList } from '@seller/contracts/sitekit';
import { arrayOverlaps, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type CrudContext, getOwned, owned, removeOwned, rewriteOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { conflict, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { assertMoneyPlaces, moneyText } from '../../../core/money.ts';
import { uniquely } from '../../../core/resource.ts';
import { sanitizeHtml } from '../sanitize.ts';
import { type SiteProductRow, siteCategories, siteProducts, siteProductVariants } from './schema.ts';

export const SITE_PRODUCT_ENTITY = 'SiteProduct';

const stateOf = sql<string>`case when ${siteProducts.isPublished} then 'PUBLISHED' else 'HIDDEN' end`;

/** The approved reviews' average, one decimal; null without any. */
export const ratingOf = (r: Pick<SiteProductRow, 'ratingSum' | 'reviewCount'>) =>
  r.reviewCount ? Math.round((r.ratingSum / r.reviewCount) * 10) / 10 : null;

/** Rows → DTOs with their variants and category names, each loaded in one query for the page. */
export async function siteProductDtos(tx: Tx, ctx: CrudContext, rows: SiteProductRow[]): Promise<SiteProductDto[]> {
  if (!rows.length) return [];
  const variants = await tx
    .select()
    .from(siteProductVariants)
    .where(
      owned(
        ctx,
        siteProductVariants,
        inArray(
          siteProductVariants.siteProductId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(siteProductVariants.sortOrder));
  const categoryIds = [...new Set(rows.flatMap((r) => r.categoryIds))];
  const names = new Map(
    categoryIds.length
      ? (
          await tx
            .select({ id: siteCategories.id, name: siteCategories.name })
            .from(siteCategories)
            .where(owned(ctx, siteCategories, inArray(siteCategories.id, categoryIds)))
        ).map((c) => [c.id, c.name])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    siteId: r.siteId,
    productId: r.productId,
    productSku: r.productSku,
    title: r.title,
    titleEn: r.titleEn,
    slug: r.slug,
    description: r.description,
    imageUrl: r.imageUrl,
    categoryIds: r.categoryIds,
    categoryNames: r.categoryIds.map((c) => names.get(c)).filter((n): n is string => !!n),
    priceMode: r.priceMode,
    currency: r.currency,
    price: moneyText(r.price, r.currency),
    variants: variants
      .filter((v) => v.siteProductId === r.id)
      .map((v) => ({
        variantId: v.variantId,
        sku: v.sku,
        label: v.label,
        price: moneyText(v.price, r.currency),
        compareAtPrice: v.compareAtPrice === null ? null : moneyText(v.compareAtPrice, r.currency),
      })),
    state: r.isPublished ? 'PUBLISHED' : 'HIDDEN',
    isPublished: r.isPublished,
    publishedAt: r.publishedAt,
    visibleInListings: r.visibleInListings,
    showOnHomepage: r.showOnHomepage,
    allowReviews: r.allowReviews,
    reviewCount: r.reviewCount,
    rating: ratingOf(r),
    syncedAt: r.syncedAt,
    creationTime: r.creationTime,
    creatorId: r.creatorId,
    lastModificationTime: r.lastModificationTime,
    lastModifierId: r.lastModifierId,
    concurrencyStamp: r.concurrencyStamp,
  }));
}

/** The site products list (the list kit): one site's, published and hidden tabs, search in title and SKU. */
export const siteProductListService = listService(siteProductList, {
  table: siteProducts,
  search: [siteProducts.title, siteProducts.titleEn, siteProducts.productSku],
  filters: {
    siteId: siteProducts.siteId,
    categoryId: (id: string) => arrayOverlaps(siteProducts.categoryIds, [id]),
    priceMode: siteProducts.priceMode,
  },
  tab: stateOf,
  sorts: {
    title: siteProducts.title,
    price: siteProducts.price,
    publishedAt: siteProducts.publishedAt,
    creationTime: siteProducts.creationTime,
  },
  items: (tx, ctx, rows: SiteProductRow[]) => siteProductDtos(tx, ctx, rows),
});

export async function siteProductOf(tx: Tx, ctx: CrudContext, id: string): Promise<SiteProductDto> {
  return (await siteProductDtos(tx, ctx, [await getOwned(tx, ctx, siteProducts, SITE_PRODUCT_ENTITY, id)]))[0]!;
}

async function locked(tx: Tx, ctx: CrudContext, id: string, stamp?: string): Promise<SiteProductRow> {
  const [row] = await tx
    .select()
    .from(siteProducts)
    .where(owned(ctx, siteProducts, eq(siteProducts.id, id)))
    .for('update');
  if (!row) throw notFound(SITE_PRODUCT_ENTITY, id);
  if (stamp && stamp !== row.concurrencyStamp) throw conflict();
  return row;
}

/** The lowest variant price of a site product: what lists show and sort by. */
export async function refreshLowestPrice(tx: Tx, id: string) {
  await tx
    .update(siteProducts)
    .set({
      price: sql`coalesce((select min(${siteProductVariants.price}) from ${siteProductVariants} where ${siteProductVariants.siteProductId} = ${id}), 0)`,
      compareAtPrice: sql`(select min(${siteProductVariants.compareAtPrice}) from ${siteProductVariants} where ${siteProductVariants.siteProductId} = ${id})`,
    })
    .where(eq(siteProducts.id, id));
}

/** `PUT /api/sitekit/products/{id}`: the site's own title, address, description, categories, prices and flags. */
export async function updateSiteProduct(
  tx: Tx,
  ctx: CrudContext,
  id: string,
  input: SiteProductUpdateInput,
): Promise<SiteProductDto> {
  const before = await locked(tx, ctx, id, input.concurrencyStamp);
  if (input.categoryIds.length) {
    const known = await tx
      .select({ id: siteCategories.id })
      .from(siteCategories)
      .where(
        owned(
          ctx,
          siteCategories,
          eq(siteCategories.siteId, before.siteId),
          inArray(siteCategories.id, input.categoryIds),
        ),
      );
    const ids = new Set(known.map((k) => k.id));
    const i = input.categoryIds.findIndex((c) => !ids.has(c));
    if (i >= 0) throw fieldError(`categoryIds.${i}`, 'Sitekit::SiteCategoryUnknown');
  }
  const slug = input.slug ?? before.slug;
  const [clash] = await tx
    .select({ id: siteProducts.id })
    .from(siteProducts)
    .where(
      owned(
        ctx,
        siteProducts,
        eq(siteProducts.siteId, before.siteId),
        eq(siteProducts.slug, slug),
        ne(siteProducts.id, id),
      ),
    );
  const taken = () => fieldError('slug', 'Sitekit::ProductSlugTaken', [slug]);
  if (clash) throw taken();
  if (input.priceMode === 'MANUAL') {
    const variants = await tx.select().from(siteProductVariants).where(eq(siteProductVariants.siteProductId, id));
    const byVariant = new Map(input.variants.map((v, i) => [v.variantId, { v, i }]));
    input.variants.forEach((v, i) => {
      if (!variants.some((x) => x.variantId === v.variantId))
        throw fieldError(`variants.${i}.variantId`, 'Sitekit::VariantNotOfProduct');
      assertMoneyPlaces(`variants.${i}.price`, v.price, before.currency);
      assertMoneyPlaces(`variants.${i}.compareAtPrice`, v.compareAtPrice, before.currency);
    });
    if (variants.some((x) => !byVariant.has(x.variantId))) throw fieldError('variants', 'Sitekit::ManualPriceMissing');
    for (const x of variants) {
      const { v } = byVariant.get(x.variantId)!;
      await tx
        .update(siteProductVariants)
        .set({
          price: moneyText(v.price, before.currency),
          compareAtPrice: v.compareAtPrice === null ? null : moneyText(v.compareAtPrice, before.currency),
        })
        .where(eq(siteProductVariants.id, x.id));
    }
  }
  const published = input.isPublished;
  await uniquely(
    () =>
      rewriteOwned(tx, ctx, siteProducts, SITE_PRODUCT_ENTITY, before, {
        title: input.title,
        titleEn: input.titleEn,
        slug,
        description: sanitizeHtml(input.description),
        categoryIds: input.categoryIds,
        priceMode: input.priceMode,
        isPublished: published,
        publishedAt: published ? (input.publishedAt ?? before.publishedAt ?? new Date()) : input.publishedAt,
        visibleInListings: input.visibleInListings,
        showOnHomepage: input.showOnHomepage,
        allowReviews: input.allowReviews,
        searchText: searchTextOf(input.title, input.titleEn, before.productSku),
      }),
    taken,
  );
  await refreshLowestPrice(tx, id);
  return siteProductOf(tx, ctx, id);
}

/** What the storefront's search reads: the titles and the SKU, in small letters. */
export const searchTextOf = (title: string, titleEn: string | null, sku: string) =>
  [title, titleEn ?? '', sku].join(' ').toLowerCase();

/** `POST /{id}/publish|unpublish`: shown from now on (or from the time set), or hidden. */
export async function publishSiteProduct(tx: Tx, ctx: CrudContext, id: string, publish: boolean) {
  const before = await locked(tx, ctx, id);
  if (before.isPublished !== publish)
    await rewriteOwned(tx, ctx, siteProducts, SITE_PRODUCT_ENTITY, before, {
      isPublished: publish,
      publishedAt: publish ? (before.publishedAt ?? new Date()) : before.publishedAt,
    });
  return siteProductOf(tx, ctx, id);
}

export async function deleteSiteProduct(tx: Tx, ctx: CrudContext, id: string) {
  await removeOwned(tx, ctx, siteProducts, SITE_PRODUCT_ENTITY, await locked(tx, ctx, id));
}
