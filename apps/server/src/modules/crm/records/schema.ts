import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, secretText, tenantId, time } from '../../../core/db/columns.ts';
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
    // the list's sorts
    index('crm_addresses_contact_ix').on(t.tenantId, t.contactName),
    index('crm_addresses_creation_time_ix').on(t.tenantId, t.creationTime),
    uniqueIndex('crm_addresses_default_uq').on(t.customerId).where(sql`is_default`),
  ],
);

/**
 * A customer's bank accounts. The account number is a `secretText` column: encrypted at rest,
 * answered masked (`**** 1234`) by the kit.
 */
export const crmBankAccounts = pgTable(
  'crm_bank_accounts',
  {
    id: id(),
    tenantId: tenantId(),
    customerId: customer(),
    bankName: varchar('bank_name', { length: 128 }).notNull(),
    accountName: varchar('account_name', { length: 128 }).notNull(),
    accountNumber: secretText('account_number_secret').notNull(),
    swift: varchar('swift', { length: 11 }),
    currency: varchar('currency', { length: 3 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    remark: varchar('remark', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    index('crm_bank_accounts_customer_ix').on(t.tenantId, t.customerId),
    index('crm_bank_accounts_bank_ix').on(t.tenantId, t.bankName),
    index('crm_bank_accounts_creation_time_ix').on(t.tenantId, t.creationTime),
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
  (t) => [
    index('crm_social_accounts_customer_ix').on(t.tenantId, t.customerId),
    index('crm_social_accounts_handle_ix').on(t.tenantId, t.handle),
    index('crm_social_accounts_creation_time_ix').on(t.tenantId, t.creationTime),
  ],
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
    index('crm_subscriptions_topic_ix').on(t.tenantId, t.topic),
    index('crm_subscriptions_creation_time_ix').on(t.tenantId, t.creationTime),
    uniqueIndex('crm_subscriptions_topic_uq').on(t.customerId, t.channel, sql`lower(${t.topic})`),
  ],
);
