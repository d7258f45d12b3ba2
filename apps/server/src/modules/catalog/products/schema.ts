import { PmsStatus } from '@seller/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { audited, concurrency, id, softDelete, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { tenantScopedView } from '../../../core/db/views.ts';
import { moneyColumn } from '../../../core/money.ts';
import { suppliers } from '../master-data/schema.ts';

/**
 * Products (domain §3.2–3.5): the product master, its variants, SKU sequences, and the parts
 * read and written with a product (vendor links, images, spec sheet). Every row is
 * tenant-owned, children included.
 */

/** SKUs are unique per tenant regardless of case (the services check the same way). */
const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;
const sort = () => integer('sort').notNull().default(0);

/** Chosen purchase-attribute values that span the variants (their cartesian product). */
export interface VariantOption {
  attributeId: string;
  valueIds: string[];
}

/** Chosen options of one of the tenant's screening attributes (material, season…). */
export interface ScreenValue {
  attributeId: string;
  optionIds: string[];
}

const dimension = (column: string) => numeric(column, { precision: 10, scale: 2, mode: 'number' });

/**
 * The product master (domain §3.2). Deleted products go to the recycle area (soft delete);
 * their SKUs stay taken until cleared. `search_text` (SKU, names, variant SKUs) is what the
 * list filter searches, through a trigram index and the tenant-scoped view (`productsScoped`).
 */
export const products = pgTable(
  'catalog_products',
  {
    id: id(),
    tenantId: tenantId(),
    sku: varchar('sku', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    nameEn: varchar('name_en', { length: 255 }),
    categoryIds: uuid('category_ids').array().notNull(),
    brandId: uuid('brand_id'),
    description: text('description').notNull(),
    /** Decimal text in `price_currency`, to its minor units (core/money.ts). */
    price: moneyColumn('price').notNull(),
    // the spec's default accounting currency; the migration sets each tenant's own
    priceCurrency: varchar('price_currency', { length: 3 }).notNull().default('CNY'),
    pmsStatus: integer('pms_status').notNull().default(PmsStatus.Developing),
    isActive: boolean('is_active').notNull().default(true),
    inStock: boolean('in_stock').notNull().default(false),
    developer: varchar('developer', { length: 64 }),
    purchaser: varchar('purchaser', { length: 64 }),
    artDesigner: varchar('art_designer', { length: 64 }),
    weight: integer('weight'),
    length: dimension('length'),
    width: dimension('width'),
    height: dimension('height'),
    packageWeight: integer('package_weight'),
    packageLength: dimension('package_length'),
    packageWidth: dimension('package_width'),
    packageHeight: dimension('package_height'),
    declaredNameCn: varchar('declared_name_cn', { length: 255 }),
    declaredNameEn: varchar('declared_name_en', { length: 255 }),
    /** Money in `declaredCurrency`, to its minor units (text, like every amount). */
    declaredValue: moneyColumn('declared_value'),
    declaredCurrency: varchar('declared_currency', { length: 3 }),
    hsCode: varchar('hs_code', { length: 20 }),
    specialAttributes: jsonb('special_attributes').$type<string[]>().notNull().default([]),
    variantOptions: jsonb('variant_options').$type<VariantOption[]>().notNull().default([]),
    // Spec §5 form fields, required by the form; null on rows written before they existed.
    region: varchar('region', { length: 16 }),
    developmentDate: date('development_date', { mode: 'string' }),
    launchDate: date('launch_date', { mode: 'string' }),
    salesTypes: jsonb('sales_types').$type<string[]>().notNull().default([]),
    resource: varchar('resource', { length: 32 }),
    screenValues: jsonb('screen_values').$type<ScreenValue[]>().notNull().default([]),
    /** The long content of the product page, as typed (plain text or HTML). */
    detailContent: text('detail_content'),
    searchText: text('search_text').notNull().default(''),
    ...audited(),
    ...softDelete(),
    ...concurrency(),
  },
  (t) => [
    // Recycled products keep their SKU until cleared.
    uniqueIndex('catalog_products_sku_uq').on(tenantKey, lower(t.sku)),
    index('catalog_products_search_trgm_ix').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('catalog_products_categories_ix').using('gin', t.categoryIds),
    index('catalog_products_created_ix').on(t.tenantId, t.creationTime),
    // the list's sort keys, each served with the tenant (test/list-plans.test.ts)
    index('catalog_products_sku_ix').on(t.tenantId, t.sku),
    index('catalog_products_name_ix').on(t.tenantId, t.name),
    index('catalog_products_price_ix').on(t.tenantId, t.price),
    index('catalog_products_pms_status_ix').on(t.tenantId, t.pmsStatus),
    index('catalog_products_active_ix').on(t.tenantId, t.isActive),
    // the recycle area's order
    index('catalog_products_deleted_ix').on(t.tenantId, t.deletionTime),
  ],
);

/**
 * The tenant's products, which the product list reads so that the trigram index serves its
 * filter despite row-level security. Kept by code (core/db/views.ts), not by migrations. Where
 * btree_gin / btree_gist are installed, tenant-leading indexes serve it too (hand-written
 * migration 0002_catalog_products_tenant_indexes).
 */
export const productsScoped = tenantScopedView('catalog_products_scoped', products, { tenantsOnly: true });

/** One combination of purchase-attribute values, with its own SKU (domain §3.4). */
export const productVariants = pgTable(
  'catalog_product_variants',
  {
    id: id(),
    tenantId: tenantId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 50 }).notNull(),
    /** The attribute value ids, in the order of the product's variant options. */
    valueIds: jsonb('value_ids').$type<string[]>().notNull(),
    /** Display label, e.g. "红色 / XL". */
    label: varchar('label', { length: 255 }).notNull(),
    /** In the product's `price_currency`. */
    price: moneyColumn('price').notNull(),
    weight: integer('weight'),
    length: dimension('length'),
    width: dimension('width'),
    height: dimension('height'),
    image: varchar('image', { length: 512 }),
    sort: sort(),
  },
  (t) => [
    uniqueIndex('catalog_product_variants_sku_uq').on(tenantKey, lower(t.sku)),
    index('catalog_product_variants_product_ix').on(t.productId, t.sort),
  ],
);

/** Per tenant and prefix, the last sequence number handed out by `generate-sku`. */
export const skuSequences = pgTable(
  'catalog_sku_sequences',
  {
    tenantId: tenantId().notNull(),
    prefix: varchar('prefix', { length: 50 }).notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.prefix] })],
);

/** One quantity step of a purchase price (domain §3.5, LingXing `step_prices{moq, price}`). */
export interface TierPrice {
  minQty: number;
  /** Decimal text to 4 places, in the link's currency. */
  unitPrice: string;
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
    purchasePrice: numeric('purchase_price', { precision: 18, scale: 4, mode: 'string' }).notNull(),
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
    // the recycle area's order
    index('catalog_product_vendors_deleted_ix').on(t.tenantId, t.deletionTime),
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
