import { MarketplacePermissions } from '@seller/contracts';
import {
  catalogOptionsDto,
  categoryCacheShopQuery,
  categoryMappingDto,
  categoryMappingInput,
  categoryMappingQuery,
  categoryMappingUpdateInput,
  categoryRefreshResult,
  draftAttributesDto,
  draftAttributesQuery,
  platformAttributesQuery,
  platformAttributesResult,
  platformCategoriesQuery,
  platformCategoriesResult,
} from '@seller/contracts/marketplaces';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../../core/resource.ts';
import { categoryCommands } from './commands.ts';
import { categoryQueries as queries } from './queries.ts';

const url = '/api/catalog/category-mapping';

/**
 * Category mapping (spec §7): the mapping's CRUD on `/api/catalog/category-mapping` (list by
 * `?platform=&region=&categoryId=`), and beside it the platform category cache read through a shop
 * (`platform-categories`, `platform-attributes`, `refresh`), the catalogue's categories and
 * attributes for the form (`catalog-options`), and `draft-attributes` (what a product gets).
 */
export default async function routes(fastify: FastifyInstance) {
  const permission = MarketplacePermissions.CategoryMappings;
  const tags = ['CategoryMapping'];
  const read = { permission };
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const inTx = s.data.inTenant.bind(s.data);
  const commands = categoryCommands(s);

  // the marketplace is read before the unit; the unit caches what was read and answers from the cache
  app.get(
    `${url}/platform-categories`,
    {
      config: read,
      schema: { tags, querystring: platformCategoriesQuery, response: { 200: platformCategoriesResult } },
    },
    async (req) => {
      const remote = await queries.treeRead(s, req.ctx, req.query);
      return inTx(req.ctx, async (tx) => {
        await commands.store(tx, req.ctx, remote);
        return queries.categories(tx, req.ctx, remote.site, req.query);
      });
    },
  );
  app.get(
    `${url}/platform-attributes`,
    {
      config: read,
      schema: { tags, querystring: platformAttributesQuery, response: { 200: platformAttributesResult } },
    },
    async (req) => {
      const remote = await queries.attributesRead(s, req.ctx, req.query);
      return inTx(req.ctx, async (tx) => {
        await commands.store(tx, req.ctx, remote);
        return queries.attributes(tx, req.ctx, remote.site, req.query.categoryId);
      });
    },
  );
  app.post(
    `${url}/refresh`,
    { config: read, schema: { tags, querystring: categoryCacheShopQuery, response: { 200: categoryRefreshResult } } },
    async (req) => {
      const { site, tree } = await queries.remoteTree(s, req.ctx, req.query);
      return inTx(req.ctx, (tx) => commands.storeTree(tx, req.ctx, site, tree));
    },
  );
  app.get(`${url}/catalog-options`, { config: read, schema: { tags, response: { 200: catalogOptionsDto } } }, (req) =>
    inTx(req.ctx, (tx) => queries.catalogOptions(tx, req.ctx)),
  );
  app.get(
    `${url}/draft-attributes`,
    { config: read, schema: { tags, querystring: draftAttributesQuery, response: { 200: draftAttributesDto } } },
    (req) => inTx(req.ctx, (tx) => queries.draft(tx, req.ctx, req.query)),
  );

  // the mappings' CRUD: the kit's endpoints, one unit of work each
  resourceRoutes(fastify, {
    texts: 'CategoryMapping',
    url,
    tag: 'CategoryMapping',
    permission,
    dto: categoryMappingDto,
    input: categoryMappingInput,
    updateInput: categoryMappingUpdateInput,
    queries: queries.mappings,
    commands: commands.mappings,
    query: categoryMappingQuery.pick({ platform: true, region: true, categoryId: true }),
  });
}
