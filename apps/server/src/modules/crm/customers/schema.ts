import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { audited, concurrency, id, softDelete, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { tenantScopedView } from '../../../core/db/views.ts';

/**
 * Customers (domain §6.1, yudao `crm_customer`). `owner_user_id` NULL means the customer is in
 * the public pool; `owner_time` is when the current owner got it (it drives the auto-return rule of
 * domain §6.2). Locked and dealt customers never return to the pool by themselves.
 */
export const crmCustomers = pgTable(
  'crm_customers',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    followUpStatus: boolean('follow_up_status').notNull().default(false),
    contactLastTime: time('contact_last_time'),
    contactLastContent: varchar('contact_last_content', { length: 512 }),
    contactNextTime: time('contact_next_time'),
    ownerUserId: uuid('owner_user_id'),
    ownerTime: time('owner_time'),
    lockStatus: boolean('lock_status').notNull().default(false),
    dealStatus: boolean('deal_status').notNull().default(false),
    mobile: varchar('mobile', { length: 32 }),
    telephone: varchar('telephone', { length: 32 }),
    qq: varchar('qq', { length: 32 }),
    wechat: varchar('wechat', { length: 64 }),
    email: varchar('email', { length: 256 }),
    /** ISO country code (the logistics countries), then free text for the rest of the address. */
    country: varchar('country', { length: 2 }),
    detailAddress: varchar('detail_address', { length: 512 }),
    /** Dictionaries (contracts `crm/customers.ts`): industry, level (1 A, 2 B, 3 C), source. */
    industry: smallint('industry'),
    level: smallint('level'),
    source: smallint('source'),
    remark: varchar('remark', { length: 1024 }),
    /** When the owner put it back, or the pool took it: shown on the pool page. */
    poolTime: time('pool_time'),
    poolReason: varchar('pool_reason', { length: 256 }),
    /**
     * The ids of its tags, kept beside the link rows (`crm_customer_tags`, the source of truth) by
     * their one writer, `setTags`: a filter by tag on this column lets the list walk its sort index
     * and stop at the page, where a probe of the link table read every tagged customer first.
     */
    tagIds: uuid('tag_ids').array().notNull().default([]),
    ...audited(),
    ...softDelete(),
    ...concurrency(),
  },
  (t) => [
    // partial, as every list reads live rows only: a bounded count by owner is then an index-only scan
    index('crm_customers_owner_ix').on(t.tenantId, t.ownerUserId, t.creationTime).where(sql`not is_deleted`),
    index('crm_customers_pool_ix')
      .on(t.tenantId, t.ownerTime)
      .where(sql`owner_user_id is not null and not lock_status and not deal_status and not is_deleted`),
    index('crm_customers_next_contact_ix').on(t.tenantId, t.contactNextTime),
    index('crm_customers_mobile_ix').on(t.tenantId, t.mobile),
    index('crm_customers_email_ix').on(t.tenantId, t.email),
    index('crm_customers_name_ix').on(t.tenantId, t.name),
    // the list's and the pool's sort keys
    index('crm_customers_level_ix').on(t.tenantId, t.level),
    index('crm_customers_creation_time_ix').on(t.tenantId, t.creationTime),
    index('crm_customers_owner_time_ix').on(t.tenantId, t.ownerTime),
    index('crm_customers_contact_last_ix').on(t.tenantId, t.contactLastTime),
    index('crm_customers_pool_time_ix').on(t.tenantId, t.poolTime),
    // a rare tag's customers are found through this; a common one's by walking the sort index
    index('crm_customers_tags_ix').using('gin', t.tagIds),
  ],
);

/**
 * The tenant's customers, which the customer list reads so that the tag filter (`@>`, not
 * leakproof) can use the GIN index despite row-level security (see `tenantScopedView`).
 */
export const crmCustomersScoped = tenantScopedView('crm_customers_scoped', crmCustomers, { tenantsOnly: true });

/** Team members of a customer besides its owner (yudao data permission levels 2 READ, 3 WRITE). */
export const crmCustomerMembers = pgTable(
  'crm_customer_members',
  {
    tenantId: tenantId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => crmCustomers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** 2 read, 3 write. */
    level: smallint('level').notNull(),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.userId] }),
    index('crm_customer_members_user_ix').on(t.tenantId, t.userId),
  ],
);

/**
 * Every change of a customer's owner: created, transferred, claimed, assigned, put back, returned
 * by the pool rule. The customer's detail shows them as its owner trail.
 */
export const crmOwnerRecords = pgTable(
  'crm_owner_records',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => crmCustomers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    fromUserId: uuid('from_user_id'),
    toUserId: uuid('to_user_id'),
    reason: varchar('reason', { length: 256 }),
    byUserId: uuid('by_user_id'),
    time: time('time').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('crm_owner_records_customer_ix').on(t.tenantId, t.customerId, t.time)],
);

/** Contacts of a customer (yudao `crm_contact`). */
export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => crmCustomers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    post: varchar('post', { length: 64 }),
    /** The key decision-maker. */
    master: boolean('master').notNull().default(false),
    sex: smallint('sex'),
    mobile: varchar('mobile', { length: 32 }),
    telephone: varchar('telephone', { length: 32 }),
    email: varchar('email', { length: 256 }),
    wechat: varchar('wechat', { length: 64 }),
    remark: varchar('remark', { length: 512 }),
    contactLastTime: time('contact_last_time'),
    contactNextTime: time('contact_next_time'),
    ...audited(),
    ...concurrency(),
  },
  (t) => [index('crm_contacts_customer_ix').on(t.tenantId, t.customerId)],
);

/** Coloured tags (domain §6.4 proposal), scoped to customers or businesses. */
export const crmTags = pgTable(
  'crm_tags',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 32 }).notNull(),
    color: varchar('color', { length: 16 }).notNull().default('blue'),
    scope: varchar('scope', { length: 12 }).notNull().default('CUSTOMER'),
    sort: integer('sort').notNull().default(0),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('crm_tags_name_uq').on(tenantKey, t.scope, t.name),
    // the list's sort keys (test/list-plans.test.ts)
    index('crm_tags_name_ix').on(t.tenantId, t.name),
    index('crm_tags_color_ix').on(t.tenantId, t.color),
    index('crm_tags_scope_ix').on(t.tenantId, t.scope),
    index('crm_tags_sort_ix').on(t.tenantId, t.sort),
    index('crm_tags_created_ix').on(t.tenantId, t.creationTime),
  ],
);

export const crmCustomerTags = pgTable(
  'crm_customer_tags',
  {
    tenantId: tenantId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => crmCustomers.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => crmTags.id, { onDelete: 'cascade' }),
    /**
     * The customer's owner and deletion, copied by the database (the triggers of migration 0048)
     * so that a count by tag, or by tag and owner, is an index-only scan of these rows: counting
     * the customers themselves read a heap page per match.
     */
    ownerUserId: uuid('owner_user_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tagId] }),
    index('crm_customer_tags_tag_ix').on(t.tenantId, t.tagId),
    index('crm_customer_tags_live_ix').on(t.tenantId, t.tagId, t.ownerUserId).where(sql`not is_deleted`),
  ],
);
