import { auditLogList, mySecurityLogList, securityLogList } from '@seller/contracts/auditing';
import { and, type Column, eq, getTableColumns, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { type CrudContext, owned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { notFound, unauthorized } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import { securityLogs } from '../identity/index.ts';
import { auditLogs } from './schema.ts';

/** The entity names a missing log entry's 404 carries. */
export const AUDIT_LOG = 'AuditLog';
export const SECURITY_LOG = 'IdentitySecurityLog';

type AuditLogRow = typeof auditLogs.$inferSelect;
type SecurityLogRow = typeof securityLogs.$inferSelect;
/** The two logs the module reads and deletes (the security log's table is identity's, written there). */
export type LogTable = typeof auditLogs | typeof securityLogs;

/** Row `id` of `table` in the current tenant: 404 naming `entity` when there is none. */
async function oneLog<T extends LogTable>(
  tx: Tx,
  ctx: CrudContext,
  table: T,
  entity: string,
  id: string,
): Promise<T['$inferSelect']> {
  const log: LogTable = table;
  const [row] = await tx
    .select()
    .from(log)
    .where(owned(ctx, log, eq(log.id, id)))
    .limit(1);
  if (!row) throw notFound(entity, id);
  return row as T['$inferSelect'];
}

/** An instant range as ABP reads it: both ends inclusive (a day's end is the next midnight). */
const within =
  (column: Column) =>
  ({ from, to }: { from?: Date; to?: Date }) =>
    and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);

/** A min/max pair of integers (0 is a bound too). */
const between =
  (column: Column) =>
  ({ min, max }: { min?: number; max?: number }) =>
    and(min !== undefined ? gte(column, min) : undefined, max !== undefined ? lte(column, max) : undefined);

const exactly = (column: Column) => (value: string | number) => eq(column, value);

// ---------------------------------------------------------------------------------------------
// Audit log

function auditBase(r: Omit<AuditLogRow, 'entityChanges'>) {
  return {
    id: r.id,
    applicationName: r.applicationName,
    userId: r.userId,
    userName: r.userName,
    tenantId: r.tenantId,
    tenantName: r.tenantName,
    impersonatorUserId: r.impersonatorUserId,
    impersonatorUserName: r.impersonatorUserName,
    impersonatorTenantId: r.impersonatorTenantId,
    executionTime: r.executionTime,
    executionDuration: r.executionDuration,
    clientIpAddress: r.clientIpAddress,
    clientId: r.clientId,
    correlationId: r.correlationId,
    browserInfo: r.browserInfo,
    httpMethod: r.httpMethod,
    url: r.url,
    exceptions: r.exceptions,
    httpStatusCode: r.httpStatusCode,
  };
}

const toAuditLogDto = (r: AuditLogRow) => ({ ...auditBase(r), entityChanges: r.entityChanges ?? [] });

/** List columns: everything but the entity changes, which only the detail carries (their count here). */
const { entityChanges: _changes, ...auditListColumns } = getTableColumns(auditLogs);
const auditListSelect = {
  ...auditListColumns,
  entityChangeCount: sql<number>`jsonb_array_length(${auditLogs.entityChanges})`.mapWith(Number),
};
type AuditListRow = Omit<AuditLogRow, 'entityChanges'> & { entityChangeCount: number };

/**
 * Sort keys with their columns. Declared apart: the kit's `SortKeys` type does not see the
 * columns' `sort: true` (the column builders widen it to boolean), so an inline literal is refused.
 */
const auditSorts = {
  executionTime: auditLogs.executionTime,
  userName: auditLogs.userName,
  httpMethod: auditLogs.httpMethod,
  url: auditLogs.url,
  httpStatusCode: auditLogs.httpStatusCode,
  executionDuration: auditLogs.executionDuration,
  clientIpAddress: auditLogs.clientIpAddress,
  applicationName: auditLogs.applicationName,
};

/** The audit log list (`auditLogList`): the rows without their entity changes, newest first. */
const auditLogListService = listService(auditLogList, {
  table: auditLogs,
  rows: (tx) => tx.select(auditListSelect).from(auditLogs).$dynamic(),
  filters: {
    time: within(auditLogs.executionTime),
    userName: auditLogs.userName,
    url: auditLogs.url,
    httpMethod: auditLogs.httpMethod,
    httpStatusCode: exactly(auditLogs.httpStatusCode),
    executionDuration: between(auditLogs.executionDuration),
    hasException: (has: boolean) => (has ? isNotNull(auditLogs.exceptions) : isNull(auditLogs.exceptions)),
    clientIpAddress: auditLogs.clientIpAddress,
    clientId: exactly(auditLogs.clientId),
    correlationId: exactly(auditLogs.correlationId),
    applicationName: exactly(auditLogs.applicationName),
  },
  sorts: auditSorts,
  items: (_tx, _ctx, rows: AuditListRow[]) =>
    rows.map(({ entityChangeCount, ...r }) => ({ ...auditBase(r), entityChangeCount })),
});

// ---------------------------------------------------------------------------------------------
// Security log

const toSecurityLogDto = (r: SecurityLogRow) => ({
  id: r.id,
  tenantId: r.tenantId,
  tenantName: r.tenantName,
  applicationName: r.applicationName,
  identity: r.identity,
  action: r.action,
  userId: r.userId,
  userName: r.userName,
  clientId: r.clientId,
  correlationId: r.correlationId,
  clientIpAddress: r.clientIpAddress,
  browserInfo: r.browserInfo,
  creationTime: r.creationTime,
  extraProperties: r.extraProperties ?? {},
});

function securityItem(r: SecurityLogRow) {
  const x = (r.extraProperties ?? {}) as Record<string, string | null | undefined>;
  return {
    ...toSecurityLogDto(r),
    // the export's column (the page reads it from extraProperties)
    impersonationDetails: x.impersonatorUserName ? `${x.impersonatorUserName} → ${x.impersonatedUserName}` : null,
  };
}

const securityTime = within(securityLogs.creationTime);
const securitySorts = {
  creationTime: securityLogs.creationTime,
  identity: securityLogs.identity,
  action: securityLogs.action,
  userName: securityLogs.userName,
  clientId: securityLogs.clientId,
  clientIpAddress: securityLogs.clientIpAddress,
  applicationName: securityLogs.applicationName,
};

/** The security log list (`securityLogList`): the tenant's sign-ins, sign-outs, lockouts… */
const securityLogListService = listService(securityLogList, {
  table: securityLogs,
  filters: {
    time: securityTime,
    action: exactly(securityLogs.action),
    identity: exactly(securityLogs.identity),
    userName: securityLogs.userName,
    clientId: exactly(securityLogs.clientId),
    clientIpAddress: securityLogs.clientIpAddress,
    correlationId: exactly(securityLogs.correlationId),
    applicationName: exactly(securityLogs.applicationName),
  },
  sorts: securitySorts,
  items: (_tx, _ctx, rows: SecurityLogRow[]) => rows.map(securityItem),
});

/** The signed-in user's own security log (sign-ins, sign-outs, password changes, impersonation). */
const mySecurityLogListService = listService(mySecurityLogList, {
  table: securityLogs,
  filters: { time: securityTime, action: exactly(securityLogs.action) },
  sorts: securitySorts,
  scope: (_services, _tx, ctx) => {
    if (!ctx.user) throw unauthorized();
    return eq(securityLogs.userId, ctx.user.id);
  },
  items: (_tx, _ctx, rows: SecurityLogRow[]) => rows.map(securityItem),
});

/**
 * The auditing module's reads (the service shape, `docs/architecture.md`): the list sources (the
 * list kit) and one entry of each log, each taking the open unit's `tx` and the context.
 */
export const auditingQueries = {
  auditLogs: auditLogListService,
  auditLog: async (tx: Tx, ctx: CrudContext, id: string) =>
    toAuditLogDto(await oneLog(tx, ctx, auditLogs, AUDIT_LOG, id)),
  securityLogs: securityLogListService,
  securityLog: async (tx: Tx, ctx: CrudContext, id: string) =>
    toSecurityLogDto(await oneLog(tx, ctx, securityLogs, SECURITY_LOG, id)),
  /** The signed-in user's own entries (any signed-in user: the source's scope is the user's rows). */
  mySecurityLogs: mySecurityLogListService,
};
