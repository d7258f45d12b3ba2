import type { ReportNumbers } from '@seller/contracts/crm';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, softDelete, tenantId, tenantKey, time } from '../../../core/db/columns.ts';

/**
 * Job reports (domain §6.7, WukongCRM `oa_log`). `creator_id` is the author. The period is kept as
 * its key (`2026-11-24`, `2026-W48`, `2026-11`), its first and last day, and the instants bounding
 * it in the tenant's time zone when the report was written; one live report per author, category
 * and period. `numbers` is the snapshot of the period's work, taken at `numbers_time`.
 */
export const crmReports = pgTable(
  'crm_reports',
  {
    id: id(),
    tenantId: tenantId(),
    /** 1 daily, 2 weekly, 3 monthly. */
    category: smallint('category').notNull(),
    period: varchar('period', { length: 10 }).notNull(),
    startDate: varchar('start_date', { length: 10 }).notNull(),
    endDate: varchar('end_date', { length: 10 }).notNull(),
    periodStart: time('period_start').notNull(),
    periodEnd: time('period_end').notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    content: text('content').notNull(),
    plan: text('plan'),
    problems: text('problems'),
    numbers: jsonb('numbers').$type<ReportNumbers>().notNull(),
    numbersTime: time('numbers_time').notNull(),
    ...audited(),
    ...softDelete(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('crm_reports_period_uq').on(tenantKey, t.creatorId, t.category, t.period).where(sql`not is_deleted`),
    index('crm_reports_tenant_ix').on(t.tenantId, t.periodStart),
    // the list's other sorts
    index('crm_reports_category_ix').on(t.tenantId, t.category),
    index('crm_reports_title_ix').on(t.tenantId, t.title),
    index('crm_reports_creation_time_ix').on(t.tenantId, t.creationTime),
  ],
);

/** The colleagues a report is sent to, and when each opened it (`read_time` null = unread). */
export const crmReportRecipients = pgTable(
  'crm_report_recipients',
  {
    tenantId: tenantId(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => crmReports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    readTime: time('read_time'),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.userId] }),
    index('crm_report_recipients_user_ix').on(t.tenantId, t.userId),
  ],
);

/** Comments on a report, by its author and its recipients. */
export const crmReportComments = pgTable(
  'crm_report_comments',
  {
    id: id(),
    tenantId: tenantId(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => crmReports.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 1000 }).notNull(),
    creationTime: time('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id').notNull(),
  },
  (t) => [index('crm_report_comments_report_ix').on(t.reportId, t.creationTime)],
);
