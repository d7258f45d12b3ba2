import { Permissions } from '@seller/contracts';
import {
  addVendorInput,
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
import { areaRoutes } from '../../../core/area-routes.ts';
import { recycleRoutes } from '../recycle-routes.ts';
import { vendorCommands } from './commands.ts';
import { vendorQueries } from './queries.ts';

const base = '/api/catalog/products';
const recycle = '/api/catalog/recycle/vendors';

/** Product vendors at the spec's paths (§7 "Catalog products") and the vendor half of the recycle area. */
export default async function productVendorRoutes(fastify: FastifyInstance) {
  const P = Permissions.Products;
  const { app, s, tags, read, inTx } = areaRoutes(fastify, 'Products', P);
  const update = { permission: `${P}.Update` };
  const remove = { permission: `${P}.Delete` };
  const { ofProduct, get, recycleList } = vendorQueries;
  const commands = vendorCommands(s);

  app.get(
    `${base}/product-vendors/:productId`,
    { config: read, schema: { tags, params: productIdParams, response: { 200: productVendorListDto } } },
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

  recycleRoutes(app, {
    url: recycle,
    permission: remove.permission,
    list: recycledVendorList,
    item: recycledVendorDto,
    listService: recycleList,
    dto: productVendorDto,
    get,
    reback: commands.reback,
    clear: commands.clear,
  });
}
