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
import { areaRoutes } from '../../../core/area-routes.ts';
import { recycleRoutes } from '../recycle-routes.ts';
import { productCommands } from './commands.ts';
import productImportRoutes from './import-routes.ts';
import { productQueries } from './queries.ts';

const base = '/api/catalog/products';
const recycle = '/api/catalog/recycle/products';

/** Products at the spec's paths (§7 "Catalog products") and the product half of the recycle area. */
export default async function productRoutes(fastify: FastifyInstance) {
  const P = Permissions.Products;
  const { app, s, tags, read, inTx, lists } = areaRoutes(fastify, 'Products', P);
  const update = { permission: `${P}.Update` };
  const remove = { permission: `${P}.Delete` };
  const { list, recycleList, get, bySku, itemPrices, priceCurrency, skuPattern } = productQueries;
  const commands = productCommands(s);

  // the page, and `/export` of the filtered, sorted list (before `/:id`)
  lists(base, { list: productList, item: productListItem, service: list });
  app.get(
    `${base}/by-sku`,
    { config: read, schema: { tags, querystring: bySkuQuery, response: { 200: productDto } } },
    (req) => inTx(req.ctx, (tx) => bySku(tx, req.ctx, req.query.sku)),
  );
  app.get(
    `${base}/item-price`,
    { config: read, schema: { tags, querystring: itemPriceQuery, response: { 200: itemPriceDto } } },
    (req) => inTx(req.ctx, (tx) => itemPrices(tx, req.ctx, req.query.skus)),
  );
  app.get(`${base}/:id`, { config: read, schema: { tags, params: idParams, response: { 200: productDto } } }, (req) =>
    inTx(req.ctx, (tx) => get(tx, req.ctx, req.params.id)),
  );
  app.post(
    base,
    { config: { permission: `${P}.Create` }, schema: { tags, body: productInput, response: { 200: productDto } } },
    async (req) => {
      const currency = await priceCurrency(s, req.ctx);
      return inTx(req.ctx, async (tx) => get(tx, req.ctx, (await commands.create(tx, req.ctx, req.body, currency)).id));
    },
  );
  app.post(
    `${base}/generate-sku`,
    { config: { permission: `${P}.Create` }, schema: { tags, querystring: generateSkuQuery } },
    async (req) => {
      const pattern = await skuPattern(s, req.ctx);
      return inTx(req.ctx, (tx) => commands.generateSku(tx, req.ctx, req.query, pattern));
    },
  );
  app.post(
    `${base}/approve-product`,
    { config: { permission: `${P}.Approve` }, schema: { tags, body: approveInput, response: { 200: productDto } } },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.approve(tx, req.ctx, req.body);
        return get(tx, req.ctx, req.body.id);
      }),
  );
  app.put(
    `${base}/:id`,
    { config: update, schema: { tags, params: idParams, body: productUpdateInput, response: { 200: productDto } } },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.update(tx, req.ctx, req.params.id, req.body);
        return get(tx, req.ctx, req.params.id);
      }),
  );
  app.put(
    `${base}/:id/set-active`,
    { config: update, schema: { tags, params: idParams, body: setActiveInput, response: { 200: productDto } } },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.setActive(tx, req.ctx, req.params.id, req.body.isActive);
        return get(tx, req.ctx, req.params.id);
      }),
  );
  app.delete(`${base}/:id`, { config: remove, schema: { tags, params: idParams } }, async (req, reply) => {
    await inTx(req.ctx, (tx) => commands.remove(tx, req.ctx, req.params.id));
    return reply.status(204).send();
  });
  app.delete(
    `${base}/remove-variant/:id`,
    { config: update, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.removeVariant(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
  app.delete(
    `${base}/remove-specification/:id`,
    { config: update, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.removeSpecification(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
  app.delete(`${base}/hard-Delete/:id`, { config: remove, schema: { tags, params: idParams } }, async (req, reply) => {
    await inTx(req.ctx, (tx) => commands.hardDelete(tx, req.ctx, req.params.id));
    return reply.status(204).send();
  });

  recycleRoutes(app, {
    url: recycle,
    permission: remove.permission,
    list: productRecycleList,
    item: productListItem,
    listService: recycleList,
    dto: productDto,
    get,
    reback: commands.reback,
    clear: commands.clear,
  });

  app.post(
    `${base}/add-images/:productId`,
    { config: update, schema: { tags, params: productIdParams, body: addImagesInput, response: { 200: productDto } } },
    async (req) => {
      return inTx(req.ctx, async (tx) => {
        await commands.addImages(tx, req.ctx, req.params.productId, req.body);
        return get(tx, req.ctx, req.params.productId);
      });
    },
  );
  app.delete(
    `${base}/remove-product-images/:productId`,
    { config: update, schema: { tags, params: productIdParams, querystring: removeImagesQuery } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.removeImages(tx, req.ctx, req.params.productId, req.query.Urls));
      return reply.status(204).send();
    },
  );

  // its own plugin: the multipart parser stays with the import
  await fastify.register(productImportRoutes);
}
