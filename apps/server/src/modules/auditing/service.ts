import type { AuditLogFilter, MySecurityLogQuery, SecurityLogFilter } from '@seller/contracts/auditing';
import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, orderBy, owned, page } from '../../core/crud.ts';
import type { DbOrTx } from '../../core/db/client.ts';
import { notFound, unauthorized } from '../../core/errors.ts';
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

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const auditSortable = {
  executionTime: auditLogs.executionTime,
  executionDuration: auditLogs.executionDuration,
  httpStatusCode: auditLogs.httpStatusCode,
  httpMethod: auditLogs.httpMethod,
  userName: auditLogs.userName,
  url: auditLogs.url,
  clientIpAddress: auditLogs.clientIpAddress,
  applicationName: auditLogs.applicationName,
};
const auditFallback = [desc(auditLogs.executionTime), desc(auditLogs.id)];

function auditWhere(ctx: CrudContext, q: AuditLogFilter): SQL {
  return owned(
    ctx,
    auditLogs,
    q.startTime ? gte(auditLogs.executionTime, q.startTime) : undefined,
    q.endTime ? lte(auditLogs.executionTime, q.endTime) : undefined,
    q.userName ? ilike(auditLogs.userName, like(q.userName)) : undefined,
    q.url ? ilike(auditLogs.url, like(q.url)) : undefined,
    q.httpMethod ? eq(auditLogs.httpMethod, q.httpMethod) : undefined,
    q.httpStatusCode !== undefined ? eq(auditLogs.httpStatusCode, q.httpStatusCode) : undefined,
    q.minExecutionDuration !== undefined ? gte(auditLogs.executionDuration, q.minExecutionDuration) : undefined,
    q.maxExecutionDuration !== undefined ? lte(auditLogs.executionDuration, q.maxExecutionDuration) : undefined,
    q.hasException === true
      ? isNotNull(auditLogs.exceptions)
      : q.hasException === false
        ? isNull(auditLogs.exceptions)
        : undefined,
    q.clientIpAddress ? ilike(auditLogs.clientIpAddress, like(q.clientIpAddress)) : undefined,
    q.clientId ? eq(auditLogs.clientId, q.clientId) : undefined,
    q.correlationId ? eq(auditLogs.correlationId, q.correlationId) : undefined,
    q.applicationName ? eq(auditLogs.applicationName, q.applicationName) : undefined,
  );
}

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

async function auditRows(tx: DbOrTx, ctx: CrudContext, q: AuditLogFilter, limit: number, offset: number) {
  return tx
    .select(auditListSelect)
    .from(auditLogs)
    .where(auditWhere(ctx, q))
    .orderBy(...orderBy(q.sorting, auditSortable, auditFallback))
    .limit(limit)
    .offset(offset);
}

