import { z } from 'zod';
import { optionalText, stamp } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';

/**
 * Product reviews of a site (reviews; nopCommerce's ProductReview and CatalogSettings): a shopper's
 * rating and text, waiting for approval when the site says so (the default), a verified purchase
 * when the shopper has an order of the product, one per product and shopper, with the seller's reply.
 *
 * - `GET /api/sitekit/reviews?siteId=` (the list kit), `POST /{id}/approve|reject`,
 *   `PUT /{id}/reply`, `DELETE /{id}`
 * - storefront: `GET|POST /api/store/products/{slug}/reviews`
 */

export const ReviewStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ReviewStatus = (typeof ReviewStatuses)[number];
export const ReviewActions = ['approve', 'reject'] as const;
export type ReviewAction = (typeof ReviewActions)[number];

/** pending → approve | reject; approved → reject; rejected → approve. */
export const reviewTransitions: Record<ReviewStatus, Partial<Record<ReviewAction, ReviewStatus>>> = {
  PENDING: { approve: 'APPROVED', reject: 'REJECTED' },
  APPROVED: { reject: 'REJECTED' },
  REJECTED: { approve: 'APPROVED' },
};

export const reviewDto = z.object({
  id: z.string(),
  siteId: z.string(),
  siteProductId: z.string(),
  productTitle: z.string(),
  shopperId: z.string(),
  shopperName: z.string(),
  shopperEmail: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  status: z.enum(ReviewStatuses),
  /** The shopper has an order of the product. */
  verifiedPurchase: z.boolean(),
  reply: z.string().nullable(),
  repliedAt: z.date().nullable(),
  creationTime: z.date(),
  concurrencyStamp: z.string(),
});
export type ReviewDto = z.infer<typeof reviewDto>;

export const reviewList = defineList({
  ...listNames('Sitekit', 'Reviews'),
  filters: {
    siteId: filter.ref('Site', { label: 'ChooseSite' }),
    rating: filter.enum(['1', '2', '3', '4', '5'], { label: 'DisplayName:Rating', texts: 'Rating:' }),
    verifiedPurchase: filter.bool({ label: 'DisplayName:VerifiedPurchase' }),
  },
  tabs: { member: 'status', values: ReviewStatuses, texts: 'ReviewStatus:' },
  columns: {
    productTitle: column.text({ header: 'DisplayName:Product', width: 220 }),
    shopperName: column.text({ header: 'DisplayName:Shopper', width: 120 }),
    rating: column.quantity({ sort: true, header: 'DisplayName:Rating', width: 120 }),
    text: column.text({ header: 'DisplayName:Review', width: 300 }),
    verifiedPurchase: column.bool({ header: 'DisplayName:VerifiedPurchase', width: 90 }),
    status: column.enum(ReviewStatuses, { header: 'DisplayName:Status', texts: 'ReviewStatus:', width: 90 }),
    reply: column.text({ header: 'DisplayName:Reply', width: 200, hidden: true }),
    creationTime: column.dateTime({ sort: true, header: 'DisplayName:CreationTime', width: 160 }),
  },
  defaultSort: 'creationTime desc',
});

/** `PUT /api/sitekit/reviews/{id}/reply`: the seller's answer (blank removes it). */
export const reviewReplyInput = z.object({ reply: optionalText(2000) }).safeExtend(stamp);

/** `POST /api/store/products/{slug}/reviews`. */
export const storeReviewInput = z.object({
  rating: z.number().int().min(1).max(5),
  title: optionalText(128),
  text: z.string().trim().min(1).max(2000),
});
export type StoreReviewInput = z.infer<typeof storeReviewInput>;

export const storeReviewDto = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  shopperName: z.string(),
  verifiedPurchase: z.boolean(),
  reply: z.string().nullable(),
  creationTime: z.date(),
  /** Only in the answer to the shopper who wrote it: approved, or waiting. */
  status: z.enum(ReviewStatuses).optional(),
});
