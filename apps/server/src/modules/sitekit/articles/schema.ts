import type { ArticleStatus, SiteLanguage } from '@seller/contracts/sitekit';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';

/**
 * A site's articles (content → Article): tenant-owned, one slug per site. `status` DELETED is the
 * soft delete (restored to a draft, or purged); `published_at` is set when first published.
 */
export const articles = pgTable(
  'sitekit_articles',
  {
    id: id(),
    tenantId: tenantId(),
    siteId: uuid('site_id').notNull(),
    language: varchar('language', { length: 16 }).$type<SiteLanguage>().notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 128 }).notNull(),
    summary: varchar('summary', { length: 500 }),
    content: text('content').notNull().default(''),
    coverImageUrl: varchar('cover_image_url', { length: 1000 }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isPinned: boolean('is_pinned').notNull().default(false),
    status: varchar('status', { length: 16 }).$type<ArticleStatus>().notNull().default('DRAFT'),
    publishedAt: time('published_at'),
    deletionTime: time('deletion_time'),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('sitekit_articles_slug_uq').on(tenantKey, t.siteId, t.slug),
    // the list's sort keys (test/list-plans.test.ts), and the storefront's newest first
    index('sitekit_articles_title_ix').on(t.tenantId, t.title),
    index('sitekit_articles_published_ix').on(t.tenantId, t.publishedAt),
    index('sitekit_articles_created_ix').on(t.tenantId, t.creationTime),
    index('sitekit_articles_site_ix').on(t.tenantId, t.siteId, t.status, t.publishedAt),
  ],
);
export type ArticleRow = typeof articles.$inferSelect;
