import type { PickListDto, ShipmentBulkResult, ShipmentDetailDto } from '@seller/contracts/trade';
import { describe, expect, it } from 'vitest';
import { as, members } from '../../../../test/harness.ts';
import { useTradeApp } from '../test-support.ts';
import { demoOrders, pdfInfo, pdfText } from './testing.ts';

/** Many shipments at once: merged labels, the pick list, the scan and packing check, bulk label and ship. */

const u = useTradeApp();
const base = '/api/trade/shipments';
const NONE = '00000000-0000-4000-8000-000000000009';
const { at, order } = demoOrders(u);

/** A shipment of a new order in process with `lines` ([variant index, quantity]). */
async function shipment(lines: Array<[number, number]>) {
  const { order: made } = await order(lines);
  const res = await u.post(u.demoAdmin, base, { orderIds: [made.id], warehouseId: at.warehouseId });
  expect(res.statusCode, res.body).toBe(200);
  return { order: made, shipment: res.json() as ShipmentDetailDto };
}

async function labelled(lines: Array<[number, number]>) {
  const made = await shipment(lines);
  const res = await u.post(u.demoAdmin, `${base}/${made.shipment.id}/label`);
  expect(res.statusCode, res.body).toBe(200);
  return { ...made, shipment: res.json() as ShipmentDetailDto };
}

/** 400/403/404 of a selection route: empty, bad and too many ids, no permission, another tenant's shipment. */
async function refusesBadSelections(path: string, max: number, allowed: string) {
  const { shipment: s } = await labelled([[0, 1]]);
  expect((await u.post(u.nobody, path, { ids: [s.id] })).statusCode).toBe(403);
  const other = await u.post(u.otherAdmin, path, { ids: [s.id] });
  expect(other.statusCode).toBe(404);
  expect(other.body).not.toContain(s.shipmentNo);
  expect(members(await u.post(u.demoAdmin, path, { ids: [] }))).toEqual(['ids']);
  expect(members(await u.post(u.demoAdmin, path, { ids: ['nope'] }))).toEqual(['ids.0']);
  expect(members(await u.post(u.demoAdmin, path, {}))).toEqual(['ids']);
  const many = Array.from({ length: max + 1 }, () => s.id);
  expect(members(await u.post(u.demoAdmin, path, { ids: many }))).toEqual(['ids']);
  // one unknown among known ones: 404
  expect((await u.post(u.demoAdmin, path, { ids: [s.id, NONE] })).statusCode).toBe(404);
  expect((await u.post(allowed, path, { ids: [s.id] })).statusCode).toBe(200);
}

