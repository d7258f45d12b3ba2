import { index, integer, jsonb, numeric, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, time } from '../../../core/db/columns.ts';

/**
 * Gathered products (采集箱, domain §3.1), their log, and the batches of URLs gathered in the
 * background. Every row is tenant-owned. A gathered item is a copy of what the source page said;
 * claiming copies it again into the catalogue, so nothing here points at products except the log.
 */

/** One row of a gathered item's SKU matrix. */
export interface GatherSku {
  sourceSkuId: string | null;
  /** `[name, value]` pairs in the page's order (a jsonb object would not keep the order of its keys). */
  options: [string, string][];
  /** Exact decimal text. */
  price: string;
  stock: number | null;
  image: string | null;
}

export interface GatherAttribute {
  name: string;
  value: string;
}

const money = (column: string) => numeric(column, { precision: 18, scale: 4, mode: 'string' });

export const gathers = pgTable(
  'catalog_gathers',
  {
    id: id(),
    tenantId: tenantId(),
    sourcePlatform: varchar('source_platform', { length: 16 }).notNull(),
    sourceUrl: varchar('source_url', { length: 1000 }).notNull(),
    sourceItemId: varchar('source_item_id', { length: 64 }),
    title: varchar('title', { length: 500 }).notNull(),
    descriptionHtml: text('description_html'),
    /** Source image URLs, main first. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    priceMin: money('price_min').notNull(),
    priceMax: money('price_max').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    skus: jsonb('skus').$type<GatherSku[]>().notNull().default([]),
    attributes: jsonb('attributes').$type<GatherAttribute[]>().notNull().default([]),
    supplierName: varchar('supplier_name', { length: 255 }),
    supplierShopUrl: varchar('supplier_shop_url', { length: 1000 }),
    /** NEW, CLAIMED or IGNORED. */
    status: varchar('status', { length: 16 }).notNull().default('NEW'),
    claimCount: integer('claim_count').notNull().default(0),
    /** extension, manual, url, upload or seed. */
    origin: varchar('origin', { length: 16 }).notNull(),
    gathererId: uuid('gatherer_id'),
    /** The gatherer's user name at the time (kept, so the list needs no join and survives the user). */
    gathererName: varchar('gatherer_name', { length: 256 }),
    gatheredAt: time('gathered_at').notNull().defaultNow(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    index('catalog_gathers_gathered_ix').on(t.tenantId, t.gatheredAt),
    index('catalog_gathers_status_ix').on(t.tenantId, t.status, t.gatheredAt),
    index('catalog_gathers_source_ix').on(t.tenantId, t.sourceUrl),
    // the list's other sort keys (test/list-plans.test.ts)
    index('catalog_gathers_title_ix').on(t.tenantId, t.title),
    index('catalog_gathers_price_ix').on(t.tenantId, t.priceMin),
    index('catalog_gathers_claims_ix').on(t.tenantId, t.claimCount),
    index('catalog_gathers_platform_ix').on(t.tenantId, t.sourcePlatform),
  ],
);

/** What happened to a gathered item, oldest first; removed with it. */
export const gatherLogs = pgTable(
  'catalog_gather_logs',
  {
    id: id(),
    tenantId: tenantId(),
    gatherId: uuid('gather_id')
      .notNull()
      .references(() => gathers.id, { onDelete: 'cascade' }),
    /** Gathered, Claimed, MarkedClaimed, Ignored, Restored or Note. */
    action: varchar('action', { length: 24 }).notNull(),
    text: varchar('text', { length: 2000 }),
    productId: uuid('product_id'),
    productSku: varchar('product_sku', { length: 50 }),
    userId: uuid('user_id'),
    userName: varchar('user_name', { length: 256 }),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [index('catalog_gather_logs_gather_ix').on(t.gatherId, t.creationTime)],
);

/** One URL of a batch and how it went; the error is a text key with its parameters, localized when read. */
export interface GatherBatchRow {
  index: number;
  url: string;
  status: 'Pending' | 'Succeeded' | 'Failed';
  gatherId: string | null;
  errorKey: string | null;
  errorParams: string[];
}

/**
 * URLs gathered in the background (`by-urls`): the job fills in each row as it goes, so the
 * page can poll the progress and the results outlive a restart.
 */
export const gatherBatches = pgTable(
  'catalog_gather_batches',
  {
    id: id(),
    tenantId: tenantId(),
    /** Queued, Running or Completed. */
    status: varchar('status', { length: 16 }).notNull().default('Queued'),
    rows: jsonb('rows').$type<GatherBatchRow[]>().notNull(),
    creatorId: uuid('creator_id'),
    creatorName: varchar('creator_name', { length: 256 }),
    creationTime: time('creation_time').notNull().defaultNow(),
    completionTime: time('completion_time'),
  },
  (t) => [index('catalog_gather_batches_creator_ix').on(t.tenantId, t.creatorId, t.creationTime)],
);
