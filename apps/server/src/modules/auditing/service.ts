import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app.ts';
import { auditLogs } from './schema.ts';

/** Writes one audit row for a write request: who, tenant, what, duration, entity changes. */
export async function recordAudit(services: Services, req: FastifyRequest, statusCode: number) {
  const ctx = req.ctx;
  const row = {
    tenantId: ctx.tenant?.id ?? null,
    tenantName: ctx.tenant?.name ?? null,
    applicationName: 'seller-admin',
    userId: ctx.user?.id ?? null,
    userName: ctx.user?.userName ?? null,
    impersonatorUserId: ctx.user?.impersonatorUserId ?? null,
    impersonatorUserName: ctx.user?.impersonatorUserName ?? null,
    impersonatorTenantId: ctx.user?.impersonatorTenantId ?? null,
    executionTime: new Date(Date.now() - Math.round(performance.now() - req.startedAt)),
    executionDuration: Math.round(performance.now() - req.startedAt),
    clientIpAddress: ctx.clientIp,
    clientId: ctx.clientId,
    correlationId: ctx.correlationId,
    browserInfo: ctx.browserInfo,
    httpMethod: req.method,
    url: req.url.slice(0, 512),
    exceptions: statusCode >= 500 ? `HTTP ${statusCode}` : null,
    httpStatusCode: statusCode,
    entityChanges: statusCode < 400 ? ctx.entityChanges : [],
  };
  // Tenant data goes to the tenant's own database when it has one.
  await services.data.inTenant(ctx, (tx) => tx.insert(auditLogs).values(row));
}
