import { date, index, integer, jsonb, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, time } from '../../../core/db/columns.ts';
import { crmCustomers } from '../customers/schema.ts';

/**
 * Follow-up records (domain §6.3, yudao `crm_follow_up_record`) on a customer, one of its
 * contacts or one of its businesses (`biz_type`, `biz_id`); `customer_id` is always the customer
 * the record belongs to, so visibility is the customer's. Attachments are files uploaded through
 * the files module, kept as their URLs (`/api/files/…`).
 */
export const crmActivities = pgTable(
  'crm_activities',
  {
    id: id(),
    tenantId: tenantId(),
    /** CUSTOMER | CONTACT | BUSINESS. */
    bizType: varchar('biz_type', { length: 16 }).notNull(),
    bizId: uuid('biz_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => crmCustomers.id, { onDelete: 'cascade' }),
    /** Dictionary (contracts `ActivityTypes`): CALL, VISIT, EMAIL, WECHAT, MEETING, OTHER. */
    type: varchar('type', { length: 16 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    nextTime: time('next_time'),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    index('crm_activities_customer_ix').on(t.tenantId, t.customerId, t.creationTime),
    index('crm_activities_biz_ix').on(t.tenantId, t.bizType, t.bizId, t.creationTime),
    index('crm_activities_creator_ix').on(t.tenantId, t.creatorId, t.creationTime),
    // the list's sort keys
    index('crm_activities_creation_time_ix').on(t.tenantId, t.creationTime),
    index('crm_activities_next_time_ix').on(t.tenantId, t.nextTime),
    index('crm_activities_type_ix').on(t.tenantId, t.type),
  ],
);

/**
 * The days a user was reminded of the customers to contact (the daily job): one row per user and
 * day, written with the notification, so a second run of the same day sends nothing.
 */
export const crmContactReminders = pgTable(
  'crm_contact_reminders',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    customerCount: integer('customer_count').notNull(),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
