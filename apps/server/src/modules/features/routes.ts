import { featureChangeInput, featureGroupList, featureProviderQuery } from '@seller/contracts/features';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../core/errors.ts';
import { featureCommands } from './commands.ts';
import { featureQueries } from './queries.ts';

const MANAGE_TENANT = 'AbpTenantManagement.Tenants.ManageFeatures';
const MANAGE_HOST = 'FeatureManagement.ManageHostFeatures';

/**
 * HTTP routes of the features module: ABP feature management for tenants and the host. The
 * tenant named is read before the unit; each request is one unit of work on the main database.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { data } = app.services;
  const commands = featureCommands(app.services);
  const url = '/api/feature-management/features';
  const config = { permission: [MANAGE_TENANT, MANAGE_HOST], side: 'host' as const };

  /** A tenant's features need ManageFeatures on tenants; the host's own need ManageHostFeatures. */
  const target = async (req: { ctx: Parameters<typeof app.services.permissions.granted>[0] }, key: string) => {
    const held = await app.services.permissions.granted(req.ctx);
    if (!held.has(key ? MANAGE_TENANT : MANAGE_HOST)) throw forbidden();
    return featureQueries.target(app.services, key);
  };

  app.get(
    url,
    {
      config,
      schema: { tags: ['Features'], querystring: featureProviderQuery, response: { 200: featureGroupList } },
    },
    async (req) => {
      const tenant = await target(req, req.query.providerKey);
      return data.unscoped((tx) => featureQueries.list(tx, req.ctx, tenant));
    },
  );

  app.put(
    url,
    { config, schema: { tags: ['Features'], querystring: featureProviderQuery, body: featureChangeInput } },
    async (req, reply) => {
      const tenant = await target(req, req.query.providerKey);
      await data.unscoped((tx) => commands.change(tx, req.ctx, tenant, req.body.features));
      return reply.status(204).send();
    },
  );

  app.delete(url, { config, schema: { tags: ['Features'], querystring: featureProviderQuery } }, async (req, reply) => {
    const tenant = await target(req, req.query.providerKey);
    await data.unscoped((tx) => commands.reset(tx, req.ctx, tenant));
    return reply.status(204).send();
  });
}
