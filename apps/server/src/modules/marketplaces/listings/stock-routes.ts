import {
  MarketplacePermissions as P,
  stockPushDto,
  stockPushList,
  stockPushNowDto,
  stockRuleDto,
  stockRuleInput,
} from '@seller/contracts/marketplaces';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { listingCommands } from './commands.ts';
import { listingQueries as queries } from './queries.ts';

const url = '/api/sitekit/shopes/:id/stock';
const params = z.object({ id: z.guid() });

/**
 * A shop's stock sync: `GET …/rule` and `PUT …/rule` (its stock rule), `POST …/push` (push every
 * listed SKU's stock now) and `GET …/pushes` (the push log, the list kit).
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['Shops'];
  const inTx = s.data.inTenant.bind(s.data);
  const commands = listingCommands(s);

  app.get(
    `${url}/rule`,
    { config: { permission: P.Shops }, schema: { tags, params, response: { 200: stockRuleDto } } },
    (req) => inTx(req.ctx, (tx) => queries.stockRule(tx, req.ctx, req.params.id)),
  );
  app.put(
    `${url}/rule`,
    {
      config: { permission: `${P.Shops}.Update` },
      schema: { tags, params, body: stockRuleInput, response: { 200: stockRuleDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.setStockRule(tx, req.ctx, req.params.id, req.body);
        return queries.stockRule(tx, req.ctx, req.params.id);
      }),
  );
  app.post(
    `${url}/push`,
    { config: { permission: `${P.Items}.Sync` }, schema: { tags, params, response: { 200: stockPushNowDto } } },
    async (req) => ({ queued: await inTx(req.ctx, (tx) => commands.pushStockNow(tx, req.ctx, req.params.id)) }),
  );
  listRoutes(app, {
    url: `${url}/pushes`,
    tag: tags[0]!,
    permission: P.Shops,
    list: stockPushList,
    item: stockPushDto,
    service: queries.stockPushes,
    params,
  });
}
