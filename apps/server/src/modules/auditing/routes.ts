import { pagedResult } from '@seller/contracts';
import {
  auditLogDto,
  auditLogExportQuery,
  auditLogListDto,
  auditLogQuery,
  deletedCountReply,
  idsQuery,
  logIdParams,
  mySecurityLogQuery,
  securityLogDto,
  securityLogExportQuery,
  securityLogQuery,
} from '@seller/contracts/auditing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { EXPORT_MAX_ROWS, type ExportColumn, sendXlsx } from '../../core/export.ts';
import { t } from '../../core/localization/index.ts';
import {
  auditLogBatches,
  deleteAuditLog,
  deleteAuditLogs,
  deleteSecurityLog,
  deleteSecurityLogs,
  getAuditLog,
  getSecurityLog,
  mySecurityLogs,
  pagedAuditLogs,
  pagedSecurityLogs,
  securityLogBatches,
} from './service.ts';

const AUDIT = 'AbpAuditing.AuditLog';
const SECURITY = 'AbpAuditing.SecurityLog';

type AuditRow = z.infer<typeof auditLogListDto>;
type SecurityRow = z.infer<typeof securityLogDto>;

/** HTTP routes of the auditing module: audit log, security log, the user's own security log. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const auditUrl = '/api/auditing/audit-log';
  const securityUrl = '/api/auditing/security-log';

  // ---- audit log
  {
    const tags = ['AuditLogs'];
    app.get(
      auditUrl,
      {
        config: { permission: AUDIT },
        schema: { tags, querystring: auditLogQuery, response: { 200: pagedResult(auditLogListDto) } },
      },
      (req) => pagedAuditLogs(s, req.ctx, req.query),
    );
    app.get(
      `${auditUrl}/export`,
      { config: { permission: AUDIT }, schema: { tags, querystring: auditLogExportQuery } },
      (req, reply) => {
        const c = req.ctx.culture;
        const h = (k: string) => t(c, `AbpAuditing::${k}`);
        const columns: ExportColumn<AuditRow>[] = [
          { header: h('ExecutionTime'), width: 22, value: (r) => r.executionTime },
          { header: h('UserName'), value: (r) => r.userName },
          { header: h('Impersonator'), value: (r) => r.impersonatorUserName },
          { header: h('HttpMethod'), width: 9, value: (r) => r.httpMethod },
          { header: h('Url'), width: 48, value: (r) => r.url },
          { header: h('HttpStatusCode'), width: 9, value: (r) => r.httpStatusCode },
          { header: h('ExecutionDuration'), width: 12, value: (r) => r.executionDuration },
          { header: h('EntityChangeCount'), width: 10, value: (r) => r.entityChangeCount },
          { header: h('Exceptions'), width: 24, value: (r) => r.exceptions },
          { header: h('ClientIpAddress'), value: (r) => r.clientIpAddress },
          { header: h('ClientId'), value: (r) => r.clientId },
          { header: h('CorrelationId'), width: 36, value: (r) => r.correlationId },
          { header: h('TenantName'), value: (r) => r.tenantName },
          { header: h('BrowserInfo'), width: 40, value: (r) => r.browserInfo },
        ];
        return sendXlsx(
          reply,
          `${h('ExportFileAuditLogs')}.xlsx`,
          h('AuditLogs'),
          columns,
          auditLogBatches(s, req.ctx, req.query, EXPORT_MAX_ROWS),
        );
      },
    );
    app.get(
      `${auditUrl}/:id`,
      { config: { permission: AUDIT }, schema: { tags, params: logIdParams, response: { 200: auditLogDto } } },
      (req) => getAuditLog(s, req.ctx, req.params.id),
    );
    app.delete(
      `${auditUrl}/:id`,
      { config: { permission: `${AUDIT}.Delete` }, schema: { tags, params: logIdParams } },
      async (req, reply) => {
        await deleteAuditLog(s, req.ctx, req.params.id);
        return reply.status(204).send();
      },
    );
    app.delete(
      auditUrl,
      {
        config: { permission: `${AUDIT}.Delete` },
        schema: { tags, querystring: idsQuery, response: { 200: deletedCountReply } },
      },
      async (req) => ({ deletedCount: await deleteAuditLogs(s, req.ctx, req.query.ids) }),
    );
  }

  // ---- security log
  {
    const tags = ['SecurityLogs'];
    app.get(
      securityUrl,
      {
        config: { permission: SECURITY },
        schema: { tags, querystring: securityLogQuery, response: { 200: pagedResult(securityLogDto) } },
      },
      (req) => pagedSecurityLogs(s, req.ctx, req.query),
    );
    app.get(
      `${securityUrl}/my`,
      {
        config: { authenticated: true },
        schema: { tags, querystring: mySecurityLogQuery, response: { 200: pagedResult(securityLogDto) } },
      },
      (req) => mySecurityLogs(s, req.ctx, req.query),
    );
    app.get(
      `${securityUrl}/export`,
      { config: { permission: SECURITY }, schema: { tags, querystring: securityLogExportQuery } },
      (req, reply) => {
        const c = req.ctx.culture;
        const h = (k: string) => t(c, `AbpAuditing::${k}`);
        const columns: ExportColumn<SecurityRow>[] = [
          { header: h('CreationTime'), width: 22, value: (r) => r.creationTime },
          { header: h('Identity'), value: (r) => r.identity },
          { header: h('Action'), width: 24, value: (r) => t(c, `AbpAuditing::Action:${r.action}`) },
          { header: h('UserName'), value: (r) => r.userName },
          { header: h('ClientId'), value: (r) => r.clientId },
          { header: h('ClientIpAddress'), value: (r) => r.clientIpAddress },
          { header: h('CorrelationId'), width: 36, value: (r) => r.correlationId },
          { header: h('TenantName'), value: (r) => r.tenantName },
          { header: h('ApplicationName'), value: (r) => r.applicationName },
          { header: h('BrowserInfo'), width: 40, value: (r) => r.browserInfo },
          {
            header: h('ImpersonationDetails'),
            width: 40,
            value: (r) => {
              const x = r.extraProperties as Record<string, string | null | undefined>;
              return x.impersonatorUserName ? `${x.impersonatorUserName} → ${x.impersonatedUserName}` : null;
            },
          },
        ];
        return sendXlsx(
          reply,
          `${h('ExportFileSecurityLogs')}.xlsx`,
          h('SecurityLogs'),
          columns,
          securityLogBatches(s, req.ctx, req.query, EXPORT_MAX_ROWS),
        );
      },
    );
    app.get(
      `${securityUrl}/:id`,
      { config: { permission: SECURITY }, schema: { tags, params: logIdParams, response: { 200: securityLogDto } } },
      (req) => getSecurityLog(s, req.ctx, req.params.id),
    );
    app.delete(
      `${securityUrl}/:id`,
      { config: { permission: `${SECURITY}.Delete` }, schema: { tags, params: logIdParams } },
      async (req, reply) => {
        await deleteSecurityLog(s, req.ctx, req.params.id);
        return reply.status(204).send();
      },
    );
    app.delete(
      securityUrl,
      {
        config: { permission: `${SECURITY}.Delete` },
        schema: { tags, querystring: idsQuery, response: { 200: deletedCountReply } },
      },
      async (req) => ({ deletedCount: await deleteSecurityLogs(s, req.ctx, req.query.ids) }),
    );
  }
}
