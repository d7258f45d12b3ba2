import { z } from 'zod';
import { NotificationSeverity } from '../constants.ts';
import { describedNames, displayedName, queryFlag } from '../fields.ts';
import { column, defineList } from '../lists.ts';

/**
 * Notifications (spec §7): the user's inbox, subscriptions and the administrators' send call —
 * request and response shapes shared by the server and the web.
 */

/** The notification an administrator sends from the send page. */
export const ANNOUNCEMENT = 'Notifications.Announcement';

const severities = Object.values(NotificationSeverity) as number[];
export const severitySchema = z.coerce
  .number()
  .int()
  .refine((v) => severities.includes(v), { message: 'Value:Invalid' });

/** `reverse` (newest first) defaults to true: an inbox reads from the top. */
const reverse = queryFlag.transform((v) => v === undefined || v === 'true' || v === '1');

/**
 * The user's inbox (`GET /api/my-notifilers` and `/user-notifications`: `filter`, `sorting`,
 * `skipCount`, `maxResultCount`, `readState` — UnRead 1, Read 0, the tabs — and ABP's `reverse`,
 * newest first unless it is false). Sorted by time or read state: the severity and name live on
 * the shared notification row, which no index of the user's inbox orders.
 */
export const inboxList = defineList({
  texts: 'Notifications',
  exportName: 'MyNotifications',
  search: 'SearchPlaceholder',
  filters: {},
  tabs: { member: 'readState', values: ['1', '0'], texts: 'ReadState:' },
  columns: {
    severity: column.enum(['0', '10', '20', '30', '40'], { header: 'Severity', width: 110 }),
    title: column.text({ header: 'Title', noExport: true }),
    name: column.text({ header: 'Name', hidden: true }),
    state: column.enum(['1', '0'], { header: 'State', texts: 'ReadState:', sort: true, width: 90 }),
    creationTime: column.dateTime({ header: 'Time', sort: true, width: 170 }),
  },
  defaultSort: 'creationTime desc',
});
/** Members the inbox takes beyond its declaration. */
export const inboxMembers = { reverse };
export type InboxQuery = z.infer<typeof inboxList.query> & { reverse?: boolean };

export const notificationIdParams = z.object({ id: z.guid() });
/** The notification to unsubscribe from. */
export const subscriptionNameQuery = z.object({ name: z.string().trim().min(1).max(128) });
export const subscribeInput = z.object({ name: z.string().trim().min(1).max(128) });

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(max).nullable().optional());

/** What a sent notification says; the send page's fields check the same rules. */
export const notificationDataInput = z.object({
  title: z.string().trim().min(1).max(256),
  message: z.string().trim().min(1).max(2048),
  description: optionalText(4096),
});

export const sendInput = z.object({
  name: z.string().trim().min(1).max(128).default(ANNOUNCEMENT),
  data: notificationDataInput,
  /** Empty: everyone in the tenant (who has not unsubscribed). */
  toUsers: z
    .array(z.object({ userId: z.guid(), userName: z.string().max(256).nullable().optional() }))
    .max(1000)
    .default([]),
  severity: severitySchema.default(NotificationSeverity.Info),
});
export type SendInput = z.infer<typeof sendInput>;

export const userNotificationDto = z.object({
  id: z.string(),
  name: z.string(),
  data: z.object({ type: z.string(), extraProperties: z.record(z.string(), z.unknown()) }),
  creationTime: z.date(),
  type: z.number().int(),
  lifetime: z.number().int(),
  severity: z.number().int(),
  state: z.number().int(),
  contentType: z.number().int(),
});
export type UserNotificationDto = z.infer<typeof userNotificationDto>;

export const notificationDefinitionDto = z.object({
  ...describedNames,
  lifetime: z.number().int(),
  type: z.number().int(),
  allowSubscriptionToClients: z.boolean(),
});

export type NotificationDefinitionDto = z.infer<typeof notificationDefinitionDto>;

export const notificationGroupDto = z.object({
  ...displayedName,
  notifications: z.array(notificationDefinitionDto),
});
export type NotificationGroupDto = z.infer<typeof notificationGroupDto>;

export const subscriptionDto = z.object({ name: z.string() });

/** The notification stored (none when nobody received it) and how many users got it. */
export const sendResult = z.object({ id: z.string().nullable(), recipientCount: z.number().int() });
export type SendResult = z.infer<typeof sendResult>;
