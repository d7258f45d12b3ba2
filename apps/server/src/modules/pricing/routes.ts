import { listResult, PricingPermissions } from '@seller/contracts';
import {
  idList,
  priceCalcQuery,
  priceRuleDto,
  priceRuleIdQuery,
  priceRuleInput,
  priceRuleUpdateInput,
  retailPriceResultDto,
  retailPriceRuleDto,
  retailPriceRuleInput,
  retailPriceRuleUpdateInput,
  tierCalcQuery,
  tierPriceResultDto,
  tierPriceRuleDto,
  tierPriceRuleInput,
  tierPriceRuleUpdateInput,
} from '@seller/contracts/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceRoutes } from '../../core/resource.ts';
import { pricingCommands } from './commands.ts';
import { pricingQueries as queries } from './queries.ts';

const url = '/api/catalog/price-rule';

/**
 * The price rules' HTTP routes (spec §7): the rule's CRUD, its retail-price and tier-price rules,
 * and the two calculators. Reading and calculating need `Pricing.PriceRules`; writing a rule's
 * children changes the rule, so it needs `.Update`.
 */
export default async function routes(fastify: FastifyInstance) {
  const permission = PricingPermissions.PriceRules;
  const s = fastify.services;
  const inTx = s.data.inTenant.bind(s.data);
  const commands = pricingCommands(s);
  resourceRoutes(fastify, {
    texts: 'Pricing',
    url,
    tag: 'PriceRules',
    permission,
    dto: priceRuleDto,
    input: priceRuleInput,
    updateInput: priceRuleUpdateInput,
    queries: queries.priceRules,
    commands: commands.priceRules,
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['PriceRules'];
  const read = { permission };
  const write = { permission: `${permission}.Update` };

  app.post(
    `${url}/add-retailPrice-rule`,
    {
      config: write,
      schema: {
        tags,
        querystring: priceRuleIdQuery,
        body: retailPriceRuleInput,
        response: { 200: retailPriceRuleDto },
      },
    },
    (req) => inTx(req.ctx, (tx) => commands.retailRules.add(tx, req.ctx, req.query.priceRuleId, req.body)),
  );
  app.post(
    `${url}/add-tierPrice-rule`,
    {
      config: write,
      schema: { tags, querystring: priceRuleIdQuery, body: tierPriceRuleInput, response: { 200: tierPriceRuleDto } },
    },
    (req) => inTx(req.ctx, (tx) => commands.tierRules.add(tx, req.ctx, req.query.priceRuleId, req.body)),
  );
  app.get(
    `${url}/calc-retailPrice`,
    { config: read, schema: { tags, querystring: priceCalcQuery, response: { 200: retailPriceResultDto } } },
    (req) => queries.calcRetailPrice(s, req.ctx, req.query),
  );
  app.get(
    `${url}/calc-tierPrice`,
    { config: read, schema: { tags, querystring: tierCalcQuery, response: { 200: tierPriceResultDto } } },
    (req) => queries.calcTierPrice(s, req.ctx, req.query),
  );
  app.delete(
    `${url}/retailPrice-rule`,
    { config: write, schema: { tags, querystring: z.object({ retailPriceRuleIds: idList }) } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.retailRules.removeMany(tx, req.ctx, req.query.retailPriceRuleIds));
      return reply.status(204).send();
    },
  );
  app.delete(
    `${url}/tierPrice-rule`,
    { config: write, schema: { tags, querystring: z.object({ tierPriceRuleIds: idList }) } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.tierRules.removeMany(tx, req.ctx, req.query.tierPriceRuleIds));
      return reply.status(204).send();
    },
  );
  app.get(
    `${url}/retailPrice-rule/:priceRuleId`,
    {
      config: read,
      schema: { tags, params: priceRuleIdQuery, response: { 200: listResult(retailPriceRuleDto) } },
    },
    (req) => inTx(req.ctx, (tx) => queries.retailRules(tx, req.ctx, req.params.priceRuleId)),
  );
  app.get(
    `${url}/tierPrice-rule/:priceRuleId`,
    {
      config: read,
      schema: { tags, params: priceRuleIdQuery, response: { 200: listResult(tierPriceRuleDto) } },
    },
    (req) => inTx(req.ctx, (tx) => queries.tierRules(tx, req.ctx, req.params.priceRuleId)),
  );
  app.put(
    `${url}/retailPrice-rule/:retailPriceRuleId`,
    {
      config: write,
      schema: {
        tags,
        params: z.object({ retailPriceRuleId: z.guid() }),
        body: retailPriceRuleUpdateInput,
        response: { 200: retailPriceRuleDto },
      },
    },
    (req) => inTx(req.ctx, (tx) => commands.retailRules.update(tx, req.ctx, req.params.retailPriceRuleId, req.body)),
  );
  app.put(
    `${url}/tierPrice-rule/:tierPriceRuleId`,
    {
      config: write,
      schema: {
        tags,
        params: z.object({ tierPriceRuleId: z.guid() }),
        body: tierPriceRuleUpdateInput,
        response: { 200: tierPriceRuleDto },
      },
    },
    (req) => inTx(req.ctx, (tx) => commands.tierRules.update(tx, req.ctx, req.params.tierPriceRuleId, req.body)),
  );
}
