import {
  type ShipmentAction,
  type ShipmentDetailDto,
  type ShipmentStatus,
  shipmentActions,
  shipmentStatuses,
  shipmentTransitions,
} from '@seller/contracts/trade';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { simOrders } from '../../marketplace-simulator/schema.ts';
import { insertSimOrder } from '../../marketplace-simulator/test-support.ts';
import { marketplaceShops } from '../../marketplaces/index.ts';
import { connectShop } from '../../marketplaces/shops/testing.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { nextState } from '../state-machine.ts';
import { stock, stockLedger } from '../stock/schema.ts';
import { useTradeApp, variantsOf, warehousesOf } from '../test-support.ts';
import { sweepPendingSyncs } from './jobs.ts';
import { code128Values, code128Widths, labelPdf } from './label.ts';
import { shipments } from './schema.ts';
import { pdfInfo, pdfText, processingOrder } from './testing.ts';

// ---- the state table ---------------------------------------------------------------------------

describe('shipment state table', () => {
  const allowed: Record<ShipmentStatus, Partial<Record<ShipmentAction, ShipmentStatus>>> = {
    CREATED: { label: 'LABELLED', cancel: 'CANCELLED' },
    LABELLED: { pack: 'PACKED', cancel: 'CANCELLED' },
    PACKED: { ship: 'SHIPPED', cancel: 'CANCELLED' },
    SHIPPED: { deliver: 'DELIVERED', return: 'RETURNED', lose: 'LOST' },
    DELIVERED: {},
    RETURNED: {},
    LOST: {},
    CANCELLED: {},
  };
  for (const s of shipmentStatuses) {
    for (const a of shipmentActions) {
      const to = allowed[s][a] ?? null;
      it(`${s} × ${a} → ${to ?? 'refused'}`, () => {
        expect(nextState(shipmentTransitions, s, a)).toBe(to);
      });
    }
  }
});

