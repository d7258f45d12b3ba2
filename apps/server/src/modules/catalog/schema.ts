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
import { audited, concurrency, id, softDelete, tenantId, tenantKey } from '../../core/db/columns.ts';
import { tenantScopedView } from '../../core/db/views.ts';

/**
 * Catalogue master data (domain §3): categories, brands, suppliers, vendor sources, purchase
 * and screening attributes, attribute groups. Every row is tenant-owned; children carry
 * `tenant_id` too, so row-level security and tenant moves cover them.
 */

/** Names are unique per tenant regardless of case (the services check the same way). */
const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;
const name = (column = 'name') => varchar(column, { length: 128 });
const sort = () => integer('sort').notNull().default(0);

export const categories = pgTable(
  'catalog_categories',
  {
    id: id(),
    tenantId: tenantId(),
    parentId: uuid('parent_id'),
    code: varchar('code', { length: 32 }).notNull(),
    name: name().notNull(),
    nameEn: name('name_en'),
    attributeGroupId: uuid('attribute_group_id'),
    sort: sort(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('catalog_categories_code_uq').on(tenantKey, t.code),
    index('catalog_categories_parent_ix').on(t.tenantId, t.parentId, t.sort),
  ],
);

export const brands = pgTable(
  'catalog_brands',
  {
    id: id(),
    tenantId: tenantId(),
    name: name().notNull(),
    nameEn: name('name_en'),
    website: varchar('website', { length: 256 }),
    description: varchar('description', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('catalog_brands_name_uq').on(tenantKey, lower(t.name))],
);

/** Supplier master (domain §3.5, Tongtool's fields); soft-deleted into the recycle area. */
export const suppliers = pgTable(
  'catalog_suppliers',
  {
    id: id(),
    tenantId: tenantId(),
    code: varchar('code', { length: 32 }).notNull(),
    fullName: varchar('full_name', { length: 256 }).notNull(),
    grade: varchar('grade', { length: 16 }),
    contactPerson: varchar('contact_person', { length: 64 }),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 256 }),
    qq: varchar('qq', { length: 32 }),
    wangwang: varchar('wangwang', { length: 64 }),
    wechat: varchar('wechat', { length: 64 }),
    province: varchar('province', { length: 64 }),
    city: varchar('city', { length: 64 }),
    address: varchar('address', { length: 256 }),
    settlementForm: integer('settlement_form'),
    settlementCycle: integer('settlement_cycle'),
    paymentType: integer('payment_type'),
    payeeAccount: varchar('payee_account', { length: 64 }),
    accountName: varchar('account_name', { length: 128 }),
    bank: varchar('bank', { length: 128 }),
    isDefault: boolean('is_default').notNull().default(false),
    remark: varchar('remark', { length: 512 }),
    ...audited(),
    ...softDelete(),
    ...concurrency(),
  },
  // Codes of recycled suppliers stay taken until cleared, as recycled SKUs do.
  (t) => [uniqueIndex('catalog_suppliers_code_uq').on(tenantKey, t.code)],
);

/** Platforms products are sourced from (1688, Taobao, …) and the URL patterns that recognise them. */
export const vendorSources = pgTable(
  'catalog_vendor_sources',
  {
    id: id(),
    tenantId: tenantId(),
    name: name().notNull(),
    website: varchar('website', { length: 256 }),
    urlPatterns: jsonb('url_patterns').$type<string[]>().notNull().default([]),
    sort: sort(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('catalog_vendor_sources_name_uq').on(tenantKey, lower(t.name))],
);

/** Variant-defining attributes (colour, size); each value has the short code used in SKUs (domain §3.4). */
export const purchaseAttributes = pgTable(
  'catalog_purchase_attributes',
  {
    id: id(),
    tenantId: tenantId(),
    name: name().notNull(),
    nameEn: name('name_en'),
    sort: sort(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('catalog_purchase_attributes_name_uq').on(tenantKey, lower(t.name))],
);

export const purchaseAttributeValues = pgTable(
  'catalog_purchase_attribute_values',
  {
    id: id(),
    tenantId: tenantId(),
    attributeId: uuid('attribute_id')
      .notNull()
      .references(() => purchaseAttributes.id, { onDelete: 'cascade' }),
    value: name('value').notNull(),
    valueEn: name('value_en'),
    code: varchar('code', { length: 8 }).notNull(),
    sort: sort(),
  },
  (t) => [uniqueIndex('catalog_purchase_attribute_values_code_uq').on(t.attributeId, t.code)],
);

/** Filterable attributes (material, season) with their options. */
export const screenAttributes = pgTable(
  'catalog_screen_attributes',
  {
    id: id(),
    tenantId: tenantId(),
    name: name().notNull(),
    nameEn: name('name_en'),
    sort: sort(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('catalog_screen_attributes_name_uq').on(tenantKey, lower(t.name))],
);

export const screenAttributeOptions = pgTable(
  'catalog_screen_attribute_options',
  {
    id: id(),
    tenantId: tenantId(),
    attributeId: uuid('attribute_id')
      .notNull()
      .references(() => screenAttributes.id, { onDelete: 'cascade' }),
    value: name('value').notNull(),
    valueEn: name('value_en'),
    sort: sort(),
  },
  (t) => [index('catalog_screen_attribute_options_attribute_ix').on(t.attributeId)],
);

/** Which attributes a category uses, and whether each is required. */
export const attributeGroups = pgTable(
  'catalog_attribute_groups',
  {
    id: id(),
    tenantId: tenantId(),
    name: name().notNull(),
    description: varchar('description', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('catalog_attribute_groups_name_uq').on(tenantKey, lower(t.name))],
);

export const AttributeKinds = ['purchase', 'screen'] as const;
export type AttributeKind = (typeof AttributeKinds)[number];

export const attributeGroupItems = pgTable(
  'catalog_attribute_group_items',
  {
    id: id(),
    tenantId: tenantId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => attributeGroups.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<AttributeKind>().notNull(),
    attributeId: uuid('attribute_id').notNull(),
    required: boolean('required').notNull().default(false),
    sort: sort(),
  },
  (t) => [
    uniqueIndex('catalog_attribute_group_items_uq').on(t.groupId, t.kind, t.attributeId),
    index('catalog_attribute_group_items_attribute_ix').on(t.attributeId),
  ],
);

// ---------- products ----------

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
const money = (column: string) => numeric(column, { precision: 18, scale: 4, mode: 'number' });

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
    price: money('price').notNull(),
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
    declaredValue: numeric('declared_value', { precision: 18, scale: 2, mode: 'number' }),
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
  ],
);

/**
 * The tenant's products, which the product list reads so that the trigram index serves its
 * filter despite row-level security. Kept by code (core/db/views.ts), not by migrations. Where
 * btree_gin / btree_gist are installed, tenant-leading indexes serve it too (hand-written
 * migration 0002_catalog_products_tenant_indexes).
 */
export const productsScoped = tenantScopedView('catalog_products_scoped', products);

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
    price: money('price').notNull(),
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
