import { z } from 'zod';
import { stamp } from '../fields.ts';
import { column, defineList, filter, pageListNames } from '../lists.ts';
import { businessAmount } from './businesses.ts';

/**
 * Job reports (domain §6.7, WukongCRM `oa_log`): a salesman's daily, weekly or monthly report with
 * its content, plan and problems, sent to colleagues who are notified, mark it read by opening it
 * and may comment. The period is computed from a chosen date in the tenant's time zone (a day, the
 * ISO week, the month); one report per author, category and period. The period's numbers (new
 * customers, follow-ups, new businesses, won amount per currency) are a snapshot taken when the
 * report is written and refreshed on request.
 */

/** 1 daily (日报), 2 weekly (周报), 3 monthly (月报). */
export const ReportCategory = { Daily: 1, Weekly: 2, Monthly: 3 } as const;
export type ReportCategory = (typeof ReportCategory)[keyof typeof ReportCategory];
export const reportCategories = [1, 2, 3] as const;
export const reportCategory = z.coerce
  .number()
  .int()
  .refine((v) => (reportCategories as readonly number[]).includes(v), { message: 'Invalid category' });

/** Which reports a list shows: mine (written by me), received (sent to me), all (every visible one). */
export const reportBoxes = ['mine', 'received', 'all'] as const;
export type ReportBox = (typeof reportBoxes)[number];

const id = z.guid();
const text = (max: number) => z.string().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v?.trim() ? v : null));

export const reportInput = z.object({
  category: reportCategory,
  /** Any day of the period (yyyy-MM-dd): the day itself, a day of the ISO week, a day of the month. */
  date: z.iso.date(),
  /** Left empty, the server names it after the category and period. */
  title: z
    .string()
    .trim()
    .max(128)
    .optional()
    .nullable()
    .transform((v) => v || null),
  content: text(4000).trim().min(1),
  plan: optionalText(4000),
  problems: optionalText(4000),
  recipientIds: z.array(id).max(50).default([]),
  ...stamp,
});
export type ReportInput = z.input<typeof reportInput>;

export const reportNumbersQuery = z.object({ category: reportCategory, date: z.iso.date() });
export type ReportNumbersQuery = z.input<typeof reportNumbersQuery>;

/**
 * The report list (`/api/crm/reports`, its `/export`): the box (mine when not given, received, all
 * the reader sees), the kind, the author, reports whose period overlaps the days `from`…`to`, only
 * the unread ones sent to me; searched in title, content and author.
 */
export const reportList = defineList({
  ...pageListNames('CrmReports', 'Search'),
  filters: {
    box: filter.enum(reportBoxes, { label: 'Page:Box', texts: 'Box:' }),
    category: filter.enum(['1', '2', '3'], { label: 'Field:Category', texts: 'Category:' }),
    authorId: filter.ref('User', { label: 'Field:Author', options: '/api/crm/reports/recipients' }),
    period: filter.dateRange('from', 'to', { label: 'Page:PeriodFilter' }),
    unread: filter.bool({ label: 'Page:OnlyUnread' }),
  },
  columns: {
    category: column.enum(['1', '2', '3'], { header: 'Field:Category', texts: 'Category:', sort: true, width: 90 }),
    period: column.text({ header: 'Field:Period', width: 110 }),
    title: column.text({ header: 'Field:Title', sort: true, width: 220 }),
    authorLabel: column.text({ header: 'Field:Author', width: 130 }),
    content: column.text({ header: 'Field:Content', exportOnly: true, width: 320 }),
    plan: column.text({ header: 'Field:Plan', exportOnly: true, width: 240 }),
    problems: column.text({ header: 'Field:Problems', exportOnly: true, width: 240 }),
    newCustomers: column.quantity({ header: 'Numbers:NewCustomers', width: 90 }),
    activities: column.quantity({ header: 'Numbers:Activities', width: 90 }),
    newBusinesses: column.quantity({ header: 'Numbers:NewBusinesses', width: 90 }),
    won: column.text({ header: 'Numbers:Won', width: 160 }),
    read: column.text({ header: 'Field:Read', width: 80 }),
    commentCount: column.quantity({ header: 'Field:Comments', hidden: true, noExport: true, width: 80 }),
    creationTime: column.dateTime({ header: 'Field:CreationTime', sort: true, width: 150 }),
  },
  sorts: ['periodStart'],
  defaultSort: 'periodStart desc',
});
export const reportListQuery = reportList.query;
export type ReportListQuery = z.input<typeof reportListQuery>;

export const reportCommentInput = z.object({ content: z.string().trim().min(1).max(1000) });
export type ReportCommentInput = z.input<typeof reportCommentInput>;

export const reportRecipientQuery = z.object({ filter: z.string().trim().max(100).optional() });

/** The period's numbers of the author, as computed at `computedAt`. */
export const reportNumbers = z.object({
  newCustomers: z.number().int(),
  activities: z.number().int(),
  newBusinesses: z.number().int(),
  /** Businesses won in the period (owner = author), summed per currency. */
  wonAmounts: z.array(businessAmount),
  wonCount: z.number().int(),
  computedAt: z.string(),
});
export type ReportNumbers = z.infer<typeof reportNumbers>;

/** A period: its key (`2026-11-24`, `2026-W48`, `2026-11`), first and last day, and its instants. */
/** Which period a report covers: its category and key, first and last day. */
const periodKey = {
  category: z.number().int(),
  period: z.string(),
  startDate: z.string(),
  endDate: z.string(),
};

export const reportPeriod = z.object({
  ...periodKey,
  start: z.coerce.date(),
  end: z.coerce.date(),
  timeZone: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

export const reportNumbersDto = reportPeriod.extend({ numbers: reportNumbers });
export type ReportNumbersDto = z.infer<typeof reportNumbersDto>;

const user = z.object({ id: z.string(), userName: z.string(), name: z.string().nullable() });
export const reportUserDto = user;
export type ReportUserDto = z.infer<typeof reportUserDto>;

export const reportRecipientDto = user.extend({ readTime: z.coerce.date().nullable() });
export type ReportRecipientDto = z.infer<typeof reportRecipientDto>;

export const reportCommentDto = z.object({
  id: z.string(),
  content: z.string(),
  creationTime: z.coerce.date(),
  author: user,
  /** Mine: I may delete it. */
  mine: z.boolean(),
});
export type ReportCommentDto = z.infer<typeof reportCommentDto>;

export const reportDto = z.object({
  id: z.string(),
  ...periodKey,
  title: z.string(),
  content: z.string(),
  plan: z.string().nullable(),
  problems: z.string().nullable(),
  numbers: reportNumbers,
  author: user,
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  commentCount: z.number().int(),
  /** For a report sent to me: when I opened it (null = unread); null also when it was not sent to me. */
  myReadTime: z.coerce.date().nullable(),
  sentToMe: z.boolean(),
  creationTime: z.coerce.date(),
  lastModificationTime: z.coerce.date().nullable(),
  concurrencyStamp: z.string(),
});
export type ReportDto = z.infer<typeof reportDto>;

export const reportDetailDto = reportDto.extend({
  recipients: z.array(reportRecipientDto),
  comments: z.array(reportCommentDto),
  /** What the viewer may do. */
  canEdit: z.boolean(),
  canComment: z.boolean(),
});
export type ReportDetailDto = z.infer<typeof reportDetailDto>;
