import type { StockRuleMode } from '@seller/contracts/marketplaces';
import { boolean, index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { shops } from '../shops/schema.ts';

/**
 * Stock sync: the stock a shop's listings show follows the available stock of order management
 * (on hand − reserved − safety stock), pushed by a debounced job per shop.
 */

/** A shop's stock rule; a shop without a row offers all of its available stock. */
export const stockRules = pgTable(
  'marketplace_stock_rules',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    mode: varchar('mode', { length: 8 }).$type<StockRuleMode>().notNull().default('ALL'),
    share: integer('share'),
    cap: integer('cap'),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketplace_stock_rules_shop_uq').on(t.shopId)],
);

/**
 * The available stock of each SKU, over every warehouse, as order management last wrote it: in
 * the transaction of each stock move (`recordStockLevels`), so it always agrees with the ledger.
 */
export const stockLevels = pgTable(
  'marketplace_stock_levels',
  {
    id: id(),
    tenantId: tenantId(),
    sku: varchar('sku', { length: 100 }).notNull(),
    available: integer('available').notNull(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketplace_stock_levels_sku_uq').on(tenantKey, t.sku)],
);

/**
 * SKUs of a shop waiting for a push. `mark` changes with every move: the job deletes only the
 * rows whose mark it read, so a move during a push leaves its row for the next one.
 */
export const stockPending = pgTable(
  'marketplace_stock_pending',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 100 }).notNull(),
    mark: uuid('mark').notNull().defaultRandom(),
  },
  (t) => [uniqueIndex('marketplace_stock_pending_uq').on(t.shopId, t.sku)],
);

/** What was pushed to a shop's listings, SKU by SKU, and what the marketplace answered. */
export const stockPushes = pgTable(
  'marketplace_stock_pushes',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    at: time('at').notNull().defaultNow(),
    sku: varchar('sku', { length: 100 }).notNull(),
    productName: varchar('product_name', { length: 255 }),
    available: integer('available').notNull(),
    quantity: integer('quantity').notNull(),
    ok: boolean('ok').notNull(),
    message: varchar('message', { length: 1000 }),
    /** The job's attempt (1 the first). */
    attempt: integer('attempt').notNull().default(1),
  },
  (t) => [
    index('marketplace_stock_pushes_shop_ix').on(t.shopId, t.at),
    index('marketplace_stock_pushes_at_ix').on(t.tenantId, t.at),
  ],
);
