import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, smallint, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, time } from '../../../core/db/columns.ts';
import { crmCustomers } from '../customers/schema.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/** Stage groups (yudao `crm_business_status_type`): a tenant's sales processes. */
export const crmBusinessStatusTypes = pgTable(
  'crm_business_status_types',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...audited(),
    ...concurrency(),
  },
  (t) => [index('crm_business_status_types_ix').on(t.tenantId, t.sort)],
);

/** The stages of a group, in `sort` order, each with its win rate in percent. */
export const crmBusinessStatuses = pgTable(
  'crm_business_statuses',
  {
    id: id(),
    tenantId: tenantId(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => crmBusinessStatusTypes.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    percent: smallint('percent').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('crm_business_statuses_type_ix').on(t.typeId, t.sort)],
);

/**
 * Businesses (sales opportunities, yudao `crm_business`), always of a customer: who sees one is
 * who sees its customer (`customers/access.ts`). Open while `end_status` is null; then 1 won,
 * 2 lost, 3 invalid. `total_price` = products' total less `discount_percent`, worked out by the
 * server in exact decimals.
 */
export const crmBusinesses = pgTable(
  'crm_businesses',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => crmCustomers.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id'),
    name: varchar('name', { length: 128 }).notNull(),
    statusTypeId: uuid('status_type_id')
      .notNull()
      .references(() => crmBusinessStatusTypes.id),
    statusId: uuid('status_id').references(() => crmBusinessStatuses.id),
    endStatus: smallint('end_status'),
    endRemark: varchar('end_remark', { length: 512 }),
    endTime: time('end_time'),
    /** Expected close date. */
    dealTime: time('deal_time'),
    totalProductPrice: money('total_product_price'),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    totalPrice: money('total_price'),
    currency: varchar('currency', { length: 3 }).notNull(),
    followUpStatus: boolean('follow_up_status').notNull().default(false),
    contactLastTime: time('contact_last_time'),
    contactNextTime: time('contact_next_time'),
    remark: varchar('remark', { length: 1024 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    index('crm_businesses_customer_ix').on(t.tenantId, t.customerId),
    index('crm_businesses_status_ix').on(t.tenantId, t.statusTypeId, t.statusId),
    index('crm_businesses_owner_ix').on(t.tenantId, t.ownerUserId, t.creationTime),
    index('crm_businesses_open_ix').on(t.tenantId, t.creationTime).where(sql`end_status is null`),
    // the list's sort keys
    index('crm_businesses_name_ix').on(t.tenantId, t.name),
    index('crm_businesses_total_price_ix').on(t.tenantId, t.totalPrice),
    index('crm_businesses_deal_time_ix').on(t.tenantId, t.dealTime),
    index('crm_businesses_end_time_ix').on(t.tenantId, t.endTime),
    index('crm_businesses_contact_next_ix').on(t.tenantId, t.contactNextTime),
    index('crm_businesses_creation_time_ix').on(t.tenantId, t.creationTime),
  ],
);

/** A business's products: a snapshot of the catalogue product, its list and agreed price, count, total. */
export const crmBusinessProducts = pgTable(
  'crm_business_products',
  {
    id: id(),
    tenantId: tenantId(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => crmBusinesses.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    productName: varchar('product_name', { length: 255 }).notNull(),
    productSku: varchar('product_sku', { length: 50 }).notNull(),
    productPrice: money('product_price'),
    businessPrice: money('business_price'),
    count: integer('count').notNull(),
    totalPrice: money('total_price'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('crm_business_products_business_ix').on(t.businessId, t.sort)],
);
