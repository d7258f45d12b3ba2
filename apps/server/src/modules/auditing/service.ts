import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { auditLogs } from './schema.ts';

/*
 * The audit log writer: the request pipeline (`app.ts`, on each write request's response) records
 * one row per request through `recordAudit`. It is infrastructure, not a route's command: it runs
 * after the answer, outside the request's unit of work, so it opens a unit of its own. The
 * module's reads and deletes are its `queries.ts` and `commands.ts`.
 */

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
  // Tenant data goes to the tenant's own database when it has one. The entry is written after the
  // answer, outside the request's bounds: when the database is busy (a burst took every
  // connection) it is tried again a few times, about eight seconds in all, rather than lost.
  for (let attempt = 0; ; attempt++) {
    try {
      await services.data.inTenant(ctx, (tx) => tx.insert(auditLogs).values(row));
      return;
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'ServiceBusy') || attempt >= AUDIT_RETRIES) throw e;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
}

/** How often an audit entry is tried again while the database is busy (250 ms, doubling). */
const AUDIT_RETRIES = 5;
