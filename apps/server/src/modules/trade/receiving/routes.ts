import {
  type ReceiptDto,
  receiptDetailDto,
  receiptDto,
  receiptInput,
  receiptListQuery,
  TradePermissions,
} from '@seller/contracts/trade';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../../core/export.ts';
import { t } from '../../../core/localization/index.ts';
import { getSettingNumber } from '../../settings/index.ts';
import { TradeSettings } from '../settings.ts';
import {
  createReceipt,
  deleteReceipt,
  getReceipt,
  listReceipts,
  postReceipt,
  reverseReceipt,
  updateReceipt,
} from './service.ts';

const base = '/api/trade/receipts';
const idParams = z.object({ id: z.guid() });

/** Receipts against PO lines: list, export, draft create/edit/delete, post and reverse. */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const P = TradePermissions.Receiving;
  const read = { permission: P };
  const tags = ['Receiving'];
  const inTx = s.data.inTenant.bind(s.data);
  const tolerance = (ctx: Parameters<typeof getSettingNumber>[1]) =>
    getSettingNumber(s, ctx, TradeSettings.ReceivingTolerance);

  app.get(
    base,
    {
      config: read,
      schema: {
        tags,
        querystring: receiptListQuery,
        response: { 200: z.object({ totalCount: z.number(), items: z.array(receiptDto) }) },
      },
    },
    (req) => inTx(req.ctx, (tx) => listReceipts(tx, req.ctx, req.query)),
  );
  app.get(
    `${base}/export`,
    { config: read, schema: { tags, querystring: receiptListQuery.omit({ skipCount: true, maxResultCount: true }) } },
    (req, reply) => {
      const L = (key: string) => t(req.ctx.culture, `Receiving::${key}`);
      const title = L('Page:Title');
      async function* batches() {
        for (let skipCount = 0; skipCount < EXPORT_MAX_ROWS; skipCount += 500) {
          const page = await inTx(req.ctx, (tx) =>
            listReceipts(tx, req.ctx, { ...req.query, skipCount, maxResultCount: 500 }),
          );
          if (!page.items.length) return;
          yield page.items;
          if (page.items.length < 500) return;
        }
      }
      return sendXlsx<ReceiptDto>(
        reply,
        `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`,
        title,
        [
          { header: L('Field:ReceiptNo'), width: 20, value: (r) => r.receiptNo },
          { header: L('Field:PoNo'), width: 20, value: (r) => r.poNo },
          { header: L('Field:Supplier'), width: 30, value: (r) => r.supplierName },
          { header: L('Field:Warehouse'), width: 16, value: (r) => r.warehouseName },
          { header: L('Field:Status'), width: 10, value: (r) => L(`Status:${r.status}`) },
          { header: L('Field:Reverses'), width: 20, value: (r) => r.reversesReceiptNo },
          { header: L('Field:QtyArrived'), width: 10, value: (r) => r.qtyArrived },
          { header: L('Field:QtyAccepted'), width: 10, value: (r) => r.qtyAccepted },
          { header: L('Field:QtyDamaged'), width: 10, value: (r) => r.qtyDamaged },
          { header: L('Field:ReceivedAt'), width: 20, value: (r) => r.receivedAt },
          { header: L('Field:TrackingNo'), width: 20, value: (r) => r.trackingNo },
          { header: L('Field:Remark'), width: 30, value: (r) => r.remark },
        ],
        batches(),
      );
    },
  );
  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: receiptDetailDto } } },
    (req) => inTx(req.ctx, (tx) => getReceipt(tx, req.ctx, req.params.id)),
  );
  app.post(
    base,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, body: receiptInput, response: { 200: receiptDetailDto } },
    },
    async (req) => {
      const tol = await tolerance(req.ctx);
      return inTx(req.ctx, async (tx) => {
        const r = await createReceipt(tx, req.ctx, req.body, tol);
        return getReceipt(tx, req.ctx, r.id);
      });
    },
  );
  app.put(
    `${base}/:id`,
    {
      config: { permission: `${P}.Create` },
      schema: { tags, params: idParams, body: receiptInput, response: { 200: receiptDetailDto } },
    },
    async (req) => {
      const tol = await tolerance(req.ctx);
      return inTx(req.ctx, async (tx) => {
        await updateReceipt(tx, req.ctx, req.params.id, req.body, tol);
        return getReceipt(tx, req.ctx, req.params.id);
      });
    },
  );
  app.delete(
    `${base}/:id`,
    { config: { permission: `${P}.Create` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inTx(req.ctx, (tx) => deleteReceipt(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
  app.post(
    `${base}/:id/post`,
    { config: { permission: `${P}.Post` }, schema: { tags, params: idParams, response: { 200: receiptDetailDto } } },
    async (req) => {
      const tol = await tolerance(req.ctx);
      return inTx(req.ctx, async (tx) => {
        await postReceipt(tx, req.ctx, req.params.id, tol);
        return getReceipt(tx, req.ctx, req.params.id);
      });
    },
  );
  app.post(
    `${base}/:id/reverse`,
    {
      config: { permission: `${P}.Reverse` },
      schema: { tags, params: idParams, response: { 200: receiptDetailDto } },
    },
    (req) =>
      inTx(req.ctx, async (tx) => {
        const r = await reverseReceipt(tx, req.ctx, req.params.id);
        return getReceipt(tx, req.ctx, r.id);
      }),
  );
}
