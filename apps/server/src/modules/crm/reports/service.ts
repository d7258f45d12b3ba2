import {
  CrmPermissions,
  type ReportBox,
  type ReportCommentDto,
  type ReportDetailDto,
  type ReportDto,
  type ReportNumbers,
  type ReportNumbersDto,
  type ReportUserDto,
  type reportCommentInput,
  type reportInput,
  reportList,
  type reportRecipientQuery,
} from '@seller/contracts/crm';
import { and, asc, eq, exists, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { newConcurrencyStamp } from '../../../core/db/columns.ts';
import { conflict, fieldError, forbidden, notFound } from '../../../core/errors.ts';
import { type ListService, listService } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import { contains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import { users } from '../../identity/index.ts';
import { customerQueries } from '../customers/queries.ts';
import { activeUsersMatching } from '../users.ts';
import { ReportSent } from './events.ts';
import { type Period, periodColumns, periodOf } from './period.ts';
import { crmReportComments, crmReportRecipients, crmReports } from './schema.ts';

type Input = z.output<typeof reportInput>;
type Report = typeof crmReports.$inferSelect;
/** Where a lost notification is told (the request's logger). */

const ENTITY = 'CrmReport';
export const RESOURCE = 'CrmReports';

/** Who is reading: the user, whether they see every report (`Crm.Customers.ViewAll`), and may comment. */
export interface Reader {
  userId: string;
  viewAll: boolean;
  comment: boolean;
}

/** The caller as a reader of reports (their permissions, read before the unit). */
export async function readerOf(services: Services, ctx: RequestContext): Promise<Reader> {
  if (!ctx.user) throw forbidden();
  const v = await customerQueries.viewer(services, ctx);
  const held = await services.permissions.granted(ctx);
  return { userId: ctx.user.id, viewAll: v.viewAll, comment: held.has(`${CrmPermissions.Reports}.Comment`) };
}

const sentTo = (userId: string) =>
  exists(
    sql`(select 1 from ${crmReportRecipients} where ${crmReportRecipients.reportId} = ${crmReports.id} and ${crmReportRecipients.userId} = ${userId})`,
  );
const unreadBy = (userId: string) =>
  exists(
    sql`(select 1 from ${crmReportRecipients} where ${crmReportRecipients.reportId} = ${crmReports.id} and ${crmReportRecipients.userId} = ${userId} and ${crmReportRecipients.readTime} is null)`,
  );

/** The reports a reader sees: their own, those sent to them, every one with `ViewAll`. */
function visible(r: Reader): SQL {
  if (r.viewAll) return sql`true`;
  return or(eq(crmReports.creatorId, r.userId), sentTo(r.userId)) as SQL;
}

// ---------------------------------------------------------------------------------------------
// The period's numbers
// ---------------------------------------------------------------------------------------------

const tenantIs = (ctx: Pick<RequestContext, 'tenant'>) =>
  ctx.tenant ? sql`tenant_id = ${ctx.tenant.id}` : sql`tenant_id is null`;

/**
 * The author's work in the period, read from the tables of the other CRM areas by name: customers
 * created (`crm_customers`), follow-ups written (`crm_activities`), businesses created and won
 * (`crm_businesses`, won = `end_status` 1 with `end_time` in the period, owned by the author,
 * summed per currency). A table not there yet counts nothing; soft-deleted rows do not count.
 */
export async function computeNumbers(
  tx: Tx,
  ctx: Pick<RequestContext, 'tenant'>,
  authorId: string,
  p: Pick<Period, 'start' | 'end'>,
): Promise<ReportNumbers> {
  const cols = await tx.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name in ('crm_activities', 'crm_businesses')
      and column_name in ('id', 'is_deleted')`);
  const has = (table: string, column = 'id') =>
    cols.rows.some((c) => c.table_name === table && c.column_name === column);
  const live = (table: string) => (has(table, 'is_deleted') ? sql` and not is_deleted` : sql``);
  const start = p.start.toISOString();
  const end = p.end.toISOString();
  const created = (table: string) =>
    has(table)
      ? sql`(select count(*)::int from ${sql.identifier(table)} where ${tenantIs(ctx)} and creator_id = ${authorId}
          and creation_time >= ${start}::timestamptz and creation_time < ${end}::timestamptz${live(table)})`
      : sql`0`;
  const counts = await tx.execute<{ customers: number; activities: number; businesses: number }>(sql`
    select
      (select count(*)::int from crm_customers where ${tenantIs(ctx)} and creator_id = ${authorId}
        and creation_time >= ${start}::timestamptz and creation_time < ${end}::timestamptz and not is_deleted) as customers,
      ${created('crm_activities')} as activities,
      ${created('crm_businesses')} as businesses`);
  const won = has('crm_businesses')
    ? (
        await tx.execute<{ currency: string | null; amount: string; n: number }>(sql`
          select currency, sum(total_price)::text as amount, count(*)::int as n from crm_businesses
          where ${tenantIs(ctx)} and owner_user_id = ${authorId} and end_status = 1
            and end_time >= ${start}::timestamptz and end_time < ${end}::timestamptz${live('crm_businesses')}
          group by currency order by currency`)
      ).rows
    : [];
  const c = counts.rows[0];
  return {
    newCustomers: Number(c?.customers ?? 0),
    activities: Number(c?.activities ?? 0),
    newBusinesses: Number(c?.businesses ?? 0),
    wonAmounts: won.map((w) => ({ currency: w.currency ?? '', amount: decimal2(w.amount) })),
    wonCount: won.reduce((n, w) => n + Number(w.n), 0),
    computedAt: new Date().toISOString(),
  };
}

/** `1234.5` → `1234.50` (numeric sums keep the column's scale; a null sum is 0). */
function decimal2(v: string | null): string {
  if (!v) return '0.00';
  const [i, f = ''] = v.split('.');
  return `${i}.${f.padEnd(2, '0').slice(0, 2)}`;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const displayName = sql<string | null>`nullif(concat_ws(' ', ${users.name}, ${users.surname}), '')`;

/** The box a list shows when none is asked for: my own reports. */
const withBox = <Q extends Record<string, unknown>>(q: Q) => ({ ...q, box: q.box ?? 'mine' });
const readerIn = (ctx: Pick<RequestContext, 'user'>) => ctx.user?.id ?? '';

/** The author's names, correlated (the list counts over `crm_reports` alone). */
const authorMatches = (text: string) =>
  exists(
    sql`(select 1 from ${users} where ${users.id} = ${crmReports.creatorId} and ${or(contains(users.userName, text), contains(displayName, text))})`,
  );

/** The report list on the kit: what the reader sees (`visible`), in the asked box (mine by default). */
const listed = listService(reportList, {
  table: crmReports,
  rows: (tx) => tx.select(baseFields).from(crmReports).leftJoin(users, eq(users.id, crmReports.creatorId)).$dynamic(),
  search: (text) => or(contains(crmReports.title, text), contains(crmReports.content, text), authorMatches(text)),
  filters: {
    box: (box: ReportBox, ctx) =>
      box === 'received'
        ? and(sentTo(readerIn(ctx)), ne(crmReports.creatorId, readerIn(ctx)))
        : box === 'all'
          ? undefined
          : eq(crmReports.creatorId, readerIn(ctx)),
    category: (v: string) => eq(crmReports.category, Number(v)),
    authorId: crmReports.creatorId,
    // the periods overlapping the days asked (instants on the tenant's calendar)
    period: ({ from, to }: { from?: Date; to?: Date }) =>
      and(from ? gt(crmReports.periodEnd, from) : undefined, to ? lt(crmReports.periodStart, to) : undefined),
    unread: (v: boolean, ctx) => (v ? unreadBy(readerIn(ctx)) : undefined),
  },
  sorts: {
    category: crmReports.category,
    title: crmReports.title,
    creationTime: crmReports.creationTime,
    periodStart: crmReports.periodStart,
  },
  scope: async (services, _tx, ctx) => visible(await readerOf(services, ctx as RequestContext)),
  // whether each report was sent to me, and when I opened it: one query for the page
  items: async (tx, ctx, rows: Omit<ListRow, 'sentToMe' | 'myReadTime'>[]) => {
    const ids = rows.map((r) => r.report.id);
    const mine = ids.length
      ? await tx
          .select({ reportId: crmReportRecipients.reportId, readTime: crmReportRecipients.readTime })
          .from(crmReportRecipients)
          .where(and(inArray(crmReportRecipients.reportId, ids), eq(crmReportRecipients.userId, readerIn(ctx))))
      : [];
    const sent = new Map(mine.map((m) => [m.reportId, m.readTime]));
    return rows.map((row) => {
      const dto = toDto({ ...row, sentToMe: sent.has(row.report.id), myReadTime: sent.get(row.report.id) ?? null });
      return {
        ...dto,
        // the export's flat cells
        authorLabel: dto.author.name ?? dto.author.userName,
        newCustomers: dto.numbers.newCustomers,
        activities: dto.numbers.activities,
        newBusinesses: dto.numbers.newBusinesses,
        won: dto.numbers.wonAmounts.map((m) => `${m.amount} ${m.currency}`).join('; '),
        read: `${dto.readCount}/${dto.recipientCount}`,
      };
    });
  },
});

/** `/api/crm/reports`: the kit's list, in my box unless another is asked for. */
export const reportListService: ListService<ReportDto> = {
  page: (services, ctx, q) => listed.page(services, ctx, withBox(q)),
  counts: (services, ctx, q) => listed.counts(services, ctx, withBox(q)),
  explain: (services, ctx, q) => listed.explain(services, ctx, withBox(q)),
  batches: (services, ctx, q) => listed.batches(services, ctx, withBox(q)),
};

/** A list row's fields that do not depend on who reads. */
const baseFields = {
  report: crmReports,
  authorUserName: sql<string>`coalesce(${users.userName}, '')`,
  authorName: displayName,
  recipientCount: sql<number>`(select count(*)::int from ${crmReportRecipients} where ${crmReportRecipients.reportId} = ${crmReports.id})`,
  readCount: sql<number>`(select count(*)::int from ${crmReportRecipients} where ${crmReportRecipients.reportId} = ${crmReports.id} and ${crmReportRecipients.readTime} is not null)`,
  commentCount: sql<number>`(select count(*)::int from ${crmReportComments} where ${crmReportComments.reportId} = ${crmReports.id})`,
};
const listFields = (r: Reader) => ({
  ...baseFields,
  sentToMe: sql<boolean>`${sentTo(r.userId)}`,
  myReadTime: sql<
    string | null
  >`(select ${crmReportRecipients.readTime} from ${crmReportRecipients} where ${crmReportRecipients.reportId} = ${crmReports.id} and ${crmReportRecipients.userId} = ${r.userId})`,
});
type ListRow = {
  report: Report;
  authorUserName: string;
  authorName: string | null;
  recipientCount: number;
  readCount: number;
  commentCount: number;
  sentToMe: boolean;
  myReadTime: string | Date | null;
};

function toDto(row: ListRow): ReportDto {
  const r = row.report;
  return {
    id: r.id,
    category: r.category,
    period: r.period,
    startDate: r.startDate,
    endDate: r.endDate,
    title: r.title,
    content: r.content,
    plan: r.plan,
    problems: r.problems,
    numbers: r.numbers,
    author: { id: r.creatorId ?? '', userName: row.authorUserName, name: row.authorName },
    recipientCount: Number(row.recipientCount),
    readCount: Number(row.readCount),
    commentCount: Number(row.commentCount),
    myReadTime: row.myReadTime ? new Date(row.myReadTime) : null,
    sentToMe: Boolean(row.sentToMe),
    creationTime: r.creationTime,
    lastModificationTime: r.lastModificationTime,
    concurrencyStamp: r.concurrencyStamp,
  };
}

/** One report the reader sees (404 otherwise), with its list fields. */
async function loadReport(tx: Tx, ctx: RequestContext, r: Reader, id: string): Promise<ListRow> {
  const [row] = await tx
    .select(listFields(r))
    .from(crmReports)
    .leftJoin(users, eq(users.id, crmReports.creatorId))
    .where(owned(ctx, crmReports, eq(crmReports.id, id), visible(r)));
  if (!row) throw notFound(ENTITY, id);
  return row;
}

async function detailOf(tx: Tx, r: Reader, row: ListRow): Promise<ReportDetailDto> {
  const id = row.report.id;
  const recipients = await tx
    .select({
      id: crmReportRecipients.userId,
      userName: sql<string>`coalesce(${users.userName}, '')`,
      name: displayName,
      readTime: crmReportRecipients.readTime,
    })
    .from(crmReportRecipients)
    .leftJoin(users, eq(users.id, crmReportRecipients.userId))
    .where(eq(crmReportRecipients.reportId, id))
    .orderBy(asc(users.userName));
  const comments = await tx
    .select({
      id: crmReportComments.id,
      content: crmReportComments.content,
      creationTime: crmReportComments.creationTime,
      creatorId: crmReportComments.creatorId,
      userName: sql<string>`coalesce(${users.userName}, '')`,
      name: displayName,
    })
    .from(crmReportComments)
    .leftJoin(users, eq(users.id, crmReportComments.creatorId))
    .where(eq(crmReportComments.reportId, id))
    .orderBy(asc(crmReportComments.creationTime), asc(crmReportComments.id))
    .limit(500);
  const mine = row.report.creatorId === r.userId;
  const isRecipient = recipients.some((x) => x.id === r.userId);
  return {
    ...toDto(row),
    recipients,
    comments: comments.map((c) => toCommentDto(c, r)),
    canEdit: mine,
    canComment: r.comment && (mine || isRecipient),
  };
}

function toCommentDto(
  c: { id: string; content: string; creationTime: Date; creatorId: string; userName: string; name: string | null },
  r: Reader,
): ReportCommentDto {
  return {
    id: c.id,
    content: c.content,
    creationTime: c.creationTime,
    author: { id: c.creatorId, userName: c.userName, name: c.name },
    mine: c.creatorId === r.userId,
  };
}

/** One report. */
export const getReport = async (tx: Tx, ctx: RequestContext, r: Reader, id: string) =>
  detailOf(tx, r, await loadReport(tx, ctx, r, id));

/** A recipient opening a report marks it read. */
export async function markRead(tx: Tx, ctx: RequestContext, r: Reader, id: string) {
  const row = await loadReport(tx, ctx, r, id);
  if (!row.sentToMe || row.myReadTime) return;
  await tx
    .update(crmReportRecipients)
    .set({ readTime: new Date() })
    .where(
      and(
        eq(crmReportRecipients.reportId, id),
        eq(crmReportRecipients.userId, r.userId),
        isNull(crmReportRecipients.readTime),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** The reader's numbers over a period (the period computed before the unit, in the tenant's time zone). */
export async function numbersOf(tx: Tx, ctx: RequestContext, r: Reader, p: Period): Promise<ReportNumbersDto> {
  return { ...p, numbers: await computeNumbers(tx, ctx, r.userId, p) };
}

/** Recipients must be active users of the tenant; the author is left out (they see their own). */
async function checkRecipients(tx: Tx, ctx: RequestContext, authorId: string, ids: string[]) {
  const unique = [...new Set(ids)].filter((id) => id !== authorId);
  if (!unique.length) return [];
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(owned(ctx, users, inArray(users.id, unique), eq(users.isActive, true)));
  const known = new Set(found.map((u) => u.id));
  const missing = ids.findIndex((id) => id !== authorId && !known.has(id));
  if (missing >= 0) throw fieldError(`recipientIds.${missing}`, `${RESOURCE}::UnknownRecipient`);
  return unique;
}

async function assertFreePeriod(tx: Tx, ctx: RequestContext, authorId: string, p: Period, except?: string) {
  const taken = await firstOwnedId(
    tx,
    ctx,
    crmReports,
    eq(crmReports.creatorId, authorId),
    eq(crmReports.category, p.category),
    eq(crmReports.period, p.period),
    except ? ne(crmReports.id, except) : undefined,
  );
  if (taken) throw fieldError('date', `${RESOURCE}::DuplicatePeriod`, [p.period]);
}

const defaultTitle = (ctx: RequestContext, p: Period) =>
  `${t(ctx.culture, `${RESOURCE}::Category:${p.category}`)} ${p.period}`;

/** Raises `ReportSent` for the users newly sent a report (told after the commit, `events.ts`). */
async function raiseSent(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: RequestContext,
  report: { id: string; title: string; period: string },
  userIds: string[],
) {
  if (!userIds.length) return;
  const author = [ctx.user?.name, ctx.user?.surName].filter(Boolean).join(' ') || ctx.user?.userName || '';
  await services.events.emit(tx, ReportSent, {
    tenantId: ctx.tenant?.id ?? null,
    reportId: report.id,
    title: report.title,
    period: report.period,
    author,
    creatorId: ctx.user?.id ?? null,
    userIds,
  });
}

/** Writes the reader's report of a period (computed before the unit); its id. */
export async function createReport(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: RequestContext,
  r: Reader,
  p: Period,
  input: Input,
) {
  // one writer per author at a time, so two tabs cannot both take a period
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`crm_reports:${r.userId}`}, 0))`);
  await assertFreePeriod(tx, ctx, r.userId, p);
  const recipients = await checkRecipients(tx, ctx, r.userId, input.recipientIds);
  const n = await computeNumbers(tx, ctx, r.userId, p);
  const title = input.title ?? defaultTitle(ctx, p);
  const [row] = await tx
    .insert(crmReports)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      ...periodColumns(p),
      title,
      content: input.content,
      plan: input.plan,
      problems: input.problems,
      numbers: n,
      numbersTime: new Date(n.computedAt),
      creatorId: r.userId,
    })
    .returning({ id: crmReports.id });
  if (recipients.length) {
    await tx
      .insert(crmReportRecipients)
      .values(recipients.map((userId) => ({ tenantId: ctx.tenant?.id ?? null, reportId: row.id, userId })));
  }
  await raiseSent(services, tx, ctx, { id: row.id, title, period: p.period }, recipients);
  return row.id;
}

