import type { SkuImageExportFilter, SkuImageExportStatus } from '@seller/contracts/catalog';
import { bigint, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, time } from '../../../core/db/columns.ts';

/** What an export was asked for: products by id, SKUs, or the product list filter. */
export type SkuImageSelection =
  | { kind: 'products'; productIds: string[] }
  | { kind: 'skus'; skus: string[] }
  | { kind: 'filter'; filter: SkuImageExportFilter };

/**
 * SKU image exports (tenant-owned): one row per requested archive, its progress as the job
 * writes it, and the archive's file (under the data directory, named by the row's id).
 */
export const skuImageExports = pgTable(
  'catalog_sku_image_exports',
  {
    id: id(),
    tenantId: tenantId(),
    status: varchar('status', { length: 16 }).$type<SkuImageExportStatus>().notNull().default('queued'),
    selection: jsonb('selection').$type<SkuImageSelection>().notNull(),
    /** Products, SKUs or (for a filter) products matched when started. */
    selectionCount: integer('selection_count').notNull().default(0),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    missing: integer('missing').notNull().default(0),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** The pg-boss job building it (its state tells a lost run from a running one). */
    jobId: uuid('job_id'),
    error: text('error'),
    creationTime: time('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
    completionTime: time('completion_time'),
  },
  (t) => [index('catalog_sku_image_exports_creator_ix').on(t.tenantId, t.creatorId, t.creationTime)],
);
