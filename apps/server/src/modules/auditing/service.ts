import { auditLogList, mySecurityLogList, securityLogList } from '@seller/contracts/auditing';
import { and, type Column, eq, getTableColumns, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type CrudContext, owned } from '../../core/crud.ts';
import { notFound, unauthorized } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import type { Services } from '../../core/services.ts';
import { securityLogs } from '../identity/index.ts';
import { auditLogs } from './schema.ts';

export const AUDIT_LOG = 'AuditLog';
export const SECURITY_LOG = 'IdentitySecurityLog';

type AuditLogRow = typeof auditLogs.$inferSelect;
type SecurityLogRow = typeof securityLogs.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Writing

/** Query parameters whose values never reach the audit log. */
const SECRET_PARAM = /pass|secret|token|code|key|credential|authorization/i;

/** The request URL with secret-looking query values masked (request bodies are never stored). */
export function auditUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url.slice(0, 512);
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAM.test(key)) params.set(key, '***');
  }
  const query = params.toString();
  return `${url.slice(0, q)}${query ? `?${query}` : ''}`.slice(0, 512);
}

/**
 * Writes one audit row for a write request: who (and, while impersonating, who acts for them),
 * tenant, what, duration, entity changes (secret fields already masked by platform/crud.ts).
 */
export async function recordAudit(services: Services, req: FastifyRequest, statusCode: number) {
  const ctx = req.ctx;
  const duration = Math.round(performance.now() - req.startedAt);
  const row = {
    tenantId: ctx.tenant?.id ?? null,
    tenantName: ctx.tenant?.name ?? null,
    applicationName: 'seller-admin',
    userId: ctx.user?.id ?? null,
    userName: ctx.user?.userName ?? null,
    impersonatorUserId: ctx.user?.impersonatorUserId ?? null,
    impersonatorUserName: ctx.user?.impersonatorUserName ?? null,
    impersonatorTenantId: ctx.user?.impersonatorTenantId ?? null,
    executionTime: new Date(Date.now() - duration),
    executionDuration: duration,
    clientIpAddress: ctx.clientIp.slice(0, 64),
    clientId: ctx.clientId?.slice(0, 64) ?? null,
    correlationId: ctx.correlationId.slice(0, 64),
    browserInfo: ctx.browserInfo,
    httpMethod: req.method,
    url: auditUrl(req.url),
    exceptions: statusCode >= 400 ? `HTTP ${statusCode}` : null,
    httpStatusCode: statusCode,
    entityChanges: statusCode < 400 ? ctx.entityChanges : [],
  };
  // Tenant data goes to the tenant's own database when it has one.
  await services.data.inTenant(ctx, (tx) => tx.insert(auditLogs).values(row));
}

// ---------------------------------------------------------------------------------------------
// Audit log

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

export const toAuditLogDto = (r: AuditLogRow) => ({ ...auditBase(r), entityChanges: r.entityChanges ?? [] });

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
export const auditLogListService = listService(auditLogList, {
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

export async function getAuditLog(services: Services, ctx: CrudContext, id: string) {
  return services.data.inTenant(ctx, async (tx) => {
    const [row] = await tx
      .select()
      .from(auditLogs)
      .where(owned(ctx, auditLogs, eq(auditLogs.id, id)))
      .limit(1);
    if (!row) throw notFound(AUDIT_LOG, id);
    return toAuditLogDto(row);
  });
}

type LogTable = typeof auditLogs | typeof securityLogs;

/** Deletes row `id` of `table` in the current tenant: 404 naming `entity` when there is none. */
async function deleteLog(services: Services, ctx: CrudContext, table: LogTable, entity: string, id: string) {
  await services.data.inTenant(ctx, async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(owned(ctx, table, eq(table.id, id)))
      .returning({ id: table.id });
    if (!deleted.length) throw notFound(entity, id);
  });
}

/** Deletes the listed rows of `table` in the current tenant; ids of other tenants or unknown ids are ignored. */
function deleteLogs(services: Services, ctx: CrudContext, table: LogTable, ids: string[]) {
  return services.data.inTenant(ctx, async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(owned(ctx, table, inArray(table.id, ids)))
      .returning({ id: table.id });
    return deleted.length;
  });
}

export const deleteAuditLog = (services: Services, ctx: CrudContext, id: string) =>
  deleteLog(services, ctx, auditLogs, AUDIT_LOG, id);

/** Deletes the listed rows of the current tenant; ids of other tenants or unknown ids are ignored. */
export const deleteAuditLogs = (services: Services, ctx: CrudContext, ids: string[]) =>
  deleteLogs(services, ctx, auditLogs, ids);

// ---------------------------------------------------------------------------------------------
// Security log

export const toSecurityLogDto = (r: SecurityLogRow) => ({
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
export const securityLogListService = listService(securityLogList, {
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
export const mySecurityLogListService = listService(mySecurityLogList, {
  table: securityLogs,
  filters: { time: securityTime, action: exactly(securityLogs.action) },
  sorts: securitySorts,
  scope: (_services, _tx, ctx) => {
    if (!ctx.user) throw unauthorized();
    return eq(securityLogs.userId, ctx.user.id);
  },
  items: (_tx, _ctx, rows: SecurityLogRow[]) => rows.map(securityItem),
});

export async function getSecurityLog(services: Services, ctx: CrudContext, id: string) {
  return services.data.inTenant(ctx, async (tx) => {
    const [row] = await tx
      .select()
      .from(securityLogs)
      .where(owned(ctx, securityLogs, eq(securityLogs.id, id)))
      .limit(1);
    if (!row) throw notFound(SECURITY_LOG, id);
    return toSecurityLogDto(row);
  });
}

export const deleteSecurityLog = (services: Services, ctx: CrudContext, id: string) =>
  deleteLog(services, ctx, securityLogs, SECURITY_LOG, id);

export const deleteSecurityLogs = (services: Services, ctx: CrudContext, ids: string[]) =>
  deleteLogs(services, ctx, securityLogs, ids);
