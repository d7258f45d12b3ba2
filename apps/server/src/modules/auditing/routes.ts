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
import type { z } from 'zod';
import type { CrudContext } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { listRoutes, type RecordListRoutes, recordListRoutes } from '../../core/lists.ts';
import { auditingCommands } from './commands.ts';
import { auditingQueries } from './queries.ts';

const AUDIT = 'AbpAuditing.AuditLog';
const SECURITY = 'AbpAuditing.SecurityLog';

/**
 * A log's routes under `url`, read under `permission`: the list with its export, one entry, and
 * deleting one entry or several (`?ids=`) under its `.Delete`. Each request is one unit of work.
 */
function logRoutes<Item, Dto>(
  fastify: FastifyInstance,
  log: RecordListRoutes<Item> & {
    dto: z.ZodType<Dto>;
    get: (tx: Tx, ctx: CrudContext, id: string) => Promise<Dto>;
    remove: (tx: Tx, ctx: CrudContext, id: string) => Promise<void>;
    removeMany: (tx: Tx, ctx: CrudContext, ids: string[]) => Promise<number>;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { data } = app.services;
  const { url, tag, permission: P } = log;
  const tags = [tag];
  recordListRoutes(app, log);
  app.get(
    `${url}/:id`,
    { config: { permission: P }, schema: { tags, params: logIdParams, response: { 200: log.dto } } },
    // the type provider cannot tie a generic `Dto` to its schema (as `recordRoutes`)
    (req) => data.inTenant(req.ctx, (tx) => log.get(tx, req.ctx, req.params.id)) as never,
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P}.Delete` }, schema: { tags, params: logIdParams } },
    async (req, reply) => {
      await data.inTenant(req.ctx, (tx) => log.remove(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
  app.delete(
    url,
    {
      config: { permission: `${P}.Delete` },
      schema: { tags, querystring: idsQuery, response: { 200: deletedCountReply } },
    },
    async (req) => ({ deletedCount: await data.inTenant(req.ctx, (tx) => log.removeMany(tx, req.ctx, req.query.ids)) }),
  );
}

/** HTTP routes of the auditing module: audit log, security log, the user's own security log. */
export default async function routes(fastify: FastifyInstance) {
  const queries = auditingQueries;
  const commands = auditingCommands(fastify.services);
  const securityUrl = '/api/auditing/security-log';
  logRoutes(fastify, {
    url: '/api/auditing/audit-log',
    tag: 'AuditLogs',
    permission: AUDIT,
    list: auditLogList,
    item: auditLogListDto,
    listService: queries.auditLogs,
    dto: auditLogDto,
    get: queries.auditLog,
    remove: commands.deleteAuditLog,
    removeMany: commands.deleteAuditLogs,
  });
  logRoutes(fastify, {
    url: securityUrl,
    tag: 'SecurityLogs',
    permission: SECURITY,
    list: securityLogList,
    item: securityLogDto,
    listService: queries.securityLogs,
    dto: securityLogDto,
    get: queries.securityLog,
    remove: commands.deleteSecurityLog,
    removeMany: commands.deleteSecurityLogs,
  });
  // the user's own log: any signed-in user (the source's scope is the user's own rows)
  listRoutes(fastify, {
    url: `${securityUrl}/my`,
    tag: 'SecurityLogs',
    authenticated: true,
    list: mySecurityLogList,
    item: securityLogDto,
    service: queries.mySecurityLogs,
  });
}
