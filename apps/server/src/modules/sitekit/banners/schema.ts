import type { BannerPosition } from '@seller/contracts/sitekit';
import { boolean, index, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, time } from '../../../core/db/columns.ts';

/** A site's banners (content → Banner, Carousels), tenant-owned. */
export const banners = pgTable(
  'sitekit_banners',
  {
    id: id(),
    tenantId: tenantId(),
    siteId: uuid('site_id').notNull(),
    position: varchar('position', { length: 24 }).$type<BannerPosition>().notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    subtitle: varchar('subtitle', { length: 256 }),
    imageUrl: varchar('image_url', { length: 1000 }).notNull(),
    mobileImageUrl: varchar('mobile_image_url', { length: 1000 }),
    link: varchar('link', { length: 1000 }),
    altText: varchar('alt_text', { length: 256 }),
    sortOrder: integer('sort_order').notNull().default(0),
    startAt: time('start_at'),
    endAt: time('end_at'),
    isActive: boolean('is_active').notNull().default(true),
    ...audited(),
    ...concurrency(),
  },
  (t) => [index('sitekit_banners_site_ix').on(t.tenantId, t.siteId, t.position, t.sortOrder)],
);
