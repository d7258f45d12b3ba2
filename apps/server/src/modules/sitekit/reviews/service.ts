import {
  type ReviewAction,
  type ReviewDto,
  reviewList,
  reviewTransitions,
  type StoreReviewInput,
} from '@seller/contracts/sitekit';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { conflict, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { siteOrderWith } from '../../trade/index.ts';
import { type SiteProductRow, siteProducts, siteProductVariants } from '../catalog/schema.ts';
import { refusal } from '../refusals.ts';
import { shoppers } from '../shoppers/schema.ts';
import { countOnShopper } from '../shoppers/service.ts';
import type { SiteRow } from '../sites/schema.ts';
import { settingsOfSite } from '../sites/service.ts';
import { type ReviewRow, reviews } from './schema.ts';

export const REVIEW_ENTITY = 'Review';

/** The product's approved reviews counted again: what lists show and sort by. */
async function recount(tx: Tx, siteProductId: string) {
  await tx
    .update(siteProducts)
    .set({
      ratingSum: sql`(select coalesce(sum(${reviews.rating}), 0)::int from ${reviews} where ${reviews.siteProductId} = ${siteProductId} and ${reviews.status} = 'APPROVED')`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.siteProductId} = ${siteProductId} and ${reviews.status} = 'APPROVED')`,
    })
    .where(eq(siteProducts.id, siteProductId));
}

async function reviewDtos(tx: Tx, ctx: CrudContext, rows: ReviewRow[]): Promise<ReviewDto[]> {
  if (!rows.length) return [];
  const products = new Map(
    (
      await tx
        .select({ id: siteProducts.id, title: siteProducts.title })
        .from(siteProducts)
        .where(
          owned(
            ctx,
            siteProducts,
            inArray(
              siteProducts.id,
              rows.map((r) => r.siteProductId),
            ),
          ),
        )
    ).map((p) => [p.id, p.title]),
  );
  const people = new Map(
    (
      await tx
        .select({ id: shoppers.id, name: shoppers.name, email: shoppers.email })
        .from(shoppers)
        .where(
          owned(
            ctx,
            shoppers,
            inArray(
              shoppers.id,
              rows.map((r) => r.shopperId),
            ),
          ),
        )
    ).map((p) => [p.id, p]),
  );
  return rows.map((r) => ({
    id: r.id,
    siteId: r.siteId,
    siteProductId: r.siteProductId,
    productTitle: products.get(r.siteProductId) ?? '',
    shopperId: r.shopperId,
    shopperName: people.get(r.shopperId)?.name ?? '',
    shopperEmail: people.get(r.shopperId)?.email ?? '',
    rating: r.rating,
    title: r.title,
    text: r.text,
    status: r.status,
    verifiedPurchase: r.orderId !== null,
    reply: r.reply,
    repliedAt: r.repliedAt,
    creationTime: r.creationTime,
    concurrencyStamp: r.concurrencyStamp,
  }));
}

/** The reviews list (the list kit): one site's, by status, rating and verified purchase. */
export const reviewListService = listService(reviewList, {
  table: reviews,
  search: [reviews.text, reviews.title],
  filters: {
    siteId: reviews.siteId,
    rating: (v: string) => eq(reviews.rating, Number(v)),
    verifiedPurchase: (v: boolean) => (v ? sql`${reviews.orderId} is not null` : sql`${reviews.orderId} is null`),
  },
  tab: reviews.status,
  sorts: { rating: reviews.rating, creationTime: reviews.creationTime },
  items: (tx, ctx, rows: ReviewRow[]) => reviewDtos(tx, ctx, rows),
});

async function lockReview(tx: Tx, ctx: CrudContext, id: string, stamp?: string) {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(owned(ctx, reviews, eq(reviews.id, id)))
    .for('update');
  if (!row) throw notFound(REVIEW_ENTITY, id);
  if (stamp && stamp !== row.concurrencyStamp) throw conflict();
  return row;
}

/** What every change of a review renews. */
const changed = () => ({ lastModificationTime: new Date(), concurrencyStamp: sql`md5(random()::text)` });

/** approve | reject, as the table allows; the product's rating follows. */
export async function moderate(tx: Tx, ctx: CrudContext, id: string, action: ReviewAction): Promise<ReviewDto> {
  const before = await lockReview(tx, ctx, id);
  const to = reviewTransitions[before.status][action];
  if (!to) throw refusal('ReviewIllegal', [before.status, action]);
  const [after] = await tx
    .update(reviews)
    .set({ status: to, ...changed() })
    .where(eq(reviews.id, id))
    .returning();
  await recount(tx, before.siteProductId);
  return (await reviewDtos(tx, ctx, [after!]))[0]!;
}

/** The seller's reply (shown with the review once approved); blank removes it. */
export async function reply(tx: Tx, ctx: CrudContext, id: string, text: string | null, stamp?: string) {
  await lockReview(tx, ctx, id, stamp);
  const [after] = await tx
    .update(reviews)
    .set({ reply: text, repliedAt: text ? new Date() : null, ...changed() })
    .where(eq(reviews.id, id))
    .returning();
  return (await reviewDtos(tx, ctx, [after!]))[0]!;
}

export async function deleteReview(tx: Tx, ctx: CrudContext, id: string) {
  const before = await lockReview(tx, ctx, id);
  await tx.delete(reviews).where(eq(reviews.id, id));
  await countOnShopper(tx, before.shopperId, 'reviews', -1);
  await recount(tx, before.siteProductId);
}

/** A published site product by its address: what the storefront's product routes read. */
export async function publishedProduct(tx: Tx, ctx: CrudContext, siteId: string, slug: string) {
  const [row] = await tx
    .select()
    .from(siteProducts)
    .where(
      owned(
        ctx,
        siteProducts,
        eq(siteProducts.siteId, siteId),
        eq(siteProducts.slug, slug),
        eq(siteProducts.isPublished, true),
        sql`${siteProducts.publishedAt} <= now()`,
      ),
    );
  if (!row) throw notFound('SiteProduct', slug);
  return row;
}

/**
 * A shopper's review of a product (the storefront's `POST …/reviews`) under the site's settings:
 * reviews open on the product, only after a purchase if so set, one per product and shopper if so
 * set (the shopper's row locked, so two at once cannot both pass), waiting for approval if so set.
 * An order of the shopper's holding the product makes it a verified purchase.
 */
export async function writeReview(
  tx: Tx,
  ctx: CrudContext,
  site: SiteRow,
  shopperId: string,
  product: SiteProductRow,
  input: StoreReviewInput,
) {
  const settings = settingsOfSite(site);
  if (!product.allowReviews) throw refusal('ReviewNotAllowed', [], 403);
  await tx.select({ id: shoppers.id }).from(shoppers).where(eq(shoppers.id, shopperId)).for('update');
  if (settings.oneReviewPerProduct) {
    const [mine] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(owned(ctx, reviews, eq(reviews.siteProductId, product.id), eq(reviews.shopperId, shopperId)));
    if (mine) throw refusal('ReviewAlreadyWritten');
  }
  const variantIds = (
    await tx
      .select({ id: siteProductVariants.variantId })
      .from(siteProductVariants)
      .where(eq(siteProductVariants.siteProductId, product.id))
  ).map((v) => v.id);
  const orderId = await siteOrderWith(tx, ctx, site.id, shopperId, variantIds);
  if (settings.reviewsOnlyAfterPurchase && !orderId) throw refusal('ReviewOnlyAfterPurchase', [], 403);
  const [row] = await tx
    .insert(reviews)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      siteId: site.id,
      siteProductId: product.id,
      shopperId,
      orderId,
      rating: input.rating,
      title: input.title,
      text: input.text,
      status: settings.reviewsMustBeApproved ? 'PENDING' : 'APPROVED',
    })
    .returning();
  await countOnShopper(tx, shopperId, 'reviews');
  await recount(tx, product.id);
  return row!;
}

/** A product's approved reviews, newest first, with their writers' names. */
export async function approvedReviews(tx: Tx, ctx: CrudContext, productId: string, skip: number, take: number) {
  const where = owned(ctx, reviews, eq(reviews.siteProductId, productId), eq(reviews.status, 'APPROVED'));
  const rows = await tx
    .select({ review: reviews, name: shoppers.name })
    .from(reviews)
    .innerJoin(shoppers, eq(shoppers.id, reviews.shopperId))
    .where(where)
    .orderBy(desc(reviews.creationTime), desc(reviews.id))
    .limit(take)
    .offset(skip);
  const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(reviews).where(where);
  return { totalCount: n, rows };
}
