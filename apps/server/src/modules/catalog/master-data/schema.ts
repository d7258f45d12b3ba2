import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { audited, concurrency, id, secretText, softDelete, tenantId, tenantKey } from '../../../core/db/columns.ts';

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
    /** The bank account payments go to: encrypted, answered masked (`secretText`). */
    payeeAccount: secretText('payee_account'),
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

/** An attribute of either kind: its name unique in the tenant, an English name, a sort. */
const attributeTable = <N extends string>(table: N) =>
  pgTable(
    table,
    {
      id: id(),
      tenantId: tenantId(),
      name: name().notNull(),
      nameEn: name('name_en'),
      sort: sort(),
      ...audited(),
      ...concurrency(),
    },
    (t) => [uniqueIndex(`${table}_name_uq`).on(tenantKey, lower(t.name))],
  );

/** The columns every value of an attribute has (removed with its attribute). */
const attributeValue = (attribute: () => AnyPgColumn) => ({
  id: id(),
  tenantId: tenantId(),
  attributeId: uuid('attribute_id').notNull().references(attribute, { onDelete: 'cascade' }),
  value: name('value').notNull(),
  valueEn: name('value_en'),
});

/** Variant-defining attributes (colour, size); each value has the short code used in SKUs (domain §3.4). */
export const purchaseAttributes = attributeTable('catalog_purchase_attributes');

export const purchaseAttributeValues = pgTable(
  'catalog_purchase_attribute_values',
  {
    ...attributeValue(() => purchaseAttributes.id),
    code: varchar('code', { length: 8 }).notNull(),
    sort: sort(),
  },
  (t) => [uniqueIndex('catalog_purchase_attribute_values_code_uq').on(t.attributeId, t.code)],
);

/** Filterable attributes (material, season) with their options. */
export const screenAttributes = attributeTable('catalog_screen_attributes');

export const screenAttributeOptions = pgTable(
  'catalog_screen_attribute_options',
  {
    ...attributeValue(() => screenAttributes.id),
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
