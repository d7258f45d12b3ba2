import { Permissions } from '@seller/contracts';
import {
  addVendorInput,
  idParams,
  productIdParams,
  productVendorDto,
  productVendorListDto,
  recycledVendorDto,
  recycledVendorList,
  removeVendorQuery,
  removeVendorsQuery,
  updateVendorInput,
} from '@seller/contracts/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoutes } from '../../../core/lists.ts';
import { productVendorService, vendorRecycle, vendorRecycleListService } from './service.ts';

const base = '/api/catalog/products';
const recycle = '/api/catalog/recycle/vendors';

/** Product vendors at the spec's paths (§7 "Catalog products") and the vendor half of the recycle area. */
export default async function productVendorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = Permissions.Products;
  const tags = ['Products'];
  const update = { permission: `${P}.Update` };
  const remove = { permission: `${P}.Delete` };

  app.get(
    `${base}/product-vendors/:productId`,
    { config: { permission: P }, schema: { tags, params: productIdParams, response: { 200: productVendorListDto } } },
    (req) => productVendorService.list(s, req.ctx, req.params.productId),
  );
  app.post(
    `${base}/add-product-vendor`,
    { config: update, schema: { tags, body: addVendorInput, response: { 200: productVendorDto } } },
    (req) => productVendorService.add(s, req.ctx, req.body),
  );
  app.put(
    `${base}/update-product-vendor`,
    { config: update, schema: { tags, body: updateVendorInput, response: { 200: productVendorDto } } },
    (req) => productVendorService.update(s, req.ctx, req.body),
  );
  app.delete(
    `${base}/remove-product-vendor`,
    { config: update, schema: { tags, querystring: removeVendorQuery } },
    async (req, reply) => {
      await productVendorService.remove(s, req.ctx, req.query.ProductId, req.query.VendorId);
      return reply.status(204).send();
    },
  );
  app.delete(
    `${base}/remove-product-vendors`,
    { config: update, schema: { tags, querystring: removeVendorsQuery } },
    (req) => productVendorService.removeMany(s, req.ctx, req.query.VendorId, req.query.ProductIds),
  );

  const rtags = ['Recycle'];
  listRoutes(app, {
    url: recycle,
    tag: rtags[0]!,
    permission: remove.permission,
    list: recycledVendorList,
    item: recycledVendorDto,
    service: vendorRecycleListService,
  });
  app.put(
    `${recycle}/:id/reback`,
    { config: remove, schema: { tags: rtags, params: idParams, response: { 200: productVendorDto } } },
    (req) => vendorRecycle.reback(s, req.ctx, req.params.id),
  );
  app.delete(
    `${recycle}/:id/clear`,
    { config: remove, schema: { tags: rtags, params: idParams } },
    async (req, reply) => {
      await vendorRecycle.clear(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );
}
