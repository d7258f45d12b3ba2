import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionCommands } from './commands.ts';
import { MANAGE_PERMISSION, permissionQueries } from './queries.ts';

const providerQuery = z.object({
  providerName: z.enum(['R', 'U']),
  providerKey: z.string().trim().min(1).max(256),
});
const updateInput = z.object({
  permissions: z.array(z.object({ name: z.string().trim().min(1).max(128), isGranted: z.boolean() })).max(1000),
});

const grantedProvider = z.object({ providerName: z.string(), providerKey: z.string() });
const permissionList = z.object({
  entityDisplayName: z.string(),
  groups: z.array(
    z.object({
      name: z.string(),
      displayName: z.string(),
      permissions: z.array(
        z.object({
          name: z.string(),
          displayName: z.string(),
          parentName: z.string().nullable(),
          isGranted: z.boolean(),
          allowedProviders: z.array(z.string()),
          grantedProviders: z.array(grantedProvider),
        }),
      ),
    }),
  ),
});

/**
 * HTTP routes of permission management (wire contract §10). The route lets in whoever may
 * manage role or user permissions; the permission the provider needs is checked before the
 * request's one unit of work.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { data } = app.services;
  const queries = permissionQueries;
  const commands = permissionCommands(app.services);
  const url = '/api/permission-management/permissions';
  const config = { permission: [MANAGE_PERMISSION.R, MANAGE_PERMISSION.U] };

  app.get(
    url,
    {
      config,
      schema: { tags: ['PermissionManagement'], querystring: providerQuery, response: { 200: permissionList } },
    },
    async (req) => {
      const { providerName, providerKey } = req.query;
      await queries.mayManage(app.services, req.ctx, providerName);
      return data.inTenant(req.ctx, (tx) => queries.get(tx, req.ctx, providerName, providerKey));
    },
  );

  app.put(
    url,
    { config, schema: { tags: ['PermissionManagement'], querystring: providerQuery, body: updateInput } },
    async (req, reply) => {
      const { providerName, providerKey } = req.query;
      await queries.mayManage(app.services, req.ctx, providerName);
      await data.inTenant(req.ctx, (tx) =>
        commands.update(tx, req.ctx, providerName, providerKey, req.body.permissions),
      );
      return reply.status(204).send();
    },
  );
}
