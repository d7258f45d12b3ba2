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
import { fieldError } from '../../../core/errors.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { platformAttributes, platformCategories, refreshTree, siteClient } from './cache.ts';
import { draftAttributes } from './lookup.ts';
import { catalogOptions, categoryMappingService } from './service.ts';

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

  app.get(
    `${url}/platform-categories`,
    {
      config: read,
      schema: { tags, querystring: platformCategoriesQuery, response: { 200: platformCategoriesResult } },
    },
    (req) => platformCategories(s, req.ctx, req.query),
  );
  app.get(
    `${url}/platform-attributes`,
    {
      config: read,
      schema: { tags, querystring: platformAttributesQuery, response: { 200: platformAttributesResult } },
    },
    (req) => platformAttributes(s, req.ctx, req.query),
  );
  app.post(
    `${url}/refresh`,
    { config: read, schema: { tags, querystring: categoryCacheShopQuery, response: { 200: categoryRefreshResult } } },
    async (req) => {
      const { site, client } = await siteClient(s, req.ctx, req.query.shopId, req.query.region);
      return refreshTree(s, req.ctx, site, client);
    },
  );
  app.get(`${url}/catalog-options`, { config: read, schema: { tags, response: { 200: catalogOptionsDto } } }, (req) =>
    s.data.inTenant(req.ctx, (tx) => catalogOptions(tx, req.ctx)),
  );
  app.get(
    `${url}/draft-attributes`,
    { config: read, schema: { tags, querystring: draftAttributesQuery, response: { 200: draftAttributesDto } } },
    (req) => {
      if (!req.ctx.tenant) throw fieldError('productId', 'CategoryMapping::ShopNeedsTenant');
      return draftAttributes(s, req.ctx.tenant, req.query);
    },
  );

  resourceRoutes(fastify, {
    texts: 'CategoryMapping',
    url,
    tag: 'CategoryMapping',
    permission,
    dto: categoryMappingDto,
    input: categoryMappingInput,
    updateInput: categoryMappingUpdateInput,
    service: categoryMappingService,
    query: categoryMappingQuery.pick({ platform: true, region: true, categoryId: true }),
  });
}