/** The reader's own report, for changing it: 404 when not seen, 403 when seen but someone else's. */
async function ownReport(tx: Tx, ctx: RequestContext, r: Reader, id: string) {
  const row = await loadReport(tx, ctx, r, id);
  if (row.report.creatorId !== r.userId) throw forbidden();
  return row.report;
}

/** Changes the reader's report (`timeZone` read before the unit); the users added are told. */
export async function updateReport(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: RequestContext,
  r: Reader,
  timeZone: string,
  id: string,
  input: Input,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`crm_reports:${r.userId}`}, 0))`);
  const report = await ownReport(tx, ctx, r, id);
  if (input.concurrencyStamp && input.concurrencyStamp !== report.concurrencyStamp) throw conflict();
  const p = periodOf(input.category, input.date, timeZone);
  const moved = p.category !== report.category || p.period !== report.period;
  if (moved) await assertFreePeriod(tx, ctx, r.userId, p, id);
  const recipients = await checkRecipients(tx, ctx, r.userId, input.recipientIds);
  const n = moved ? await computeNumbers(tx, ctx, r.userId, p) : null;
  const title = input.title ?? (moved ? defaultTitle(ctx, p) : report.title);
  await tx
    .update(crmReports)
    .set({
      ...periodColumns(p),
      title,
      content: input.content,
      plan: input.plan,
      problems: input.problems,
      ...(n ? { numbers: n, numbersTime: new Date(n.computedAt) } : {}),
      lastModificationTime: new Date(),
      lastModifierId: r.userId,
      concurrencyStamp: newConcurrencyStamp(),
    })
    .where(eq(crmReports.id, id));
  const before = await tx
    .select({ userId: crmReportRecipients.userId })
    .from(crmReportRecipients)
    .where(eq(crmReportRecipients.reportId, id));
  const had = new Set(before.map((b) => b.userId));
  const keep = new Set(recipients);
  const gone = [...had].filter((u) => !keep.has(u));
  const added = recipients.filter((u) => !had.has(u));
  if (gone.length) {
    await tx
      .delete(crmReportRecipients)
      .where(and(eq(crmReportRecipients.reportId, id), inArray(crmReportRecipients.userId, gone)));
  }
  if (added.length) {
    await tx
      .insert(crmReportRecipients)
      .values(added.map((userId) => ({ tenantId: ctx.tenant?.id ?? null, reportId: id, userId })));
  }
  await raiseSent(services, tx, ctx, { id, title, period: p.period }, added);
}

/** Takes the period's numbers again (the author, while editing). */
export async function refreshNumbers(tx: Tx, ctx: RequestContext, r: Reader, id: string) {
  const report = await ownReport(tx, ctx, r, id);
  const n = await computeNumbers(tx, ctx, r.userId, { start: report.periodStart, end: report.periodEnd });
  await tx
    .update(crmReports)
    .set({ numbers: n, numbersTime: new Date(n.computedAt), concurrencyStamp: newConcurrencyStamp() })
    .where(eq(crmReports.id, id));
}

export async function deleteReport(tx: Tx, ctx: RequestContext, r: Reader, id: string) {
  await ownReport(tx, ctx, r, id);
  await tx
    .update(crmReports)
    .set({ isDeleted: true, deletionTime: new Date(), deleterId: r.userId })
    .where(eq(crmReports.id, id));
}

// ---------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------

/** Comments on a report its author or a recipient sees; the comment written. */
export async function addComment(
  tx: Tx,
  ctx: RequestContext,
  r: Reader,
  id: string,
  input: z.output<typeof reportCommentInput>,
) {
  const row = await loadReport(tx, ctx, r, id);
  // the author and the recipients talk about it; others who may read it (ViewAll) only read
  if (row.report.creatorId !== r.userId && !row.sentToMe) throw forbidden();
  const [c] = await tx
    .insert(crmReportComments)
    .values({ tenantId: ctx.tenant?.id ?? null, reportId: id, content: input.content, creatorId: r.userId })
    .returning();
  return toCommentDto(
    {
      ...c,
      userName: ctx.user?.userName ?? '',
      name: [ctx.user?.name, ctx.user?.surName].filter(Boolean).join(' ') || null,
    },
    r,
  );
}

export async function removeComment(tx: Tx, ctx: RequestContext, r: Reader, id: string, commentId: string) {
  await loadReport(tx, ctx, r, id);
  const [c] = await tx
    .select()
    .from(crmReportComments)
    .where(owned(ctx, crmReportComments, eq(crmReportComments.id, commentId), eq(crmReportComments.reportId, id)));
  if (!c) throw notFound('CrmReportComment', commentId);
  if (c.creatorId !== r.userId) throw forbidden();
  await tx.delete(crmReportComments).where(eq(crmReportComments.id, commentId));
}

// ---------------------------------------------------------------------------------------------
// Lookups
// ---------------------------------------------------------------------------------------------

/** Active users of the tenant a report may be sent to (at most 50, by user name). */
export async function recipientOptions(
  tx: Tx,
  ctx: RequestContext,
  q: z.output<typeof reportRecipientQuery>,
): Promise<{ items: ReportUserDto[] }> {
  const rows = await tx
    .select({ id: users.id, userName: users.userName, name: displayName })
    .from(users)
    .where(activeUsersMatching(ctx, q.filter, [users.userName, displayName]))
    .orderBy(asc(users.userName))
    .limit(50);
  return { items: rows };
}