export async function pagedAuditLogs(
  services: Services,
  ctx: CrudContext,
  q: AuditLogFilter & { skipCount: number; maxResultCount: number },
) {
  return services.data.inTenant(ctx, async (tx) => {
    // one statement: the page and the total (window count), like crud.page
    const rows = await tx
      .select({ ...auditListSelect, __total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(auditLogs)
      .where(auditWhere(ctx, q))
      .orderBy(...orderBy(q.sorting, auditSortable, auditFallback))
      .limit(q.maxResultCount)
      .offset(q.skipCount);
    let totalCount = rows[0]?.__total ?? 0;
    if (!rows.length && q.skipCount > 0) {
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(auditLogs)
        .where(auditWhere(ctx, q));
      totalCount = count;
    }
    return {
      totalCount,
      items: rows.map(({ __total: _t, entityChangeCount, ...r }) => ({ ...auditBase(r), entityChangeCount })),
    };
  });
}

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

export async function deleteAuditLog(services: Services, ctx: CrudContext, id: string) {
  await services.data.inTenant(ctx, async (tx) => {
    const deleted = await tx
      .delete(auditLogs)
      .where(owned(ctx, auditLogs, eq(auditLogs.id, id)))
      .returning({ id: auditLogs.id });
    if (!deleted.length) throw notFound(AUDIT_LOG, id);
  });
}

/** Deletes the listed rows of the current tenant; ids of other tenants or unknown ids are ignored. */
export async function deleteAuditLogs(services: Services, ctx: CrudContext, ids: string[]) {
  return services.data.inTenant(ctx, async (tx) => {
    const deleted = await tx
      .delete(auditLogs)
      .where(owned(ctx, auditLogs, inArray(auditLogs.id, ids)))
      .returning({ id: auditLogs.id });
    return deleted.length;
  });
}

/** Export batches: each read is its own short unit of work (the stream may wait on the client). */
export async function* auditLogBatches(services: Services, ctx: CrudContext, q: AuditLogFilter, max: number) {
  const size = 2000;
  for (let offset = 0; offset < max; offset += size) {
    const rows = await services.data.inTenant(ctx, (tx) => auditRows(tx, ctx, q, Math.min(size, max - offset), offset));
    if (rows.length) yield rows.map(({ entityChangeCount, ...r }) => ({ ...auditBase(r), entityChangeCount }));
    if (rows.length < size) return;
  }
}

// ---------------------------------------------------------------------------------------------
// Security log

const securitySortable = {
  creationTime: securityLogs.creationTime,
  action: securityLogs.action,
  identity: securityLogs.identity,
  userName: securityLogs.userName,
  clientId: securityLogs.clientId,
  clientIpAddress: securityLogs.clientIpAddress,
  applicationName: securityLogs.applicationName,
};
const securityFallback = [desc(securityLogs.creationTime), desc(securityLogs.id)];

function securityWhere(ctx: CrudContext, q: SecurityLogFilter, ...extra: (SQL | undefined)[]): SQL {
  return owned(
    ctx,
    securityLogs,
    q.startTime ? gte(securityLogs.creationTime, q.startTime) : undefined,
    q.endTime ? lte(securityLogs.creationTime, q.endTime) : undefined,
    q.applicationName ? eq(securityLogs.applicationName, q.applicationName) : undefined,
    q.identity ? eq(securityLogs.identity, q.identity) : undefined,
    q.action ? eq(securityLogs.action, q.action) : undefined,
    q.userName ? ilike(securityLogs.userName, like(q.userName)) : undefined,
    q.clientId ? eq(securityLogs.clientId, q.clientId) : undefined,
    q.clientIpAddress ? ilike(securityLogs.clientIpAddress, like(q.clientIpAddress)) : undefined,
    q.correlationId ? eq(securityLogs.correlationId, q.correlationId) : undefined,
    ...extra,
  );
}

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

export async function pagedSecurityLogs(
  services: Services,
  ctx: CrudContext,
  q: SecurityLogFilter & { skipCount: number; maxResultCount: number },
  ...extra: (SQL | undefined)[]
) {
  return services.data.inTenant(ctx, async (tx) => {
    const r = await page(tx, securityLogs, securityWhere(ctx, q, ...extra), q, {
      allowed: securitySortable,
      fallback: securityFallback,
    });
    return { totalCount: r.totalCount, items: r.items.map(toSecurityLogDto) };
  });
}

/** The signed-in user's own security log (sign-ins, sign-outs, password changes, impersonation). */
export async function mySecurityLogs(services: Services, ctx: RequestContext, q: MySecurityLogQuery) {
  if (!ctx.user) throw unauthorized();
  return pagedSecurityLogs(services, ctx, q, eq(securityLogs.userId, ctx.user.id));
}

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

export async function deleteSecurityLog(services: Services, ctx: CrudContext, id: string) {
  await services.data.inTenant(ctx, async (tx) => {
    const deleted = await tx
      .delete(securityLogs)
      .where(owned(ctx, securityLogs, eq(securityLogs.id, id)))
      .returning({ id: securityLogs.id });
    if (!deleted.length) throw notFound(SECURITY_LOG, id);
  });
}

export async function deleteSecurityLogs(services: Services, ctx: CrudContext, ids: string[]) {
  return services.data.inTenant(ctx, async (tx) => {
    const deleted = await tx
      .delete(securityLogs)
      .where(and(owned(ctx, securityLogs, inArray(securityLogs.id, ids))))
      .returning({ id: securityLogs.id });
    return deleted.length;
  });
}

export async function* securityLogBatches(services: Services, ctx: CrudContext, q: SecurityLogFilter, max: number) {
  const size = 2000;
  for (let offset = 0; offset < max; offset += size) {
    const rows = await services.data.inTenant(ctx, (tx) =>
      tx
        .select()
        .from(securityLogs)
        .where(securityWhere(ctx, q))
        .orderBy(...orderBy(q.sorting, securitySortable, securityFallback))
        .limit(Math.min(size, max - offset))
        .offset(offset),
    );
    if (rows.length) yield rows.map(toSecurityLogDto);
    if (rows.length < size) return;
  }
}
