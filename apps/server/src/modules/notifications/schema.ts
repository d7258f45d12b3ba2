import { boolean, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, time } from '../../core/db/columns.ts';

/** `{ resourceName, name, values }`: a text rendered in the reader's language. */
export interface LocalizableText {
  resourceName: string;
  name: string;
  values?: Record<string, unknown> | unknown[];
}
export type NotificationText = string | LocalizableText;

/** What a notification carries: title, message, description, plus any extra values of the publisher. */
export interface NotificationPayload {
  title: NotificationText;
  message: NotificationText;
  description?: NotificationText | null;
  [key: string]: unknown;
}

/** A notification, stored once per publication. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    data: jsonb('data').$type<NotificationPayload>().notNull(),
    severity: integer('severity').notNull().default(10),
    type: integer('type').notNull().default(0),
    lifetime: integer('lifetime').notNull().default(0),
    contentType: integer('content_type').notNull().default(0),
    creationTime: time('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
  },
  (t) => [index('notifications_tenant_ix').on(t.tenantId, t.creationTime)],
);

/** One row per recipient: the user's inbox entry and its read state (Read 0, UnRead 1). */
export const userNotifications = pgTable(
  'notifications_user',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    state: integer('state').notNull().default(1),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.notificationId] }),
    index('notifications_user_inbox_ix').on(t.userId, t.state, t.creationTime),
    // the inbox list's order by time (the one above serves a read state's tab and the sort by state)
    index('notifications_user_inbox_time_ix').on(t.tenantId, t.userId, t.creationTime),
    index('notifications_user_notification_ix').on(t.notificationId),
    index('notifications_user_retention_ix').on(t.tenantId, t.state, t.creationTime),
  ],
);

/**
 * A user's explicit choice for one notification name; without a row the definition's
 * default applies (subscribed unless the definition says otherwise).
 */
export const notificationSubscriptions = pgTable(
  'notifications_subscriptions',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    subscribed: boolean('subscribed').notNull(),
    creationTime: time('creation_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_subscriptions_user_name_uq').on(t.userId, t.name),
    index('notifications_subscriptions_name_ix').on(t.tenantId, t.name, t.subscribed),
  ],
);
