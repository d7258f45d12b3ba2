import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, time } from '../../../core/db/columns.ts';
import { crmCustomers } from '../customers/schema.ts';

const customer = () =>
  uuid('customer_id')
    .notNull()
    .references(() => crmCustomers.id, { onDelete: 'cascade' });

/** A customer's shipping and billing addresses; at most one default per customer. */
export const crmAddresses = pgTable(
  'crm_addresses',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: customer(),
    /** SHIPPING | BILLING. */
    type: varchar('type', { length: 12 }).notNull(),
    contactName: varchar('contact_name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    /** ISO 3166-1 alpha-2. */
    country: varchar('country', { length: 2 }).notNull(),
    province: varchar('province', { length: 64 }),
    city: varchar('city', { length: 64 }),
    addressLine1: varchar('address_line1', { length: 256 }).notNull(),
    addressLine2: varchar('address_line2', { length: 256 }),
    postcode: varchar('postcode', { length: 16 }),
    isDefault: boolean('is_default').notNull().default(false),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    index('crm_addresses_customer_ix').on(t.tenantId, t.customerId),
    uniqueIndex('crm_addresses_default_uq').on(t.customerId).where(sql`is_default`),
  ],
);

/**
 * A customer's bank accounts. The account number is kept encrypted (`core/secrets.ts`) with its
 * last four digits beside it in clear, which is all the API ever answers.
 */
export const crmBankAccounts = pgTable(
  'crm_bank_accounts',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: customer(),
    bankName: varchar('bank_name', { length: 128 }).notNull(),
    accountName: varchar('account_name', { length: 128 }).notNull(),
    accountNumberSecret: varchar('account_number_secret', { length: 256 }).notNull(),
    accountNumberLast4: varchar('account_number_last4', { length: 4 }).notNull(),
    swift: varchar('swift', { length: 11 }),
    currency: varchar('currency', { length: 3 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    remark: varchar('remark', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    index('crm_bank_accounts_customer_ix').on(t.tenantId, t.customerId),
    uniqueIndex('crm_bank_accounts_default_uq').on(t.customerId).where(sql`is_default`),
  ],
);

/** A customer's accounts on social platforms and messengers. */
export const crmSocialAccounts = pgTable(
  'crm_social_accounts',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: customer(),
    /** WECHAT | WHATSAPP | FACEBOOK | LINE | INSTAGRAM | TIKTOK | X | OTHER. */
    platform: varchar('platform', { length: 16 }).notNull(),
    handle: varchar('handle', { length: 128 }).notNull(),
    url: varchar('url', { length: 512 }),
    remark: varchar('remark', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [index('crm_social_accounts_customer_ix').on(t.tenantId, t.customerId)],
);

/** What a customer subscribed to, on which channel; one row per customer, channel and topic. */
export const crmSubscriptions = pgTable(
  'crm_subscriptions',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: customer(),
    /** EMAIL | SMS | WHATSAPP | WECHAT | LINE | OTHER. */
    channel: varchar('channel', { length: 16 }).notNull(),
    topic: varchar('topic', { length: 64 }).notNull(),
    /** SUBSCRIBED | UNSUBSCRIBED. */
    status: varchar('status', { length: 16 }).notNull(),
    subscribedAt: time('subscribed_at'),
    unsubscribedAt: time('unsubscribed_at'),
    source: varchar('source', { length: 64 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    index('crm_subscriptions_customer_ix').on(t.tenantId, t.customerId),
    uniqueIndex('crm_subscriptions_topic_uq').on(t.customerId, t.channel, sql`lower(${t.topic})`),
  ],
);
