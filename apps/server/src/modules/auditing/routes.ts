import {
  auditLogDto,
  auditLogList,
  auditLogListDto,
  deletedCountReply,
  idsQuery,
  logIdParams,
  mySecurityLogList,
  securityLogDto,
  securityLogList,
} from '@seller/contracts/auditing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoutes } from '../../core/lists.ts';
import {
  auditLogListService,
  deleteAuditLog,
  deleteAuditLogs,
  deleteSecurityLog,
  deleteSecurityLogs,
  getAuditLog,
  getSecurityLog,
  mySecurityLogListService,
  securityLogListService,
} from './service.ts';

const AUDIT = 'AbpAuditing.AuditLog';
const SECURITY = 'AbpAuditing.SecurityLog';

/** HTTP routes of the auditing module: audit log, security log, the user's own security log. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const auditUrl = '/api/auditing/audit-log';
  const securityUrl = '/api/auditing/security-log';

  // ---- audit log
  {
    const tags = ['AuditLogs'];
    listRoutes(app, {
      url: auditUrl,
      tag: tags[0]!,
      permission: AUDIT,
      list: auditLogList,
      item: auditLogListDto,
      service: auditLogListService,
    });
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
    listRoutes(app, {
      url: securityUrl,
      tag: tags[0]!,
      permission: SECURITY,
      list: securityLogList,
      item: securityLogDto,
      service: securityLogListService,
    });
    // the user's own log: any signed-in user (the source's scope is the user's own rows)
    listRoutes(app, {
      url: `${securityUrl}/my`,
      tag: tags[0]!,
      authenticated: true,
      list: mySecurityLogList,
      item: securityLogDto,
      service: mySecurityLogListService,
    });
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
