import type { CatalogAttributeKind, MarketPlatform } from '@seller/contracts/marketplaces';
import { boolean, index, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import type { PlatformAttribute } from '../clients/types.ts';

/**
 * Category mapping's tables: the marketplaces' category trees and leaf attributes as fetched
 * through a shop's client (a cache per tenant, platform and site, refreshed on demand), and the
 * tenant's mappings of catalogue categories to platform categories. Every row is tenant-owned.
 */

/** One fetch of a platform's tree for a site: when, and how many categories it had. */
export const marketplaceCategoryTrees = pgTable(
  'marketplace_category_trees',
  {
    id: id(),
    tenantId: tenantId(),
    platform: varchar('platform', { length: 16 }).$type<MarketPlatform>().notNull(),
    region: varchar('region', { length: 2 }).notNull(),
    categoryCount: integer('category_count').notNull(),
    fetchedAt: time('fetched_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketplace_category_trees_uq').on(tenantKey, t.platform, t.region)],
);

/** A platform category (flattened tree), with its name path from the root. */
export const marketplaceCategories = pgTable(
  'marketplace_categories',
  {
    id: id(),
    tenantId: tenantId(),
    platform: varchar('platform', { length: 16 }).$type<MarketPlatform>().notNull(),
    region: varchar('region', { length: 2 }).notNull(),
    categoryId: varchar('category_id', { length: 64 }).notNull(),
    parentId: varchar('parent_id', { length: 64 }),
    name: varchar('name', { length: 255 }).notNull(),
    path: varchar('path', { length: 1000 }).notNull(),
    leaf: boolean('leaf').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('marketplace_categories_uq').on(tenantKey, t.platform, t.region, t.categoryId),
    index('marketplace_categories_parent_ix').on(t.tenantId, t.platform, t.region, t.parentId, t.sort),
  ],
);

/** A leaf category's attributes and brands, fetched the first time they are asked for. */
export const marketplaceCategoryAttributes = pgTable(
  'marketplace_category_attributes',
  {
    id: id(),
    tenantId: tenantId(),
    platform: varchar('platform', { length: 16 }).$type<MarketPlatform>().notNull(),
    region: varchar('region', { length: 2 }).notNull(),
    categoryId: varchar('category_id', { length: 64 }).notNull(),
    attributes: jsonb('attributes').$type<PlatformAttribute[]>().notNull(),
    brands: jsonb('brands').$type<Array<{ id: string; name: string }>>().notNull().default([]),
    fetchedAt: time('fetched_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketplace_category_attributes_uq').on(tenantKey, t.platform, t.region, t.categoryId)],
);

/** How one platform attribute of a mapping is filled. */
export interface AttributeMapping {
  attribute: string;
  catalogAttributeKind: CatalogAttributeKind | null;
  catalogAttributeId: string | null;
  valueMap: Array<{ catalogValueId: string; platformValue: string }>;
  defaultValue: string | null;
}

/** A catalogue category mapped to a platform's leaf category on one site (one per category, platform, site). */
export const categoryMappings = pgTable(
  'marketplace_category_mappings',
  {
    id: id(),
    tenantId: tenantId(),
    catalogCategoryId: uuid('catalog_category_id').notNull(),
    platform: varchar('platform', { length: 16 }).$type<MarketPlatform>().notNull(),
    region: varchar('region', { length: 2 }).notNull(),
    platformCategoryId: varchar('platform_category_id', { length: 64 }).notNull(),
    platformCategoryName: varchar('platform_category_name', { length: 1000 }).notNull(),
    attributes: jsonb('attributes').$type<AttributeMapping[]>().notNull().default([]),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('marketplace_category_mappings_uq').on(tenantKey, t.catalogCategoryId, t.platform, t.region),
    index('marketplace_category_mappings_site_ix').on(t.tenantId, t.platform, t.region),
  ],
);
