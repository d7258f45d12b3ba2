import { SitekitPermissions as P } from '@seller/contracts';
import {
  siteCategoryDto,
  siteCategoryInput,
  siteCategoryQuery,
  siteCategoryUpdateInput,
  siteProductDto,
  siteProductList,
  siteProductSyncInput,
  siteProductSyncResult,
  siteProductUpdateInput,
} from '@seller/contracts/sitekit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { resourceRoutes } from '../../../core/resource.ts';
import { siteCategoryService } from './categories.ts';
import {
  deleteSiteProduct,
  publishSiteProduct,
  siteProductListService,
  siteProductOf,
  updateSiteProduct,
} from './products.ts';
import { syncSiteProducts } from './sync.ts';

const idParams = z.object({ id: z.guid() });

/**
 * A site's catalogue in the back-office: `/api/sitekit/categories` (the kit, `?siteId=`; each
 * category names the catalogue categories it maps) and `/api/sitekit/products` (the list kit,
 * get, update, publish, unpublish, delete, and the sync from the catalogue).
 */
export function siteCatalogRoutes(fastify: FastifyInstance) {
  resourceRoutes(fastify, {
    texts: 'Sitekit',
    url: '/api/sitekit/categories',
    tag: 'SiteCategories',
    permission: P.Catalog,
    dto: siteCategoryDto,
    input: siteCategoryInput,
    updateInput: siteCategoryUpdateInput,
    queries: siteCategoryService.queries,
    commands: siteCategoryService.commands(fastify.services),
    query: siteCategoryQuery,
    exportName: 'SiteCategories',
    exportColumns: [
      { header: 'DisplayName:Name', width: 24, value: (r) => r.name },
      { header: 'DisplayName:NameEn', width: 24, value: (r) => r.nameEn },
      { header: 'DisplayName:Slug', width: 24, value: (r) => r.slug },
      { header: 'DisplayName:SortOrder', width: 8, value: (r) => r.sortOrder },
      { header: 'DisplayName:ProductCount', width: 8, value: (r) => r.productCount },
    ],
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const url = '/api/sitekit/products';
  const tags = ['SiteProducts'];
  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P.Catalog,
    list: siteProductList,
    item: siteProductDto,
    service: siteProductListService,
  });
  app.post(
    `${url}/sync`,
    {
      config: { permission: `${P.Catalog}.Sync` },
      schema: { tags, body: siteProductSyncInput, response: { 200: siteProductSyncResult } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => syncSiteProducts(s, tx, req.ctx, req.body)),
  );
  app.get(
    `${url}/:id`,
    { config: { permission: P.Catalog }, schema: { tags, params: idParams, response: { 200: siteProductDto } } },
    (req) => s.data.inTenant(req.ctx, (tx) => siteProductOf(tx, req.ctx, req.params.id)),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P.Catalog}.Update` },
      schema: { tags, params: idParams, body: siteProductUpdateInput, response: { 200: siteProductDto } },
    },
    (req) => s.data.inTenant(req.ctx, (tx) => updateSiteProduct(tx, req.ctx, req.params.id, req.body)),
  );
  for (const action of ['publish', 'unpublish'] as const)
    app.post(
      `${url}/:id/${action}`,
      {
        config: { permission: `${P.Catalog}.Publish` },
        schema: { tags, params: idParams, response: { 200: siteProductDto } },
      },
      (req) => s.data.inTenant(req.ctx, (tx) => publishSiteProduct(tx, req.ctx, req.params.id, action === 'publish')),
    );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P.Catalog}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await s.data.inTenant(req.ctx, (tx) => deleteSiteProduct(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
}
