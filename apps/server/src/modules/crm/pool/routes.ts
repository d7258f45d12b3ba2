import { CrmPermissions, listResult } from '@seller/contracts';
import {
  autoReturnResult,
  customerLimitDto,
  customerLimitInput,
  customerLimitList,
  customerPoolState,
  poolAssignInput,
  poolClaimInput,
  poolConfigDto,
  poolConfigInput,
  poolCustomerDto,
  poolCustomerList,
  poolMoveResult,
  poolOuOption,
  poolPutBackInput,
  poolUserOption,
} from '@seller/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { inTenantAsViewer } from '../resource-routes.ts';
import { poolCommands } from './commands.ts';
import { poolQueries } from './queries.ts';

const url = '/api/crm/pool';
const P = CrmPermissions.Pool;

/**
 * The public pool (`/api/crm/pool/…`): the pool list and its export, claim and assign (all or
 * none, under the OWNER limits), the rules (`/config`) and running them now (`/auto-return`), the
 * limits, the user and unit pickers; and on a customer, put back (`/api/crm/customers/{id}/put-back`)
 * and lock / unlock (`/{id}/lock`, `/{id}/unlock`, under the LOCK limits). Which customers a caller
 * sees and may change is `customers/access.ts`'s rule. Each request opens one unit of work; the
 * writes on customers read the caller's viewer before it (`inTenantAsViewer`).
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['CrmPool'];
  const idParams = z.object({ id: z.guid() });
  const commands = poolCommands(s);

  await app.register(async (pool) => {
    // the export needs Crm.Customers.Export and Crm.Pool both; the kit's routes take one export
    // permission, so the pool's own is added to that route here
    pool.addHook('onRoute', (route) => {
      if (route.url === `${url}/customers/export`) route.config = { ...route.config, alsoNeeds: [P] };
    });
    listRoutes(pool, {
      url: `${url}/customers`,
      tag: tags[0]!,
      permission: P,
      exportPermission: `${CrmPermissions.Customers}.Export`,
      list: poolCustomerList,
      item: poolCustomerDto,
      service: poolQueries.list,
    });
  });
  app.post(
    `${url}/claim`,
    { config: { permission: `${P}.Claim` }, schema: { tags, body: poolClaimInput, response: { 200: poolMoveResult } } },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => commands.claim(tx, req.ctx, v, req.body.ids)),
  );
  app.post(
    `${url}/assign`,
    {
      config: { permission: `${P}.Assign` },
      schema: { tags, body: poolAssignInput, response: { 200: poolMoveResult } },
    },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => commands.assign(tx, req.ctx, v, req.body.ids, req.body.userId)),
  );
  app.post(
    '/api/crm/customers/:id/put-back',
    {
      config: { permission: `${P}.PutBack` },
      schema: { tags, params: idParams, body: poolPutBackInput, response: { 200: customerPoolState } },
    },
    (req) => inTenantAsViewer(s, req.ctx, (tx, v) => commands.putBack(tx, req.ctx, v, req.params.id, req.body.reason)),
  );
  for (const [path, lock] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    app.post(
      `/api/crm/customers/:id/${path}`,
      {
        config: { permission: `${CrmPermissions.Customers}.Lock` },
        schema: { tags, params: idParams, response: { 200: customerPoolState } },
      },
      (req) => inTenantAsViewer(s, req.ctx, (tx, v) => commands.setLock(tx, req.ctx, v, req.params.id, lock)),
    );
  }

  app.get(`${url}/config`, { config: { permission: P }, schema: { tags, response: { 200: poolConfigDto } } }, (req) =>
    s.data.inTenant(req.ctx, (tx) => poolQueries.config(tx, req.ctx)),
  );
  app.put(
    `${url}/config`,
    {
      config: { permission: `${P}.Settings` },
      schema: { tags, body: poolConfigInput, response: { 200: poolConfigDto } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => commands.saveConfig(tx, req.ctx, req.body)),
  );
  app.post(
    `${url}/auto-return`,
    { config: { permission: `${P}.Settings` }, schema: { tags, response: { 200: autoReturnResult } } },
    // the run's reminders are notified after the commit; `reminded` counts those it recorded
    (req) => s.data.inTenant(req.ctx, (tx) => commands.autoReturn(tx, req.ctx)),
  );

  listRoutes(app, {
    url: `${url}/limits`,
    tag: tags[0]!,
    permission: `${P}.Settings`,
    list: customerLimitList,
    item: customerLimitDto,
    service: poolQueries.limits,
  });
  app.post(
    `${url}/limits`,
    {
      config: { permission: `${P}.Settings` },
      schema: { tags, body: customerLimitInput, response: { 200: customerLimitDto } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => commands.createLimit(tx, req.ctx, req.body)),
  );
  app.put(
    `${url}/limits/:id`,
    {
      config: { permission: `${P}.Settings` },
      schema: { tags, params: idParams, body: customerLimitInput, response: { 200: customerLimitDto } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => commands.updateLimit(tx, req.ctx, req.params.id, req.body)),
  );
  app.delete(
    `${url}/limits/:id`,
    { config: { permission: `${P}.Settings` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await s.data.inTenant(req.ctx, (tx) => commands.deleteLimit(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );

  app.get(
    `${url}/users`,
    {
      config: { permission: P },
      schema: {
        tags,
        querystring: z.object({ filter: z.string().trim().max(64).optional() }),
        response: { 200: listResult(poolUserOption) },
      },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => poolQueries.users(tx, req.ctx, req.query.filter || undefined)),
  );
  app.get(
    `${url}/organization-units`,
    { config: { permission: P }, schema: { tags, response: { 200: listResult(poolOuOption) } } },
    (req) => s.data.inTenant(req.ctx, (tx) => poolQueries.units(tx, req.ctx)),
  );
}
