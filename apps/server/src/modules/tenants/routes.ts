import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findTenantById, findTenantByName } from './service.ts';

const lookupResult = z.object({
  success: z.boolean(),
  tenantId: z.string().nullable(),
  name: z.string().nullable(),
  normalizedName: z.string().nullable(),
  isActive: z.boolean().nullable(),
});

/** HTTP routes of the tenants module: the anonymous ABP tenant look-ups (wire contract §7). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/abp/multi-tenancy/tenants/by-name/:name',
    {
      config: { anonymous: true },
      schema: {
        tags: ['MultiTenancy'],
        params: z.object({ name: z.string().min(1).max(64) }),
        response: { 200: lookupResult },
      },
    },
    (req) => findTenantByName(app.services, req.params.name),
  );

  app.get(
    '/api/abp/multi-tenancy/tenants/by-id/:id',
    {
      config: { anonymous: true },
      schema: {
        tags: ['MultiTenancy'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: lookupResult },
      },
    },
    (req) => findTenantById(app.services, req.params.id),
  );
}