describe('label', () => {
  it('every Code 128 pattern has 11 modules (the stop 13)', () => {
    const w = code128Widths('A');
    // start + A + check + stop = 3 × 6 + 7 elements
    expect(w).toHaveLength(25);
    expect(w.reduce((a, b) => a + b, 0)).toBe(11 * 3 + 13);
  });
  it('the check digit of Code 128 B, worked by hand', () => {
    // "PJJ123C": 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });
  it('switches to set C for a run of four or more digits, worked by hand', () => {
    // Y T M Y in B (57 52 45 57), CODE C (99), 48 20 19 37 55 61; check:
    // 104 + 57·1 + 52·2 + 45·3 + 57·4 + 99·5 + 48·6 + 20·7 + 19·8 + 37·9 + 55·10 + 61·11 = 3257; mod 103 = 64
    expect(code128Values('YTMY482019375561')).toEqual([104, 57, 52, 45, 57, 99, 48, 20, 19, 37, 55, 61, 64, 106]);
    // an odd run: its first digit in B, then pairs in C; starting with digits: START C
    expect(code128Values('A12345')).toEqual([104, 33, 17, 99, 23, 45, (104 + 33 + 34 + 297 + 92 + 225) % 103, 106]);
    expect(code128Values('1234')).toEqual([105, 12, 34, (105 + 12 + 68) % 103, 106]);
  });
  it('is a 100 × 150 mm PDF whose text reads back: Chinese, Latin and the tracking number', async () => {
    const pdf = await labelPdf({
      shipmentNo: 'SHP-1',
      trackingNo: 'YT123456789012',
      channelName: '云途专线挂号',
      carrierName: '云途物流',
      from: {
        name: '深圳仓',
        contact: '王仓管 +86 138',
        address: '广东省深圳市龙岗区坂田街道 1 号',
        countryCode: 'CN',
      },
      to: { name: 'Aisyah (A)', phone: '601', lines: ['12 Jalan'], countryCode: 'MY' },
      orderNos: 'SO-1',
      items: [{ sku: 'SKU-1', name: '蓝牙耳机', quantity: 2 }],
      weightG: 500,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const s of ['广东省深圳市龙岗区坂田街道', '云途物流', 'YT123456789012', 'Aisyah (A)', '蓝牙耳机'])
      expect(text).toContain(s);
    expect(pdfInfo(pdf)).toMatchObject({ pages: 1, widthMm: 100, heightMm: 150 });
  });
});

// ---- the API -------------------------------------------------------------------------------------

const u = useTradeApp();
const base = '/api/trade/shipments';
let warehouseId: string;
let otherWarehouseId: string;
let variants: Awaited<ReturnType<typeof variantsOf>>;

beforeAll(async () => {
  const whs = await warehousesOf(u.t, u.t.demo);
  warehouseId = whs[0]!.id;
  otherWarehouseId = whs[1]!.id;
  variants = await variantsOf(u.t, u.t.demo, 6);
}, 120_000);

const order = (lines: Array<[number, number]>, extra: Partial<Parameters<typeof processingOrder>[2]> = {}) =>
  processingOrder(u.t, u.t.demo, {
    warehouseId,
    lines: lines.map(([v, quantity]) => ({ variantId: variants[v]!.variantId, sku: variants[v]!.sku, quantity })),
    ...extra,
  });

async function stockOf(variantIndex: number, wh = warehouseId) {
  const [row] = await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
    tx
      .select()
      .from(stock)
      .where(and(eq(stock.warehouseId, wh), eq(stock.variantId, variants[variantIndex]!.variantId))),
  );
  return row!;
}

async function create(payload: object, who = u.demoAdmin) {
  return u.post(who, base, payload);
}

async function createdFrom(orderIds: string[], extra: object = {}) {
  const res = await create({ orderIds, warehouseId, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShipmentDetailDto;
}

async function toPacked(id: string) {
  expect((await u.post(u.demoAdmin, `${base}/${id}/label`)).statusCode).toBe(200);
  const packed = await u.post(u.demoAdmin, `${base}/${id}/pack`);
  expect(packed.statusCode, packed.body).toBe(200);
  return packed.json() as ShipmentDetailDto;
}

describe('demo seed', () => {
  it('gives the demo’s shipped orders shipments with tracking numbers and events, once', async () => {
    const list = (await u.get(u.demoAdmin, `${base}?status=SHIPPED,DELIVERED&maxResultCount=1000`)).json();
    const seeded = list.items.filter((x: { shipmentNo: string }) => /-D\d{5}$/.test(x.shipmentNo));
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.length).toBeLessThanOrEqual(15);
    for (const x of seeded) expect(x.trackingNo).toMatch(/^[A-Z0-9]{1,4}\d{12}$/);
    const events = (await u.get(u.demoAdmin, `${base}/${seeded[0].id}/events`)).json().items;
    expect(events.length).toBeGreaterThanOrEqual(3);
    const { seedDemo } = await import('./seed.ts');
    await seedDemo(u.t.services, u.t.demo);
    const again = (await u.get(u.demoAdmin, `${base}?status=SHIPPED,DELIVERED&maxResultCount=1000`)).json();
    expect(again.totalCount).toBe(list.totalCount);
  });
});

describe('what can be shipped', () => {
  it('orders in process with what each line has left; the warehouses', async () => {
    const { order: o, lines } = await order([[2, 3]]);
    await create({ lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], warehouseId });
    const res = await u.get(u.demoAdmin, `${base}/orders?filter=${o.orderNo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0].lines[0]).toMatchObject({ quantity: 3, shippedQty: 0, left: 2 });
    const { order: pending } = await order([[2, 1]], { status: 'Pending' });
    expect((await u.get(u.demoAdmin, `${base}/orders?filter=${pending.orderNo}`)).json().items).toEqual([]);
    expect((await u.get(u.otherAdmin, `${base}/orders?filter=${o.orderNo}`)).json().items).toEqual([]);
    expect((await u.get(u.nobody, `${base}/orders`)).statusCode).toBe(403);
    expect(members(await u.get(u.demoAdmin, `${base}/orders?maxResultCount=5000`))).toEqual(['maxResultCount']);
    const whs = await u.get(u.stockman, `${base}/warehouses`);
    expect(whs.statusCode).toBe(200);
    expect(whs.json().items[0]).toMatchObject({ id: warehouseId, isDefault: true });
    expect((await u.get(u.nobody, `${base}/warehouses`)).statusCode).toBe(403);
  });
});

describe('estimate', () => {
  it('prices the orders’ parcel on the channels to the destination, one picked', async () => {
    const { order: o } = await order([[0, 2]]);
    const res = await u.get(u.demoAdmin, `${base}/estimate?orderIds=${o.id}&warehouseId=${warehouseId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.countryCode).toBe('MY');
    expect(body.options.length).toBeGreaterThan(0);
    expect(body.options.filter((x: { picked: boolean }) => x.picked)).toHaveLength(1);
    expect(body.pickedChannelId).toBe(body.options.find((x: { picked: boolean }) => x.picked).channelId);
  });
  it('403 without the permission, 404 for another tenant’s order, 400 naming orderIds', async () => {
    const { order: o } = await order([[0, 1]]);
    expect((await u.get(u.nobody, `${base}/estimate?orderIds=${o.id}`)).statusCode).toBe(403);
    expect((await u.get(u.otherAdmin, `${base}/estimate?orderIds=${o.id}`)).statusCode).toBe(404);
    const bad = await u.get(u.demoAdmin, `${base}/estimate?orderIds=nope`);
    expect(bad.statusCode).toBe(400);
    expect(members(bad)[0]).toMatch(/^orderIds/);
    const none = await u.get(u.demoAdmin, `${base}/estimate`);
    expect(none.statusCode).toBe(400);
    expect(members(none)).toEqual(['orderIds']);
  });
});

describe('create', () => {
  it('takes every unshipped quantity with the channel the estimate picks and its fee', async () => {
    const { order: o } = await order([
      [0, 2],
      [1, 1],
    ]);
    const estimate = (await u.get(u.demoAdmin, `${base}/estimate?orderIds=${o.id}&warehouseId=${warehouseId}`)).json();
    const s = await createdFrom([o.id]);
    expect(s.status).toBe('CREATED');
    expect(s.shipmentNo).toMatch(/^SHP-\d{6}-[A-Z0-9]{6}$/);
    expect(s.channelId).toBe(estimate.pickedChannelId);
    const picked = estimate.options.find((x: { picked: boolean }) => x.picked);
    expect(s.estFee).toBe(picked.total);
    expect(s.currency).toBe(picked.currency);
    expect(s.quantity).toBe(3);
    expect(s.orderNos).toBe(o.orderNo);
    expect(s.items.map((i) => i.quantity).sort()).toEqual([1, 2]);
    expect(s.allowedActions).toEqual(['label', 'cancel']);
    // the quantities are taken: the whole order again has nothing left
    const again = await create({ orderIds: [o.id], warehouseId });
    expect(again.statusCode).toBe(400);
    expect(members(again)).toEqual(['orderIds']);
  });
  it('takes a chosen channel of the estimate', async () => {
    const { order: o } = await order([[0, 1]]);
    const estimate = (await u.get(u.demoAdmin, `${base}/estimate?orderIds=${o.id}`)).json();
    const last = estimate.options.at(-1);
    const s = await createdFrom([o.id], { channelId: last.channelId });
    expect(s.channelId).toBe(last.channelId);
    expect(s.estFee).toBe(last.total);
  });
  it('refuses more than is left of a line, naming the line’s quantity', async () => {
    const { lines } = await order([[2, 3]]);
    const over = await create({ lines: [{ orderLineId: lines[0]!.id, quantity: 4 }], warehouseId });
    expect(over.statusCode).toBe(400);
    expect(members(over)).toEqual(['lines.0.quantity']);
    const two = await create({ lines: [{ orderLineId: lines[0]!.id, quantity: 2 }], warehouseId });
    expect(two.statusCode, two.body).toBe(200);
    // one is left now (two are in the open shipment)
    const more = await create({ lines: [{ orderLineId: lines[0]!.id, quantity: 2 }], warehouseId });
    expect(members(more)).toEqual(['lines.0.quantity']);
  });
  it('400 naming the members of bad input', async () => {
    const noWarehouse = await create({ orderIds: [] });
    expect(noWarehouse.statusCode).toBe(400);
    expect(members(noWarehouse)).toEqual(['warehouseId']);
    const nothing = await create({ orderIds: [], warehouseId });
    expect(members(nothing)).toEqual(['orderIds']);
    const { order: o } = await order([[0, 1]]);
    const unknownWh = await create({ orderIds: [o.id], warehouseId: '00000000-0000-4000-8000-000000000001' });
    expect(members(unknownWh)).toEqual(['warehouseId']);
    const wrongWh = await create({ orderIds: [o.id], warehouseId: otherWarehouseId });
    expect(members(wrongWh)).toEqual(['warehouseId']);
    const badChannel = await create({
      orderIds: [o.id],
      warehouseId,
      channelId: '00000000-0000-4000-8000-000000000001',
    });
    expect(members(badChannel)).toEqual(['channelId']);
    const both = await create({ orderIds: [o.id], lines: [{ orderLineId: o.id, quantity: 1 }], warehouseId });
    expect(members(both)).toEqual(['lines']);
  });
  it('409 for an order not in process; 403; 404 for another tenant’s order', async () => {
    const { order: pending } = await order([[0, 1]], { status: 'Pending' });
    const refused = await create({ orderIds: [pending.id], warehouseId });
    expect(refused.statusCode).toBe(409);
    const { order: o } = await order([[0, 1]]);
    expect((await create({ orderIds: [o.id], warehouseId }, u.nobody)).statusCode).toBe(403);
    expect((await create({ orderIds: [o.id], warehouseId }, u.salesman)).statusCode).toBe(403);
    const other = await create({ orderIds: [o.id], warehouseId }, u.otherAdmin);
    expect(other.statusCode).toBe(404);
  });
});

describe('label, pack, ship', () => {
  it('labels with a tracking number of the channel and a PDF carrying it', async () => {
    const { order: o } = await order([[0, 1]]);
    const s = await createdFrom([o.id]);
    const early = await u.get(u.demoAdmin, `${base}/${s.id}/label.pdf`);
    expect(early.statusCode).toBe(409);
    const res = await u.post(u.demoAdmin, `${base}/${s.id}/label`);
    expect(res.statusCode, res.body).toBe(200);
    const labelled = res.json() as ShipmentDetailDto;
    expect(labelled.status).toBe('LABELLED');
    expect(labelled.trackingNo).toMatch(/^[A-Z0-9]{1,4}\d{12}$/);
    expect(labelled.labelFile).toBe(`${base}/${s.id}/label.pdf`);
    const pdf = await u.get(u.demoAdmin, `${base}/${s.id}/label.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain(labelled.trackingNo);
    expect(pdfText(pdf.rawPayload)).toContain('广东省深圳市龙岗区坂田街道');
    expect((await u.get(u.otherAdmin, `${base}/${s.id}/label.pdf`)).statusCode).toBe(404);
    expect((await u.get(u.nobody, `${base}/${s.id}/label.pdf`)).statusCode).toBe(403);
    // labelling again is not in the table
    expect((await u.post(u.demoAdmin, `${base}/${s.id}/label`)).statusCode).toBe(409);
  });

  it('409 for actions the table refuses, 403 and 404 on each', async () => {
    const { order: o } = await order([[0, 1]]);
    const s = await createdFrom([o.id]);
    for (const a of ['pack', 'ship', 'deliver', 'return', 'lose']) {
      const res = await u.post(u.demoAdmin, `${base}/${s.id}/${a}`);
      expect(res.statusCode, `${a}: ${res.body}`).toBe(409);
      expect(res.json().error.message).toContain('Created');
    }
    for (const a of ['label', 'pack', 'ship', 'deliver', 'return', 'lose', 'cancel', 'sync']) {
      expect((await u.post(u.nobody, `${base}/${s.id}/${a}`)).statusCode, a).toBe(403);
      expect((await u.post(u.otherAdmin, `${base}/${s.id}/${a}`)).statusCode, a).toBe(404);
    }
    expect((await u.post(u.demoAdmin, `${base}/00000000-0000-4000-8000-000000000009/label`)).statusCode).toBe(404);
  });

  it('ships: SALE_OUT off hand and off the reservation, the order Shipped', async () => {
    const { order: o } = await order([
      [3, 2],
      [4, 1],
    ]);
    const before3 = await stockOf(3);
    const before4 = await stockOf(4);
    const s = await createdFrom([o.id]);
    await toPacked(s.id);
    const res = await u.post(u.stockman, `${base}/${s.id}/ship`, { actualWeightG: 620, actualFee: '12.50' });
    if (res.statusCode !== 200) console.log('SHIPDBG', res.body);
    expect(res.statusCode, res.body).toBe(200);
    const shipped = res.json() as ShipmentDetailDto;
    expect(shipped.status).toBe('SHIPPED');
    expect(shipped.shippedAt).toBeTruthy();
    expect(shipped.actualWeightG).toBe(620);
    expect(shipped.actualFee).toBe('12.50');
    expect(shipped.platformSyncStatus).toBeNull();
    const after3 = await stockOf(3);
    const after4 = await stockOf(4);
    expect([after3.onHand, after3.reserved]).toEqual([before3.onHand - 2, before3.reserved - 2]);
    expect([after4.onHand, after4.reserved]).toEqual([before4.onHand - 1, before4.reserved - 1]);
    const ledger = await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
      tx.select().from(stockLedger).where(eq(stockLedger.voucherNo, s.shipmentNo)),
    );
    expect(ledger.map((l) => [l.type, l.qtyChange, l.reservedChange]).sort()).toEqual([
      ['SALE_OUT', -1, -1],
      ['SALE_OUT', -2, -2],
    ]);
    const [after] = await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
      tx.select().from(salesOrders).where(eq(salesOrders.id, o.id)),
    );
    expect(after!.status).toBe('Shipped');
    expect(shipped.allowedActions).toEqual(['deliver', 'return', 'lose']);
    expect((await u.post(u.demoAdmin, `${base}/${s.id}/cancel`)).statusCode).toBe(409);
    const again = await u.post(u.demoAdmin, `${base}/${s.id}/ship`);
    expect(again.statusCode, again.body).toBe(409);
    // the history tells each step
    const events = (await u.get(u.demoAdmin, `${base}/${s.id}/events`)).json().items;
    expect(events.map((e: { code: string }) => e.code)).toEqual(['SHIPPED', 'PACKED', 'LABELLED', 'CREATED']);
  });

  it('split lines: the first shipment leaves the order PartiallyShipped, the second Shipped', async () => {
    const { order: o, lines } = await order([[5, 3]]);
    const first = (
      await create({ lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], warehouseId })
    ).json() as ShipmentDetailDto;
    await toPacked(first.id);
    expect((await u.post(u.demoAdmin, `${base}/${first.id}/ship`)).statusCode).toBe(200);
    const status = async () =>
      (
        await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
          tx.select().from(salesOrders).where(eq(salesOrders.id, o.id)),
        )
      )[0]!.status;
    expect(await status()).toBe('PartiallyShipped');
    const over = await create({ lines: [{ orderLineId: lines[0]!.id, quantity: 3 }], warehouseId });
    expect(members(over)).toEqual(['lines.0.quantity']);
    const second = await createdFrom([o.id]);
    expect(second.quantity).toBe(2);
    await toPacked(second.id);
    expect((await u.post(u.demoAdmin, `${base}/${second.id}/ship`)).statusCode).toBe(200);
    expect(await status()).toBe('Shipped');
    const [line] = await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
      tx.select().from(salesOrderLines).where(eq(salesOrderLines.id, lines[0]!.id)),
    );
    expect([line!.shippedQty, line!.reservedQty]).toEqual([3, 0]);
  });

  it('cancel before shipped keeps the reservation with the order and frees the quantities', async () => {
    const { order: o } = await order([[0, 2]]);
    const s = await createdFrom([o.id]);
    const before = await stockOf(0);
    await toPacked(s.id);
    const res = await u.post(u.demoAdmin, `${base}/${s.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('CANCELLED');
    const after = await stockOf(0);
    expect([after.onHand, after.reserved]).toEqual([before.onHand, before.reserved]);
    // the order can go in a new shipment
    await createdFrom([o.id]);
  });

  it('delivered, returned, lost by the user', async () => {
    for (const [action, status] of [
      ['deliver', 'DELIVERED'],
      ['return', 'RETURNED'],
      ['lose', 'LOST'],
    ] as const) {
      const { order: o } = await order([[1, 1]]);
      const s = await createdFrom([o.id]);
      await toPacked(s.id);
      await u.post(u.demoAdmin, `${base}/${s.id}/ship`);
      const shipped = await stockOf(1);
      const res = await u.post(u.demoAdmin, `${base}/${s.id}/${action}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status);
      if (action === 'deliver') expect(res.json().deliveredAt).toBeTruthy();
      // a returned parcel's unit is back on hand, at the cost it left at; the others stay out
      const after = await stockOf(1);
      expect(after.onHand).toBe(shipped.onHand + (action === 'return' ? 1 : 0));
      expect(after.avgCost).toBe(shipped.avgCost);
      const rows = await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
        tx.select().from(stockLedger).where(eq(stockLedger.voucherNo, s.shipmentNo)),
      );
      expect(rows.map((r) => [r.type, r.qtyChange]).sort()).toEqual(
        action === 'return'
          ? [
              ['RETURN_IN', 1],
              ['SALE_OUT', -1],
            ]
          : [['SALE_OUT', -1]],
      );
      expect((await u.post(u.demoAdmin, `${base}/${s.id}/${action}`)).statusCode).toBe(409);
    }
  });
});

describe('tracking events', () => {
  it('adds events by hand, lists them per shipment and across shipments', async () => {
    const { order: o } = await order([[1, 1]]);
    const s = await createdFrom([o.id]);
    const labelled = (await u.post(u.demoAdmin, `${base}/${s.id}/label`)).json() as ShipmentDetailDto;
    const added = await u.post(u.demoAdmin, `${base}/${s.id}/events`, {
      code: 'IN_TRANSIT',
      description: '到达深圳转运中心',
      location: 'Shenzhen',
      time: '2025-01-02T03:04:05Z',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ code: 'IN_TRANSIT', location: 'Shenzhen', source: 'USER' });
    const mine = (await u.get(u.demoAdmin, `${base}/${s.id}/events`)).json().items;
    expect(mine.map((e: { code: string }) => e.code)).toContain('IN_TRANSIT');
    const byTracking = await u.get(u.demoAdmin, `${base}/events?trackingNo=${labelled.trackingNo}`);
    expect(byTracking.statusCode).toBe(200);
    expect(byTracking.json().totalCount).toBe(3);
    expect(byTracking.json().items.every((e: { trackingNo: string }) => e.trackingNo === labelled.trackingNo)).toBe(
      true,
    );
    const byNo = (
      await u.get(u.demoAdmin, `${base}/events?shipmentNo=${s.shipmentNo}&from=2025-01-01&to=2025-01-03`)
    ).json();
    expect(byNo.items.map((e: { code: string }) => e.code)).toEqual(['IN_TRANSIT']);
    expect((await u.get(u.otherAdmin, `${base}/events?shipmentNo=${s.shipmentNo}`)).json().totalCount).toBe(0);
    expect((await u.get(u.nobody, `${base}/events`)).statusCode).toBe(403);
    expect((await u.get(u.otherAdmin, `${base}/${s.id}/events`)).statusCode).toBe(404);
    expect((await u.post(u.otherAdmin, `${base}/${s.id}/events`, { code: 'X', description: 'x' })).statusCode).toBe(
      404,
    );
    expect((await u.post(u.nobody, `${base}/${s.id}/events`, { code: 'X', description: 'x' })).statusCode).toBe(403);
    const bad = await u.post(u.demoAdmin, `${base}/${s.id}/events`, { description: '' });
    expect(members(bad).sort()).toEqual(['code', 'description']);
    // a DELIVERED scan on a parcel not yet shipped is refused
    expect(
      (await u.post(u.demoAdmin, `${base}/${s.id}/events`, { code: 'DELIVERED', description: '签收' })).statusCode,
    ).toBe(409);
    const exported = await u.get(u.demoAdmin, `${base}/events/export?shipmentNo=${s.shipmentNo}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('a DELIVERED event moves a shipped parcel to delivered', async () => {
    const { order: o } = await order([[1, 1]]);
    const s = await createdFrom([o.id]);
    await toPacked(s.id);
    await u.post(u.demoAdmin, `${base}/${s.id}/ship`);
    const res = await u.post(u.demoAdmin, `${base}/${s.id}/events`, {
      code: 'delivered',
      description: 'Signed by buyer',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await u.get(u.demoAdmin, `${base}/${s.id}`)).json();
    expect(after.status).toBe('DELIVERED');
    expect(after.deliveredAt).toBeTruthy();
  });
});

describe('lists', () => {
  it('searches by shipment, tracking and order numbers; status tabs; sorting; paging; export', async () => {
    const { order: o } = await order([[0, 1]]);
    const s = await createdFrom([o.id]);
    const labelled = (await u.post(u.demoAdmin, `${base}/${s.id}/label`)).json() as ShipmentDetailDto;
    for (const q of [s.shipmentNo, labelled.trackingNo!, o.orderNo]) {
      const res = await u.get(u.demoAdmin, `${base}?filter=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((x: { id: string }) => x.id)).toEqual([s.id]);
    }
    const tab = (await u.get(u.demoAdmin, `${base}?status=LABELLED&maxResultCount=1000`)).json();
    expect(tab.items.every((x: { status: string }) => x.status === 'LABELLED')).toBe(true);
    expect(tab.items.some((x: { id: string }) => x.id === s.id)).toBe(true);
    const counts = (await u.get(u.demoAdmin, `${base}/counts`)).json();
    expect(Object.keys(counts.counts).sort()).toEqual([...shipmentStatuses].sort());
    expect(counts.total).toBe(shipmentStatuses.reduce((n, st) => n + counts.counts[st], 0));
    expect(counts.capped).toBe(false);
    expect(counts.counts.LABELLED).toBe(tab.totalCount);
    const page = (await u.get(u.demoAdmin, `${base}?sorting=shipmentNo asc&maxResultCount=2&skipCount=1`)).json();
    expect(page.items.length).toBeLessThanOrEqual(2);
    const badSort = await u.get(u.demoAdmin, `${base}?sorting=nope`);
    expect(members(badSort)).toEqual(['sorting']);
    const badStatus = await u.get(u.demoAdmin, `${base}?status=NOPE`);
    expect(badStatus.statusCode).toBe(400);
    expect(members(badStatus)[0]).toMatch(/^status/);
    expect((await u.get(u.nobody, base)).statusCode).toBe(403);
    expect((await u.get(u.otherAdmin, `${base}?filter=${s.shipmentNo}`)).json().totalCount).toBe(0);
    expect((await u.get(u.otherAdmin, `${base}/${s.id}`)).statusCode).toBe(404);
    const byOrder = (await u.get(u.demoAdmin, `${base}?orderId=${o.id}`)).json();
    expect(byOrder.items.map((x: { id: string }) => x.id)).toEqual([s.id]);
    const x = await u.get(u.demoAdmin, `${base}/export?filter=${s.shipmentNo}`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect((await u.get(u.nobody, `${base}/export`)).statusCode).toBe(403);
  });
});

// ---- the marketplace is told -------------------------------------------------------------------

describe('marketplace sync', () => {
  async function simOrder(platform: 'lazada' | 'shopee', shop: string, status: string, sellerSku: string) {
    const sn =
      platform === 'lazada' ? String(Date.now()).padEnd(15, '7') : `250101T${Date.now().toString(36).toUpperCase()}`;
    const { order: o, line } = await insertSimOrder(u.t, {
      platform,
      shop,
      orderSn: sn.slice(0, 32),
      status,
      sellerSku,
      quantity: 2,
    });
    return { sn: o.orderSn, lineId: line.id };
  }
  const simRow = (sn: string) =>
    u.t.services.data.unscoped(async (tx) => (await tx.select().from(simOrders).where(eq(simOrders.orderSn, sn)))[0]!);

  async function untilSynced(id: string) {
    const end = Date.now() + 30_000;
    for (;;) {
      const body = (await u.get(u.demoAdmin, `${base}/${id}`)).json() as ShipmentDetailDto;
      if (body.platformSyncStatus !== 'PENDING') return body;
      if (Date.now() > end) throw new Error(`still pending: ${JSON.stringify(body)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function shopOf(platform: 'LAZADA' | 'SHOPEE', region: string) {
    const { shopId } = await connectShop(u.t, 'demo', platform, region);
    const [row] = await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
      tx.select().from(marketplaceShops).where(eq(marketplaceShops.id, shopId)),
    );
    return { shopId, sellerId: row!.sellerId! };
  }

  it('Lazada: ready to ship with the tracking number and the order items shipped', async () => {
    const { shopId, sellerId } = await shopOf('LAZADA', 'MY');
    const sku = variants[0]!.sku;
    const sim = await simOrder('lazada', sellerId, 'pending', `SELLER-${sku}`);
    const { order: o } = await order([[0, 2]], {
      source: 'MARKETPLACE',
      platform: 'LAZADA',
      shopId,
      platformOrderId: sim.sn,
    });
    await u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
      tx
        .update(salesOrderLines)
        .set({ sellerSku: `SELLER-${sku}` })
        .where(eq(salesOrderLines.orderId, o.id)),
    );
    const s = await createdFrom([o.id]);
    await toPacked(s.id);
    const shipped = (await u.post(u.demoAdmin, `${base}/${s.id}/ship`)).json() as ShipmentDetailDto;
    expect(shipped.platformSyncStatus).toBe('PENDING');
    const done = await untilSynced(s.id);
    expect(done.platformSyncStatus, done.platformSyncError ?? '').toBe('SENT');
    const row = await simRow(sim.sn);
    expect(row.status).toBe('ready_to_ship');
    expect(row.data.tracking_number).toBe(shipped.trackingNo);
    const pkg = (row.data.packages as Array<{ order_item_ids: number[]; shipment_provider: string }>)[0]!;
    expect(pkg.order_item_ids).toEqual([sim.lineId * 100, sim.lineId * 100 + 1]);
    const events = (await u.get(u.demoAdmin, `${base}/${s.id}/events`)).json().items;
    expect(events[0]).toMatchObject({ code: 'SYNCED', source: 'MARKETPLACE' });

    // a process killed between the commit and the queueing leaves the shipment PENDING: the sweep
    // queues it again once it has waited two minutes, not before
    const pending = (shippedAt: Date) =>
      u.t.services.data.inTenant({ tenant: u.t.demo }, (tx) =>
        tx.update(shipments).set({ platformSyncStatus: 'PENDING', shippedAt }).where(eq(shipments.id, s.id)),
      );
    await pending(new Date());
    await sweepPendingSyncs(u.t.services);
    await new Promise((r) => setTimeout(r, 1500));
    expect(((await u.get(u.demoAdmin, `${base}/${s.id}`)).json() as ShipmentDetailDto).platformSyncStatus).toBe(
      'PENDING',
    );
    await pending(new Date(Date.now() - 10 * 60_000));
    expect((await sweepPendingSyncs(u.t.services)).queued).toBeGreaterThanOrEqual(1);
    expect((await untilSynced(s.id)).platformSyncStatus).toBe('SENT');
  }, 60_000);

  it('Shopee: ship_order with the tracking number; a refusal shows FAILED and can be retried', async () => {
    const { shopId, sellerId } = await shopOf('SHOPEE', 'SG');
    const sim = await simOrder('shopee', sellerId, 'CANCELLED', variants[1]!.sku);
    const { order: o } = await order([[1, 1]], {
      source: 'MARKETPLACE',
      platform: 'SHOPEE',
      shopId,
      platformOrderId: sim.sn,
      countryCode: 'SG',
    });
    const s = await createdFrom([o.id]);
    await toPacked(s.id);
    await u.post(u.demoAdmin, `${base}/${s.id}/ship`);
    const failed = await untilSynced(s.id);
    expect(failed.platformSyncStatus).toBe('FAILED');
    expect(failed.platformSyncError).toContain('CANCELLED');
    // the marketplace takes it once the order is ready to ship again
    await u.t.services.data.unscoped((tx) =>
      tx.update(simOrders).set({ status: 'READY_TO_SHIP' }).where(eq(simOrders.orderSn, sim.sn)),
    );
    expect((await u.post(u.nobody, `${base}/${s.id}/sync`)).statusCode).toBe(403);
    expect((await u.post(u.otherAdmin, `${base}/${s.id}/sync`)).statusCode).toBe(404);
    const retried = await u.post(u.demoAdmin, `${base}/${s.id}/sync`);
    expect(retried.statusCode, retried.body).toBe(200);
    const sent = await untilSynced(s.id);
    expect(sent.platformSyncStatus, sent.platformSyncError ?? '').toBe('SENT');
    const row = await simRow(sim.sn);
    expect(row.status).toBe('PROCESSED');
    expect(row.data.tracking_number).toBe(sent.trackingNo);
  }, 60_000);

  it('409 retrying a shipment of manual orders', async () => {
    const { order: o } = await order([[1, 1]]);
    const s = await createdFrom([o.id]);
    expect((await u.post(u.demoAdmin, `${base}/${s.id}/sync`)).statusCode).toBe(409);
  });
});
