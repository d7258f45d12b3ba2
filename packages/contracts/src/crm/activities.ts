import { z } from 'zod';
import { audit, emptyToNull, emptyToUndefined, stamp, text } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';
import { ofCustomer } from './customers.ts';

/** Follow-up records (domain §6.3) on a customer, one of its contacts or one of its businesses. */

export const ActivityBizTypes = ['CUSTOMER', 'CONTACT', 'BUSINESS'] as const;
export type ActivityBizType = (typeof ActivityBizTypes)[number];
/** Dictionary of follow-up types (yudao CRM_FOLLOW_UP_TYPE): call, visit, email, WeChat, meeting, other. */
export const ActivityTypes = ['CALL', 'VISIT', 'EMAIL', 'WECHAT', 'MEETING', 'OTHER'] as const;
export type ActivityType = (typeof ActivityTypes)[number];
/** Attachments per record. */
export const ACTIVITY_MAX_FILES = 9;

const fields = {
  type: z.enum(ActivityTypes),
  content: text(2000),
  /** The next contact planned; the parent's next contact time. */
  nextTime: z.preprocess(emptyToNull, z.coerce.date({ error: 'CrmActivities::DateFormat' }).nullable()).default(null),
  /** URLs of files uploaded through `POST /api/files`. */
  fileIds: z.array(z.string().max(256)).max(ACTIVITY_MAX_FILES).default([]),
};

export const activityInput = z.object({
  bizType: z.enum(ActivityBizTypes).default('CUSTOMER'),
  /** The customer, contact or business followed up. */
  bizId: z.guid(),
  ...fields,
});
/** What an edit may change: not the record's parent. */
export const activityUpdateInput = z.object({ ...fields, ...stamp });
export type ActivityInput = z.infer<typeof activityInput>;
export type ActivityUpdateInput = z.infer<typeof activityUpdateInput>;

const _optional = <T extends z.ZodType>(s: T) => z.preprocess(emptyToUndefined, s.optional());

/**
 * The follow-up list (`/api/crm/activities`, its `/export`): newest first, the timeline. The
 * search looks in the content; `mine` keeps the caller's own records; `from`…`to` are days of
 * the tenant's calendar, inclusive. Who sees which records is their customers' visibility.
 */
export const activityList = defineList({
  texts: 'CrmActivities',
  exportName: 'Activities',
  search: 'Content',
  filters: {
    customerId: filter.ref('Customer'),
    bizType: filter.enum(ActivityBizTypes, { texts: 'BizType:' }),
    bizId: filter.ref('BizName', { label: 'BizName' }),
    type: filter.enum(ActivityTypes, { texts: 'Type:' }),
    mine: filter.bool(),
    created: filter.dateRange('from', 'to', { label: 'DateRange' }),
  },
  columns: {
    creationTime: column.dateTime({ sort: true, width: 150 }),
    customerName: column.text({ header: 'Customer', width: 180 }),
    bizType: column.enum(ActivityBizTypes, { texts: 'BizType:', width: 90 }),
    bizName: column.text({ width: 160 }),
    type: column.enum(ActivityTypes, { texts: 'Type:', sort: true, width: 90 }),
    content: column.text({ width: 360 }),
    nextTime: column.dateTime({ sort: true, width: 150 }),
    creatorName: column.text({ header: 'Creator', width: 110 }),
  },
  defaultSort: 'creationTime desc',
});
export type ActivityQuery = z.infer<typeof activityList.query>;

export const activityDto = z.object({
  id: z.string(),
  bizType: z.enum(ActivityBizTypes),
  bizId: z.string(),
  /** The customer's, contact's or business's name. */
  bizName: z.string().nullable(),
  ...ofCustomer,
  type: z.enum(ActivityTypes),
  content: z.string(),
  nextTime: z.date().nullable(),
  fileIds: z.array(z.string()),
  creatorName: z.string().nullable(),
  ...audit,
});
export type ActivityDto = z.infer<typeof activityDto>;
