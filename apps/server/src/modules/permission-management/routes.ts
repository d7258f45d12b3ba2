import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPermissions, MANAGE_PERMISSION, updatePermissions } from './service.ts';

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
 * manage role or user permissions; the service checks the one the provider needs.
 */
export default async function routes(fastify: FastifyInstance) {
  // until the module definition takes them: grants follow renamed and deleted roles and users
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const url = '/api/permission-management/permissions';
  const config = { permission: [MANAGE_PERMISSION.R, MANAGE_PERMISSION.U] };

  app.get(
    url,
    {
      config,
      schema: { tags: ['PermissionManagement'], querystring: providerQuery, response: { 200: permissionList } },
    },
    (req) => getPermissions(app.services, req.ctx, req.query.providerName, req.query.providerKey),
  );

  app.put(
    url,
    { config, schema: { tags: ['PermissionManagement'], querystring: providerQuery, body: updateInput } },
    async (req, reply) => {
      await updatePermissions(
        app.services,
        req.ctx,
        req.query.providerName,
        req.query.providerKey,
        req.body.permissions,
      );
      return reply.status(204).send();
    },
  );
}