describe('merged labels', () => {
  it('one 100 × 150 mm page per shipment, in the order asked, with the Chinese sender and each tracking number', async () => {
    const picked = [await labelled([[0, 1]]), await labelled([[1, 2]]), await labelled([[2, 1]])];
    const ids = picked.map((p) => p.shipment.id).reverse();
    const res = await u.post(u.demoAdmin, `${base}/labels.pdf`, { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="labels-.*-3\.pdf"/);
    expect(pdfInfo(res.rawPayload)).toEqual({ pages: 3, widthMm: 100, heightMm: 150 });
    const text = pdfText(res.rawPayload);
    // the demo's Shenzhen warehouse and its address, in Chinese
    expect(text).toContain('深圳仓');
    expect(text).toContain('广东省深圳市龙岗区坂田街道 1 号');
    const pages = text.split('\f');
    picked.reverse().forEach((p, i) => {
      expect(pages[i]).toContain(p.shipment.trackingNo);
      expect(pages[i]).toContain(p.order.orderNo);
    });
  });
  it('400 on ids naming the shipments without a tracking number', async () => {
    const { shipment: ok } = await labelled([[0, 1]]);
    const { shipment: bare } = await shipment([[0, 1]]);
    const res = await u.post(u.demoAdmin, `${base}/labels.pdf`, { ids: [ok.id, bare.id] });
    expect(res.statusCode).toBe(400);
    expect(members(res)).toEqual(['ids']);
    expect(res.body).toContain(bare.shipmentNo);
    expect(res.body).not.toContain(ok.shipmentNo);
  });
  it('403, 404 for another tenant’s shipment, 400 naming ids', () =>
    refusesBadSelections(`${base}/labels.pdf`, 500, u.salesman));
});

describe('pick list', () => {
  it('per warehouse and SKU: totals and orders, worked by hand; closed parcels left out', async () => {
    // A: v0 × 2, v1 × 1; B: v0 × 3; C: v1 × 4, then cancelled
    const a = await shipment([
      [0, 2],
      [1, 1],
    ]);
    const b = await labelled([[0, 3]]);
    const c = await shipment([[1, 4]]);
    expect((await u.post(u.demoAdmin, `${base}/${c.shipment.id}/cancel`)).statusCode).toBe(200);
    const ids = [a.shipment.id, b.shipment.id, c.shipment.id];
    const res = await u.post(u.stockman, `${base}/pick-list`, { ids });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as PickListDto;
    expect(list).toMatchObject({ shipments: 2, skipped: 1, quantity: 6 });
    expect(list.warehouses).toHaveLength(1);
    expect(list.warehouses[0]).toMatchObject({ warehouseId: at.warehouseId, warehouseName: '深圳仓', quantity: 6 });
    const [v0, v1] = [at.variants[0]!.sku, at.variants[1]!.sku];
    expect(list.warehouses[0]!.lines.map((l) => [l.sku, l.quantity, l.orderNos])).toEqual([
      [v0, 5, [a.order.orderNo, b.order.orderNo].sort()],
      [v1, 1, [a.order.orderNo]],
    ]);
    expect(list.warehouses[0]!.lines[0]!.name).toBe(`Item ${v0}`);

    const pdf = await as(
      u.t.app,
      u.stockman,
      'zh-Hans',
    )({ method: 'POST', url: `${base}/pick-list.pdf`, payload: { ids } });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const s of ['拣货单', '深圳仓', '2 个包裹,共 6 件', v0, v1, a.order.orderNo]) expect(text).toContain(s);
  });
  it('403, 404 for another tenant’s shipment, 400 naming ids', async () => {
    await refusesBadSelections(`${base}/pick-list`, 500, u.salesman);
    await refusesBadSelections(`${base}/pick-list.pdf`, 500, u.salesman);
  });
});

