import { z } from 'zod';
import { audit, optionalText, stamp, text } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';
import { distinct, httpUrl, SiteLanguages } from './sites.ts';

/**
 * A site's articles (content → Article; next-modules §1.3, CmsKit's and nopCommerce's fields):
 * written as drafts, published, deleted softly (restored, or purged for good). The content is
 * HTML, sanitized by the server when it is saved and again when it is served.
 *
 * - `GET /api/sitekit/articles?siteId=…` (the list kit: status tabs with counts, export)
 * - `GET /{id}`, `POST /` (`articleInput`), `PUT /{id}` (`articleUpdateInput`)
 * - `POST /{id}/publish|unpublish|delete|restore`, `DELETE /{id}` (purge: deleted ones only)
 */

/** The spec's colours: draft info, published success, deleted danger. */
export const ArticleStatuses = ['DRAFT', 'PUBLISHED', 'DELETED'] as const;
export type ArticleStatus = (typeof ArticleStatuses)[number];
export const ArticleActions = ['publish', 'unpublish', 'delete', 'restore'] as const;
export type ArticleAction = (typeof ArticleActions)[number];

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(128)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Sitekit::SlugFormat');

const fields = {
  language: z.enum(SiteLanguages),
  title: text(200),
  /** The article's address on the site; made from the title (or a short code) when left blank. */
  slug: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), slug.optional()),
  summary: optionalText(500),
  /** HTML (sanitized by the server). */
  content: z.string().max(200_000).default(''),
  coverImageUrl: httpUrl,
  tags: distinct(text(32), 10).default([]),
  isPinned: z.boolean().default(false),
};
export const articleInput = z.object({ siteId: z.guid(), ...fields });
export const articleUpdateInput = z.object(fields).safeExtend(stamp);
export type ArticleInput = z.infer<typeof articleInput>;
export type ArticleUpdateInput = z.infer<typeof articleUpdateInput>;

export const articleDto = z.object({
  id: z.string(),
  siteId: z.string(),
  language: z.enum(SiteLanguages),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  content: z.string(),
  coverImageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  isPinned: z.boolean(),
  status: z.enum(ArticleStatuses),
  publishedAt: z.date().nullable(),
  deletionTime: z.date().nullable(),
  ...audit,
});
export type ArticleDto = z.infer<typeof articleDto>;

export const articleList = defineList({
  ...listNames('Sitekit', 'Articles'),
  filters: {
    siteId: filter.ref('Site', { label: 'ChooseSite' }),
    language: filter.enum(SiteLanguages, { label: 'DisplayName:Language', texts: 'Language:' }),
  },
  tabs: { member: 'status', values: ArticleStatuses, texts: 'ArticleStatus:' },
  columns: {
    title: column.text({ sort: true, header: 'DisplayName:Title', width: 240 }),
    slug: column.text({ header: 'DisplayName:Slug', width: 180 }),
    language: column.enum(SiteLanguages, { header: 'DisplayName:Language', texts: 'Language:', width: 100 }),
    status: column.enum(ArticleStatuses, { header: 'DisplayName:Status', texts: 'ArticleStatus:', width: 90 }),
    isPinned: column.bool({ header: 'DisplayName:IsPinned', width: 70 }),
    publishedAt: column.dateTime({ sort: true, header: 'DisplayName:PublishedAt', width: 160 }),
    creationTime: column.dateTime({ sort: true, header: 'DisplayName:CreationTime', width: 160, hidden: true }),
  },
  defaultSort: 'creationTime desc',
});

/** `GET /api/store/articles`: a published article as the storefront lists it. */
export const storeArticleDto = z.object({
  slug: z.string(),
  language: z.enum(SiteLanguages),
  title: z.string(),
  summary: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  isPinned: z.boolean(),
  publishedAt: z.date(),
});
export const storeArticleDetailDto = storeArticleDto.extend({ content: z.string() });
export const storeArticlesQuery = z.object({
  language: z.enum(SiteLanguages).optional(),
  tag: z.string().trim().max(32).optional(),
  skipCount: z.coerce.number().int().min(0).max(10_000).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(100).default(20),
});
