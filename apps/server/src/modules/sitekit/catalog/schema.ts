import type { SitePriceMode } from '@seller/contracts/sitekit';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { tenantScopedView } from '../../../core/db/views.ts';
import { moneyColumn } from '../../../core/money.ts';

/**
 * A site's own categories (Commodity), tenant-owned. `catalog_category_ids` is the
 * category-mapping: the catalogue categories whose products a sync files under this one.
 */
export const siteCategories = pgTable(
  'sitekit_categories',
  {
    id: id(),
    tenantId: tenantId(),
    siteId: uuid('site_id').notNull(),
    parentId: uuid('parent_id'),
    name: varchar('name', { length: 128 }).notNull(),
    nameEn: varchar('name_en', { length: 128 }),
    slug: varchar('slug', { length: 128 }).notNull(),
    description: varchar('description', { length: 1000 }),
    imageUrl: varchar('image_url', { length: 1000 }),
    sortOrder: integer('sort_order').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    catalogCategoryIds: uuid('catalog_category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('sitekit_categories_slug_uq').on(tenantKey, t.siteId, t.slug),
    index('sitekit_categories_site_ix').on(t.tenantId, t.siteId, t.sortOrder),
  ],
);
export type SiteCategoryRow = typeof siteCategories.$inferSelect;

/**
 * A catalogue product as one site sells it (Saleor's ProductChannelListing with nop's flags):
 * its own title, slug, description and categories, prices in the site's currency per variant
 * (`sitekit_product_variants`; `price` is the lowest, which lists sort by), published from
 * `published_at` on. `rating_sum` and `review_count` are the approved reviews'.
 */
export const siteProducts = pgTable(
  'sitekit_products',
  {
    id: id(),
    tenantId: tenantId(),
    siteId: uuid('site_id').notNull(),
    productId: uuid('product_id').notNull(),
    productSku: varchar('product_sku', { length: 50 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    titleEn: varchar('title_en', { length: 255 }),
    slug: varchar('slug', { length: 128 }).notNull(),
    description: text('description').notNull().default(''),
    imageUrl: varchar('image_url', { length: 1000 }),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    priceMode: varchar('price_mode', { length: 8 }).$type<SitePriceMode>().notNull().default('RULE'),
    currency: varchar('currency', { length: 3 }).notNull(),
    price: moneyColumn('price').notNull(),
    compareAtPrice: moneyColumn('compare_at_price'),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: time('published_at'),
    visibleInListings: boolean('visible_in_listings').notNull().default(true),
    showOnHomepage: boolean('show_on_homepage').notNull().default(false),
    allowReviews: boolean('allow_reviews').notNull().default(true),
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Title, English title and SKU in small letters: what the storefront's search reads. */
    searchText: text('search_text').notNull().default(''),
    syncedAt: time('synced_at'),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('sitekit_products_product_uq').on(tenantKey, t.siteId, t.productId),
    uniqueIndex('sitekit_products_slug_uq').on(tenantKey, t.siteId, t.slug),
    // the storefront's lists: published ones of a site, newest first or by price
    index('sitekit_products_published_ix').on(t.tenantId, t.siteId, t.isPublished, t.publishedAt),
    index('sitekit_products_price_ix').on(t.tenantId, t.siteId, t.price),
    index('sitekit_products_categories_ix').using('gin', t.categoryIds),
    // the storefront's search: a substring of the titles or the SKU (LIKE '%…%' on the small letters)
    index('sitekit_products_search_trgm_ix').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('sitekit_products_created_ix').on(t.tenantId, t.siteId, t.creationTime),
    // the back-office list's sort keys, each served with the tenant (test/list-plans.test.ts)
    index('sitekit_products_title_ix').on(t.tenantId, t.title),
    index('sitekit_products_tenant_price_ix').on(t.tenantId, t.price),
    index('sitekit_products_published_at_ix').on(t.tenantId, t.publishedAt),
    index('sitekit_products_creation_ix').on(t.tenantId, t.creationTime),
  ],
);
export type SiteProductRow = typeof siteProducts.$inferSelect;

/**
 * The tenant's site products, which the storefront's product list reads so that its indexes (the
 * search's trigrams, the price) serve it despite row-level security (see `tenantScopedView`).
 */
export const siteProductsScoped = tenantScopedView('sitekit_products_scoped', siteProducts, { tenantsOnly: true });

/** A site product's variants with their site prices (in the product's `currency`). */
export const siteProductVariants = pgTable(
  'sitekit_product_variants',
  {
    id: id(),
    tenantId: tenantId(),
    siteProductId: uuid('site_product_id')
      .notNull()
      .references(() => siteProducts.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').notNull(),
    sku: varchar('sku', { length: 50 }).notNull(),
    label: varchar('label', { length: 255 }).notNull(),
    price: moneyColumn('price').notNull(),
    compareAtPrice: moneyColumn('compare_at_price'),
    imageUrl: varchar('image_url', { length: 1000 }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sitekit_product_variants_uq').on(t.siteProductId, t.variantId),
    index('sitekit_product_variants_variant_ix').on(t.tenantId, t.variantId),
  ],
);
export type SiteProductVariantRow = typeof siteProductVariants.$inferSelect;