describe('scan and packing check', () => {
  it('finds the parcel by tracking, shipment or order number in any case', async () => {
    const { order, shipment: s } = await labelled([[0, 1]]);
    for (const code of [s.trackingNo!, s.shipmentNo.toLowerCase(), order.orderNo, ` ${s.trackingNo} `]) {
      const res = await u.get(u.stockman, `${base}/scan?code=${encodeURIComponent(code)}`);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ id: s.id, status: 'LABELLED' });
    }
    const none = await u.get(u.stockman, `${base}/scan?code=NOPE-1`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('No shipment found for NOPE-1.');
    expect((await u.get(u.otherAdmin, `${base}/scan?code=${s.trackingNo}`)).statusCode).toBe(404);
    expect((await u.get(u.nobody, `${base}/scan?code=${s.trackingNo}`)).statusCode).toBe(403);
    expect(members(await u.get(u.stockman, `${base}/scan?code=`))).toEqual(['code']);
    expect(members(await u.get(u.stockman, `${base}/scan?code=${'x'.repeat(65)}`))).toEqual(['code']);
  });
  it('packs only when the scanned SKUs are exactly the items: wrong, extra and short refused with 400 on scanned', async () => {
    const { shipment: s } = await labelled([
      [0, 2],
      [1, 1],
    ]);
    const [v0, v1, v2] = [at.variants[0]!.sku, at.variants[1]!.sku, at.variants[2]!.sku];
    const pack = (scanned: object[], who = u.stockman, culture = 'en') =>
      as(u.t.app, who, culture)({ method: 'POST', url: `${base}/${s.id}/pack`, payload: { scanned } });
    const wrong = await pack([
      { sku: v0, quantity: 2 },
      { sku: v2, quantity: 1 },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(members(wrong)).toEqual(['scanned']);
    expect(wrong.json().error.validationErrors[0].message).toBe(
      `The scanned items do not match the parcel: ${v2} ×1 is not in the parcel; ${v1} ×1 not scanned`,
    );
    const short = await pack(
      [
        { sku: v0, quantity: 1 },
        { sku: v1, quantity: 1 },
      ],
      u.stockman,
      'zh-Hans',
    );
    expect(short.json().error.validationErrors[0].message).toBe(`扫描的商品与包裹不符:${v0}:已扫 1 件,应为 2 件`);
    expect(
      (
        await pack(
          [
            { sku: v0, quantity: 2 },
            { sku: v1, quantity: 1 },
          ],
          u.salesman,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await pack(
          [
            { sku: v0, quantity: 2 },
            { sku: v1, quantity: 1 },
          ],
          u.otherAdmin,
        )
      ).statusCode,
    ).toBe(404);
    expect(members(await pack([{ sku: '', quantity: 1 }]))).toEqual(['scanned.0.sku']);
    expect(members(await pack([{ sku: v0, quantity: 0 }]))).toEqual(['scanned.0.quantity']);
    // still labelled after the refusals; the right SKUs (any case, in two scans of v0) pack it
    expect((await u.get(u.stockman, `${base}/${s.id}`)).json().status).toBe('LABELLED');
    const ok = await pack([
      { sku: v0.toLowerCase(), quantity: 1 },
      { sku: v1, quantity: 1 },
      { sku: v0, quantity: 1 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('PACKED');
  });
});

describe('bulk label and ship', () => {
  it('labels each, ships each that is packed, and reports the others with the reason', async () => {
    const a = await shipment([[0, 1]]);
    const b = await shipment([[1, 1]]);
    const res = await u.post(u.stockman, `${base}/bulk/label`, { ids: [a.shipment.id, b.shipment.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ done: [a.shipment.id, b.shipment.id], failed: [] });
    expect((await u.post(u.stockman, `${base}/${a.shipment.id}/pack`)).statusCode).toBe(200);
    const shipped = await u.post(u.stockman, `${base}/bulk/ship`, { ids: [a.shipment.id, b.shipment.id] });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const result = shipped.json() as ShipmentBulkResult;
    expect(result.done).toEqual([a.shipment.id]);
    expect(result.failed).toEqual([
      { id: b.shipment.id, shipmentNo: b.shipment.shipmentNo, message: expect.stringContaining('Labelled') },
    ]);
    expect((await u.get(u.stockman, `${base}/${a.shipment.id}`)).json().status).toBe('SHIPPED');
    expect((await u.get(u.stockman, `${base}/${b.shipment.id}`)).json().status).toBe('LABELLED');
    // the order of the shipped parcel follows
    const order = (await u.get(u.stockman, `/api/trade/orders/${a.order.id}`)).json();
    expect(order.status).toBe('Shipped');
  });
  it('403 without the permission, 404 for another tenant’s shipment, 400 naming ids', async () => {
    const { shipment: s } = await shipment([[0, 1]]);
    for (const action of ['label', 'ship']) {
      const path = `${base}/bulk/${action}`;
      expect((await u.post(u.salesman, path, { ids: [s.id] })).statusCode).toBe(403);
      expect((await u.post(u.otherAdmin, path, { ids: [s.id] })).statusCode).toBe(404);
      expect(members(await u.post(u.stockman, path, { ids: [] }))).toEqual(['ids']);
      expect(members(await u.post(u.stockman, path, { ids: ['x'] }))).toEqual(['ids.0']);
      const many = Array.from({ length: 101 }, () => s.id);
      expect(members(await u.post(u.stockman, path, { ids: many }))).toEqual(['ids']);
    }
  });
});
