import type { ReviewStatus } from '@seller/contracts/sitekit';
import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { concurrency, id, tenantId, time } from '../../../core/db/columns.ts';

/** Product reviews of a site's shoppers (reviews), tenant-owned. */
export const reviews = pgTable(
  'sitekit_reviews',
  {
    id: id(),
    tenantId: tenantId(),
    siteId: uuid('site_id').notNull(),
    siteProductId: uuid('site_product_id').notNull(),
    shopperId: uuid('shopper_id').notNull(),
    /** A site order of the shopper's holding the product: the review is a verified purchase. */
    orderId: uuid('order_id'),
    rating: integer('rating').notNull(),
    title: varchar('title', { length: 128 }),
    text: text('text').notNull(),
    status: varchar('status', { length: 10 }).$type<ReviewStatus>().notNull(),
    reply: text('reply'),
    repliedAt: time('replied_at'),
    creationTime: time('creation_time').notNull().defaultNow(),
    lastModificationTime: time('last_modification_time'),
    ...concurrency(),
  },
  (t) => [
    index('sitekit_reviews_site_ix').on(t.tenantId, t.siteId, t.status, t.creationTime),
    index('sitekit_reviews_product_ix').on(t.siteProductId, t.status, t.creationTime),
    index('sitekit_reviews_shopper_ix').on(t.shopperId, t.siteProductId),
    // the list's sort keys, each served with the tenant (test/list-plans.test.ts)
    index('sitekit_reviews_rating_ix').on(t.tenantId, t.rating),
    index('sitekit_reviews_creation_ix').on(t.tenantId, t.creationTime),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;
