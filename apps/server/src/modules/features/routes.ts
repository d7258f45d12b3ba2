import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../core/errors.ts';
import { changeFeatures, featureTarget, listFeatures, resetFeatures } from './service.ts';

const MANAGE_TENANT = 'AbpTenantManagement.Tenants.ManageFeatures';
const MANAGE_HOST = 'FeatureManagement.ManageHostFeatures';

const providerQuery = z.object({
  providerName: z.enum(['T']),
  providerKey: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(64).default('')),
});
const updateInput = z.object({
  features: z
    .array(z.object({ name: z.string().trim().min(1).max(128), value: z.string().max(1024).nullable() }))
    .max(200),
});

/** HTTP routes of the features module: ABP feature management for tenants and the host. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const url = '/api/feature-management/features';
  const config = { permission: [MANAGE_TENANT, MANAGE_HOST], side: 'host' as const };

  /** A tenant's features need ManageFeatures on tenants; the host's own need ManageHostFeatures. */
  const target = async (req: { ctx: Parameters<typeof app.services.permissions.granted>[0] }, key: string) => {
    const held = await app.services.permissions.granted(req.ctx);
    if (!held.has(key ? MANAGE_TENANT : MANAGE_HOST)) throw forbidden();
    return featureTarget(app.services, key);
  };

  app.get(url, { config, schema: { tags: ['Features'], querystring: providerQuery } }, async (req) =>
    listFeatures(app.services, req.ctx, await target(req, req.query.providerKey)),
  );

  app.put(
    url,
    { config, schema: { tags: ['Features'], querystring: providerQuery, body: updateInput } },
    async (req, reply) => {
      const tenant = await target(req, req.query.providerKey);
      await changeFeatures(app.services, req.ctx, tenant, req.body.features);
      return reply.status(204).send();
    },
  );

  app.delete(url, { config, schema: { tags: ['Features'], querystring: providerQuery } }, async (req, reply) => {
    const tenant = await target(req, req.query.providerKey);
    await resetFeatures(app.services, req.ctx, tenant);
    return reply.status(204).send();
  });
}
