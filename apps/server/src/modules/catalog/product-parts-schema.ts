import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, softDelete, tenantId, tenantKey, time } from '../../core/db/columns.ts';
import { products, suppliers } from './schema.ts';

/** One quantity step of a purchase price (domain §3.5, LingXing `step_prices{moq, price}`). */
export interface TierPrice {
  minQty: number;
  unitPrice: number;
}

/**
 * A product's source at a supplier (domain §3.5 `product_supplier`): URL, purchase price,
 * MOQ, lead time and quantity tier prices. Removed links go to the recycle area; the tiers
 * are a small ordered list always read and written with their link, so they live in it.
 */
export const productVendors = pgTable(
  'catalog_product_vendors',
  {
    id: id(),
    tenantId: tenantId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 1024 }),
    purchasePrice: numeric('purchase_price', { precision: 18, scale: 4, mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    taxIncluded: boolean('tax_included').notNull().default(false),
    moq: integer('moq').notNull().default(1),
    leadDays: integer('lead_days'),
    isPrimary: boolean('is_primary').notNull().default(false),
    remark: varchar('remark', { length: 512 }),
    tiers: jsonb('tiers').$type<TierPrice[]>().notNull().default([]),
    ...audited(),
    ...softDelete(),
    ...concurrency(),
  },
  (t) => [
    // One live link per product and supplier; recycled ones do not block a new link.
    uniqueIndex('catalog_product_vendors_uq')
      .on(tenantKey, t.productId, t.supplierId)
      .where(sql`${t.isDeleted} = false`),
    index('catalog_product_vendors_supplier_ix').on(t.tenantId, t.supplierId),
  ],
);

/**
 * A product's images (main + gallery), in order. The URLs are the files service's
 * (`/api/files/{name}`), checked to be this tenant's files when added.
 */
export const productImages = pgTable(
  'catalog_product_images',
  {
    id: id(),
    tenantId: tenantId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 512 }).notNull(),
    isMain: boolean('is_main').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalog_product_images_uq').on(t.productId, t.url),
    index('catalog_product_images_product_ix').on(t.productId, t.sort),
  ],
);

/** A product's spec sheet (e.g. 材质: 304 不锈钢), one row per line, in the order entered. */
export const productSpecifications = pgTable(
  'catalog_product_specifications',
  {
    id: id(),
    tenantId: tenantId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    value: varchar('value', { length: 255 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('catalog_product_specifications_product_ix').on(t.productId, t.sort)],
);
