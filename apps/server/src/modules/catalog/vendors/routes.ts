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
import { vendorCommands } from './commands.ts';
import { vendorQueries } from './queries.ts';

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
  const inTx = s.data.inTenant.bind(s.data);
  const { ofProduct, get, recycleList } = vendorQueries;
  const commands = vendorCommands(s);

  app.get(
    `${base}/product-vendors/:productId`,
    { config: { permission: P }, schema: { tags, params: productIdParams, response: { 200: productVendorListDto } } },
    (req) => inTx(req.ctx, (tx) => ofProduct(tx, req.ctx, req.params.productId)),
  );
  app.post(
    `${base}/add-product-vendor`,
    { config: update, schema: { tags, body: addVendorInput, response: { 200: productVendorDto } } },
    (req) => inTx(req.ctx, async (tx) => get(tx, req.ctx, (await commands.add(tx, req.ctx, req.body)).id)),
  );
  app.put(
    `${base}/update-product-vendor`,
    { config: update, schema: { tags, body: updateVendorInput, response: { 200: productVendorDto } } },
    (req) => inTx(req.ctx, async (tx) => get(tx, req.ctx, (await commands.update(tx, req.ctx, req.body)).id)),
  );
  app.delete(
    `${base}/remove-product-vendor`,
    { config: update, schema: { tags, querystring: removeVendorQuery } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.remove(tx, req.ctx, req.query.ProductId, req.query.VendorId));
      return reply.status(204).send();
    },
  );
  app.delete(
    `${base}/remove-product-vendors`,
    { config: update, schema: { tags, querystring: removeVendorsQuery } },
    (req) => inTx(req.ctx, (tx) => commands.removeMany(tx, req.ctx, req.query.VendorId, req.query.ProductIds)),
  );

  const rtags = ['Recycle'];
  listRoutes(app, {
    url: recycle,
    tag: rtags[0]!,
    permission: remove.permission,
    list: recycledVendorList,
    item: recycledVendorDto,
    service: recycleList,
  });
  app.put(
    `${recycle}/:id/reback`,
    { config: remove, schema: { tags: rtags, params: idParams, response: { 200: productVendorDto } } },
    (req) =>
      inTx(req.ctx, async (tx) => {
        await commands.reback(tx, req.ctx, req.params.id);
        return get(tx, req.ctx, req.params.id);
      }),
  );
  app.delete(
    `${recycle}/:id/clear`,
    { config: remove, schema: { tags: rtags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => commands.clear(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
}
