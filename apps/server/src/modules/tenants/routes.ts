import { listResult } from '@seller/contracts';
import {
  connectionCheckDto,
  connectionParams,
  connectionStringDto,
  connectionStringInput,
  connectionValueInput,
  tenantCreateInput,
  tenantDto,
  tenantIdParams,
  tenantList,
  tenantLookupDto,
  tenantLookupIdParams,
  tenantLookupNameParams,
  tenantUpdateInput,
} from '@seller/contracts/tenants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoutes } from '../../core/lists.ts';
import { tenantCommands } from './commands.ts';
import { checkConnectionString, createTenant, deleteConnectionString, setConnectionString } from './provisioning.ts';
import { tenantQueries } from './queries.ts';

const TENANTS = 'AbpTenantManagement.Tenants';
const CONNECTIONS = `${TENANTS}.ManageConnectionStrings`;

/**
 * HTTP routes of the tenants module: the anonymous ABP tenant look-ups (wire contract §7), read
 * through the kernel's tenants port, and tenant management on the host side (spec §7 Tenants,
 * wire contract §10), each request one unit of work on the main database; creating a tenant and
 * changing its connection strings are the steps of `provisioning.ts`, across databases.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const queries = tenantQueries;
  const commands = tenantCommands(app.services);

  app.get(
    '/api/abp/multi-tenancy/tenants/by-name/:name',
    {
      config: { anonymous: true },
      schema: {
        tags: ['MultiTenancy'],
        params: tenantLookupNameParams,
        response: { 200: tenantLookupDto },
      },
    },
    (req) => queries.byName(app.services, req.params.name),
  );

  app.get(
    '/api/abp/multi-tenancy/tenants/by-id/:id',
    {
      config: { anonymous: true },
      schema: {
        tags: ['MultiTenancy'],
        params: tenantLookupIdParams,
        response: { 200: tenantLookupDto },
      },
    },
    (req) => queries.byId(app.services, req.params.id),
  );

  const url = '/api/tenant-management/tenants';
  const tags = ['TenantManagement'];
  const s = app.services;
  const { data } = s;
  const host = (permission: string) => ({ permission, side: 'host' as const });

  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: TENANTS,
    side: 'host',
    list: tenantList,
    item: tenantDto,
    service: queries.list,
  });
  app.post(
    `${url}/check-connection-string`,
    {
      config: host(CONNECTIONS),
      schema: {
        tags,
        body: connectionValueInput,
        response: { 200: connectionCheckDto },
      },
    },
    async (req) => ({ name: 'Default', ...(await queries.checkValue(s, req.body.value)) }),
  );
  app.get(
    `${url}/:id`,
    { config: host(TENANTS), schema: { tags, params: tenantIdParams, response: { 200: tenantDto } } },
    (req) => data.unscoped((tx) => queries.get(tx, req.ctx, req.params.id)),
  );
  app.post(
    url,
    { config: host(`${TENANTS}.Create`), schema: { tags, body: tenantCreateInput, response: { 200: tenantDto } } },
    (req) => createTenant(s, req.ctx, req.body),
  );
  app.put(
    `${url}/:id`,
    {
      config: host(`${TENANTS}.Update`),
      schema: { tags, params: tenantIdParams, body: tenantUpdateInput, response: { 200: tenantDto } },
    },
    (req) => data.unscoped((tx) => commands.update(tx, req.ctx, req.params.id, req.body)),
  );
  app.delete(
    `${url}/:id`,
    { config: host(`${TENANTS}.Delete`), schema: { tags, params: tenantIdParams } },
    async (req, reply) => {
      await data.unscoped((tx) => commands.delete(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );

  app.get(
    `${url}/:id/connection-string`,
    {
      config: host(CONNECTIONS),
      schema: { tags, params: tenantIdParams, response: { 200: listResult(connectionStringDto) } },
    },
    (req) => data.unscoped((tx) => queries.connectionStrings(tx, req.ctx, req.params.id)),
  );
  app.put(
    `${url}/:id/connection-string`,
    {
      config: host(CONNECTIONS),
      schema: { tags, params: tenantIdParams, body: connectionStringInput, response: { 200: connectionStringDto } },
    },
    (req) => setConnectionString(s, req.ctx, req.params.id, req.body),
  );
  app.get(
    `${url}/:id/connection-string/:name`,
    { config: host(CONNECTIONS), schema: { tags, params: connectionParams, response: { 200: connectionStringDto } } },
    (req) => data.unscoped((tx) => queries.connectionString(tx, req.ctx, req.params.id, req.params.name)),
  );
  app.get(
    `${url}/:id/connection-string/:name/check`,
    { config: host(CONNECTIONS), schema: { tags, params: connectionParams, response: { 200: connectionCheckDto } } },
    (req) => checkConnectionString(s, req.ctx, req.params.id, req.params.name),
  );
  app.delete(
    `${url}/:id/connection-string/:name`,
    { config: host(CONNECTIONS), schema: { tags, params: connectionParams } },
    async (req, reply) => {
      await deleteConnectionString(s, req.ctx, req.params.id, req.params.name);
      return reply.status(204).send();
    },
  );
}
