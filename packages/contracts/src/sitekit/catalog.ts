import { z } from 'zod';
import { audit, optionalGuid, optionalText, stamp, text } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';
import { moneyAmount } from '../money.ts';
import { distinct, httpUrl } from './sites.ts';

/**
 * A site's catalogue (next-modules §1.3, Saleor's channel listings and nopCommerce's flags): its
 * own category tree, each category naming the catalogue categories it maps (category-mapping), and
 * its products, synced from the catalogue with per-site titles, descriptions and prices (from the
 * site's price rule, or set by hand), published or hidden.
 *
 * - `/api/sitekit/categories?siteId=` (the kit), `/api/sitekit/products?siteId=` (the list kit)
 * - `POST /api/sitekit/products/sync` (`siteProductSyncInput`): catalogue products into the site
 * - `PUT /api/sitekit/products/{id}`, `POST /{id}/publish|unpublish`, `DELETE /{id}`
 */

export const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(128)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Sitekit::SlugFormat');
/** A slug, made by the server from the name when blank. */
export const optionalSlug = z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), slug.optional());

const categoryFields = {
  parentId: optionalGuid,
  name: text(128),
  nameEn: optionalText(128),
  slug: optionalSlug,
  description: optionalText(1000),
  imageUrl: httpUrl,
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  isPublished: z.boolean().default(true),
  /** The catalogue categories whose products fall into this one when synced (category-mapping). */
  catalogCategoryIds: distinct(z.guid(), 50).default([]),
};
export const siteCategoryInput = z.object({ siteId: z.guid(), ...categoryFields });
export const siteCategoryUpdateInput = z.object(categoryFields).safeExtend(stamp);
export type SiteCategoryInput = z.infer<typeof siteCategoryInput>;
export const siteCategoryQuery = z.object({
  siteId: z.guid().optional(),
  filter: z.string().trim().max(128).optional(),
  sorting: z.string().max(64).optional(),
  skipCount: z.coerce.number().int().min(0).max(10_000).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(1000).default(100),
});

export const siteCategoryDto = z.object({
  id: z.string(),
  siteId: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  nameEn: z.string().nullable(),
  slug: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sortOrder: z.number().int(),
  isPublished: z.boolean(),
  catalogCategoryIds: z.array(z.string()),
  /** The site's products in the category (published or not). */
  productCount: z.number().int(),
  ...audit,
});
export type SiteCategoryDto = z.infer<typeof siteCategoryDto>;

/** Where a site product's price comes from: the site's price rule (recomputed on sync), or set by hand. */
export const SitePriceModes = ['RULE', 'MANUAL'] as const;
export type SitePriceMode = (typeof SitePriceModes)[number];
export const SiteProductStates = ['PUBLISHED', 'HIDDEN'] as const;
export type SiteProductState = (typeof SiteProductStates)[number];

const price = moneyAmount();

export const siteProductVariantInput = z.object({
  variantId: z.guid(),
  price,
  compareAtPrice: z.preprocess((v) => (v === '' || v === undefined ? null : v), price.nullable()),
});

/** What the back-office edits of a site product (the catalogue product itself is edited in the catalogue). */
export const siteProductUpdateInput = z
  .object({
    title: text(255),
    titleEn: optionalText(255),
    slug: optionalSlug,
    /** HTML (sanitized by the server when saved and when shown). */
    description: z.string().max(200_000).default(''),
    categoryIds: distinct(z.guid(), 10).default([]),
    priceMode: z.enum(SitePriceModes),
    /** Per variant, when the mode is MANUAL (ignored for RULE, where the sync sets them). */
    variants: z.array(siteProductVariantInput).max(200).default([]),
    isPublished: z.boolean(),
    /** Shown from then on (a future time schedules it). */
    publishedAt: z.coerce.date().nullable().default(null),
    visibleInListings: z.boolean().default(true),
    showOnHomepage: z.boolean().default(false),
    allowReviews: z.boolean().default(true),
  })
  .safeExtend(stamp);
export type SiteProductUpdateInput = z.infer<typeof siteProductUpdateInput>;

/** `POST /api/sitekit/products/sync`: these catalogue products (or those of the mapped categories) into the site. */
export const siteProductSyncInput = z.object({
  siteId: z.guid(),
  /** Empty: every live product of the catalogue categories the site's categories map. */
  productIds: distinct(z.guid(), 1000).default([]),
  /** Publish what the sync creates (existing products keep their state). */
  publish: z.boolean().default(false),
});
export type SiteProductSyncInput = z.infer<typeof siteProductSyncInput>;
export const siteProductSyncResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Products of the mapped categories a sync left for the next one (it takes at most 500). */
  remaining: z.number().int(),
});

export const siteProductVariantDto = z.object({
  variantId: z.string(),
  sku: z.string(),
  label: z.string(),
  price: z.string(),
  compareAtPrice: z.string().nullable(),
});

export const siteProductDto = z.object({
  id: z.string(),
  siteId: z.string(),
  productId: z.string(),
  productSku: z.string(),
  title: z.string(),
  titleEn: z.string().nullable(),
  slug: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  categoryIds: z.array(z.string()),
  categoryNames: z.array(z.string()),
  priceMode: z.enum(SitePriceModes),
  currency: z.string(),
  /** The lowest variant price. */
  price: z.string(),
  variants: z.array(siteProductVariantDto),
  state: z.enum(SiteProductStates),
  isPublished: z.boolean(),
  publishedAt: z.date().nullable(),
  visibleInListings: z.boolean(),
  showOnHomepage: z.boolean(),
  allowReviews: z.boolean(),
  reviewCount: z.number().int(),
  /** The approved reviews' average, one decimal; null without any. */
  rating: z.number().nullable(),
  syncedAt: z.date().nullable(),
  ...audit,
});
export type SiteProductDto = z.infer<typeof siteProductDto>;

export const siteProductList = defineList({
  ...listNames('Sitekit', 'SiteProducts'),
  filters: {
    siteId: filter.ref('Site', { label: 'ChooseSite' }),
    categoryId: filter.ref('SiteCategory', { label: 'DisplayName:Category' }),
    priceMode: filter.enum(SitePriceModes, { label: 'DisplayName:PriceMode', texts: 'PriceMode:' }),
  },
  tabs: { member: 'state', values: SiteProductStates, texts: 'ProductState:' },
  columns: {
    productSku: column.text({ header: 'DisplayName:Sku', width: 130 }),
    title: column.text({ sort: true, header: 'DisplayName:Title', width: 260 }),
    categoryNames: column.text({ header: 'DisplayName:Category', width: 160 }),
    price: column.money('currency', { sort: true, header: 'DisplayName:Price', width: 110 }),
    priceMode: column.enum(SitePriceModes, { header: 'DisplayName:PriceMode', texts: 'PriceMode:', width: 90 }),
    state: column.enum(SiteProductStates, { header: 'DisplayName:Status', texts: 'ProductState:', width: 90 }),
    reviewCount: column.quantity({ header: 'DisplayName:Reviews', width: 80 }),
    publishedAt: column.dateTime({ sort: true, header: 'DisplayName:PublishedAt', width: 160 }),
    creationTime: column.dateTime({ sort: true, header: 'DisplayName:CreationTime', width: 160, hidden: true }),
  },
  defaultSort: 'creationTime desc',
});
