import { Permissions } from '@seller/contracts';
import {
  addImagesInput,
  approveInput,
  bySkuQuery,
  generateSkuQuery,
  idParams,
  itemPriceDto,
  itemPriceQuery,
  productDto,
  productIdParams,
  productInput,
  productList,
  productListItem,
  productRecycleList,
  productUpdateInput,
  removeImagesQuery,
  setActiveInput,
} from '@seller/contracts/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoutes } from '../../../core/lists.ts';
import { productImageService } from './images.ts';
import { productRecycle } from './lifecycle.ts';
import { productListService, productRecycleListService } from './list.ts';
import { productService } from './service.ts';

const base = '/api/catalog/products';
const recycle = '/api/catalog/recycle/products';

/** Products at the spec's paths (§7 "Catalog products") and the product half of the recycle area. */
export default async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = Permissions.Products;
  const tags = ['Products'];
  const read = { permission: P };
  const update = { permission: `${P}.Update` };
  const remove = { permission: `${P}.Delete` };

  // the page, and `/export` of the filtered, sorted list (before `/:id`)
  listRoutes(app, {
    url: base,
    tag: tags[0]!,
    permission: P,
    list: productList,
    item: productListItem,
    service: productListService,
  });
  app.get(
    `${base}/by-sku`,
    { config: read, schema: { tags, querystring: bySkuQuery, response: { 200: productDto } } },
    (req) => productService.bySku(s, req.ctx, req.query.sku),
  );
  app.get(
    `${base}/item-price`,
    { config: read, schema: { tags, querystring: itemPriceQuery, response: { 200: itemPriceDto } } },
    (req) => productService.itemPrice(s, req.ctx, req.query.skus),
  );
  app.get(`${base}/:id`, { config: read, schema: { tags, params: idParams, response: { 200: productDto } } }, (req) =>
    productService.get(s, req.ctx, req.params.id),
  );
  app.post(
    base,
    { config: { permission: `${P}.Create` }, schema: { tags, body: productInput, response: { 200: productDto } } },
    (req) => productService.create(s, req.ctx, req.body),
  );
  app.post(
    `${base}/generate-sku`,
    { config: { permission: `${P}.Create` }, schema: { tags, querystring: generateSkuQuery } },
    (req) => productService.generateSku(s, req.ctx, req.query),
  );
  app.post(
    `${base}/approve-product`,
    { config: { permission: `${P}.Approve` }, schema: { tags, body: approveInput, response: { 200: productDto } } },
    (req) => productService.approve(s, req.ctx, req.body),
  );
  app.put(
    `${base}/:id`,
    { config: update, schema: { tags, params: idParams, body: productUpdateInput, response: { 200: productDto } } },
    (req) => productService.update(s, req.ctx, req.params.id, req.body),
  );
  app.put(
    `${base}/:id/set-active`,
    { config: update, schema: { tags, params: idParams, body: setActiveInput, response: { 200: productDto } } },
    (req) => productService.setActive(s, req.ctx, req.params.id, req.body.isActive),
  );
  app.delete(`${base}/:id`, { config: remove, schema: { tags, params: idParams } }, async (req, reply) => {
    await productService.remove(s, req.ctx, req.params.id);
    return reply.status(204).send();
  });
  app.delete(
    `${base}/remove-variant/:id`,
    { config: update, schema: { tags, params: idParams } },
    async (req, reply) => {
      await productService.removeVariant(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );
  app.delete(
    `${base}/remove-specification/:id`,
    { config: update, schema: { tags, params: idParams } },
    async (req, reply) => {
      await productService.removeSpecification(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );
  app.delete(`${base}/hard-Delete/:id`, { config: remove, schema: { tags, params: idParams } }, async (req, reply) => {
    await productService.hardDelete(s, req.ctx, req.params.id);
    return reply.status(204).send();
  });

  const rtags = ['Recycle'];
  listRoutes(app, {
    url: recycle,
    tag: rtags[0]!,
    permission: remove.permission,
    list: productRecycleList,
    item: productListItem,
    service: productRecycleListService,
  });
  app.put(
    `${recycle}/:id/reback`,
    { config: remove, schema: { tags: rtags, params: idParams, response: { 200: productDto } } },
    (req) => productRecycle.reback(s, req.ctx, req.params.id),
  );
  app.delete(
    `${recycle}/:id/clear`,
    { config: remove, schema: { tags: rtags, params: idParams } },
    async (req, reply) => {
      await productRecycle.clear(s, req.ctx, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/add-images/:productId`,
    { config: update, schema: { tags, params: productIdParams, body: addImagesInput, response: { 200: productDto } } },
    async (req) => {
      await productImageService.add(s, req.ctx, req.params.productId, req.body);
      return productService.get(s, req.ctx, req.params.productId);
    },
  );
  app.delete(
    `${base}/remove-product-images/:productId`,
    { config: update, schema: { tags, params: productIdParams, querystring: removeImagesQuery } },
    async (req, reply) => {
      await productImageService.remove(s, req.ctx, req.params.productId, req.query.Urls);
      return reply.status(204).send();
    },
  );
}
