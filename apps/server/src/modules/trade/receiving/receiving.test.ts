import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { ledgerOf, linkedVariants, setTenantSetting, stockOf } from '../purchase/test-support.ts';
import { TradeSettings } from '../settings.ts';
import { useTradeApp, warehousesOf } from '../test-support.ts';

const app = useTradeApp();
const poBase = '/api/trade/purchase-orders';
const base = '/api/trade/receipts';
type Linked = Awaited<ReturnType<typeof linkedVariants>>[number];
let warehouseId: string;
let v: Linked[];

beforeAll(async () => {
  warehouseId = (await warehousesOf(app.t, app.t.demo))[0]!.id;
  v = await linkedVariants(app.t, app.t.demo, 4);
});
afterAll(async () => {
  if (app.t) await setTenantSetting(app.t, app.t.demo, TradeSettings.ReceivingTolerance, null);
});

/** An approved PO of the given lines (same supplier), in USD at the tenant rate unless said. */
async function approvedPo(lines: { i: number; qty: number; price?: string }[], extra: object = {}) {
  const res = await app.post(app.demoAdmin, poBase, {
    supplierId: v[lines[0]!.i]!.supplierId,
    warehouseId,
    lines: lines.map((l) => ({ variantId: v[l.i]!.variantId, qtyOrdered: l.qty, unitPrice: l.price ?? '2.5' })),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const po = res.json();
  expect((await app.post(app.demoAdmin, `${poBase}/${po.id}/submit`)).statusCode).toBe(200);
  expect((await app.post(app.demoAdmin, `${poBase}/${po.id}/approve`)).statusCode).toBe(200);
  return po as { id: string; poNo: string; lines: { id: string; variantId: string; sku: string }[] };
}

const receipt = (
  poId: string,
  lines: { poLineId: string; arrived: number; accepted?: number; damaged?: number }[],
  who = app.demoAdmin,
) =>
  app.post(who, base, {
    poId,
    trackingNo: 'SF123',
    lines: lines.map((l) => ({
      poLineId: l.poLineId,
      qtyArrived: l.arrived,
      qtyAccepted: l.accepted ?? l.arrived - (l.damaged ?? 0),
      qtyDamaged: l.damaged ?? 0,
    })),
  });

const poOf = async (id: string) => (await app.get(app.demoAdmin, `${poBase}/${id}`)).json();

describe('receiving: two partial receipts, stock and ledger', () => {
  it('posts partial receipts up to RECEIVED, each in one transaction with its ledger rows', async () => {
    const [a, b] = [v[0]!, v[1]!];
    const s0a = await stockOf(app.t, app.t.demo, warehouseId, a.variantId);
    const s0b = await stockOf(app.t, app.t.demo, warehouseId, b.variantId);
    const po = await approvedPo(
      [
        { i: 0, qty: 10, price: '3.5' },
        { i: 1, qty: 8, price: '1.25' },
      ],
      { currency: 'USD', fxRate: '7' },
    );
    expect((await stockOf(app.t, app.t.demo, warehouseId, a.variantId)).inTransit).toBe(s0a.inTransit + 10);
    const [la, lb] = po.lines;

    // first: 6 of A arrive, 1 of them damaged; nothing of B
    const r1 = await receipt(po.id, [
      { poLineId: la!.id, arrived: 6, damaged: 1 },
      { poLineId: lb!.id, arrived: 0 },
    ]);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({
      status: 'DRAFT',
      poNo: po.poNo,
      qtyArrived: 6,
      allowedActions: ['edit', 'delete', 'post'],
    });
    expect(r1.json().receiptNo).toMatch(/^RCV-\d{8}-\d{4}$/);
    expect(r1.json().lines).toHaveLength(1);
    // a draft changes nothing yet
    expect((await poOf(po.id)).lines[0].qtyReceived).toBe(0);
    const p1 = await app.post(app.stockman, `${base}/${r1.json().id}/post`);
    expect(p1.statusCode, p1.body).toBe(200);
    expect(p1.json()).toMatchObject({ status: 'POSTED', allowedActions: ['reverse'] });
    expect(p1.json().lines[0].unitCost).toBe('24.5000');
    let order = await poOf(po.id);
    expect(order.status).toBe('PARTIALLY_RECEIVED');
    expect(order.lines.map((l: { qtyReceived: number; qtyDamaged: number }) => [l.qtyReceived, l.qtyDamaged])).toEqual([
      [6, 1],
      [0, 0],
    ]);
    let sa = await stockOf(app.t, app.t.demo, warehouseId, a.variantId);
    expect([sa.onHand, sa.defective, sa.inTransit]).toEqual([s0a.onHand + 5, s0a.defective + 1, s0a.inTransit + 4]);

    // second: the rest of A and all of B
    const r2 = await receipt(po.id, [
      { poLineId: la!.id, arrived: 4 },
      { poLineId: lb!.id, arrived: 8 },
    ]);
    expect((await app.post(app.demoAdmin, `${base}/${r2.json().id}/post`)).statusCode).toBe(200);
    order = await poOf(po.id);
    expect(order.status).toBe('RECEIVED');
    expect(order.qtyReceived).toBe(18);
    sa = await stockOf(app.t, app.t.demo, warehouseId, a.variantId);
    const sb = await stockOf(app.t, app.t.demo, warehouseId, b.variantId);
    expect([sa.onHand, sa.defective, sa.inTransit]).toEqual([s0a.onHand + 9, s0a.defective + 1, s0a.inTransit]);
    expect([sb.onHand, sb.inTransit]).toEqual([s0b.onHand + 8, s0b.inTransit]);

    // the ledger: approval in transit, then the two receipts at 3.5 USD × 7
    const rows = (await ledgerOf(app.t, app.t.demo, warehouseId, a.variantId)).filter((r) =>
      [po.poNo, r1.json().receiptNo, r2.json().receiptNo].includes(r.voucherNo),
    );
    expect(rows.map((r) => [r.type, r.qtyChange, r.inTransitChange, r.defectiveChange, r.voucherNo])).toEqual([
      ['IN_TRANSIT', 0, 10, 0, po.poNo],
      ['PO_RECEIPT', 5, -6, 1, r1.json().receiptNo],
      ['PO_RECEIPT', 4, -4, 0, r2.json().receiptNo],
    ]);
    expect(rows[1]!.unitCost).toBe('24.5000');
    expect(rows.at(-1)!.qtyAfter).toBe(sa.onHand);
    // Σ ledger = snapshot
    const all = await ledgerOf(app.t, app.t.demo, warehouseId, a.variantId);
    expect(all.reduce((n, r) => n + r.qtyChange, 0)).toBe(sa.onHand);
    expect(all.reduce((n, r) => n + r.inTransitChange, 0)).toBe(sa.inTransit);
    expect(all.reduce((n, r) => n + r.defectiveChange, 0)).toBe(sa.defective);

    // a posted receipt cannot be edited, deleted or posted again
    expect((await app.post(app.demoAdmin, `${base}/${r2.json().id}/post`)).statusCode).toBe(409);
    expect((await app.del(app.demoAdmin, `${base}/${r2.json().id}`)).statusCode).toBe(409);
    const edit = await app.put(app.demoAdmin, `${base}/${r2.json().id}`, {
      poId: po.id,
      lines: [{ poLineId: la!.id, qtyArrived: 1, qtyAccepted: 1, qtyDamaged: 0 }],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe('Not allowed while it is Posted: edit.');
    // nothing more can be received against a RECEIVED PO
    const more = await receipt(po.id, [{ poLineId: la!.id, arrived: 1 }]);
    expect(more.statusCode).toBe(409);

    // reversal: the first receipt comes out, the PO goes back to partially received
    const rev = await app.post(app.stockman, `${base}/${r1.json().id}/reverse`);
    expect(rev.statusCode, rev.body).toBe(200);
    expect(rev.json()).toMatchObject({
      status: 'POSTED',
      reversesReceiptId: r1.json().id,
      reversesReceiptNo: r1.json().receiptNo,
      qtyArrived: -6,
      qtyAccepted: -5,
      qtyDamaged: -1,
      allowedActions: [],
    });
    order = await poOf(po.id);
    expect(order.status).toBe('PARTIALLY_RECEIVED');
    expect(order.lines[0]).toMatchObject({ qtyReceived: 4, qtyDamaged: 0 });
    sa = await stockOf(app.t, app.t.demo, warehouseId, a.variantId);
    expect([sa.onHand, sa.defective, sa.inTransit]).toEqual([s0a.onHand + 4, s0a.defective, s0a.inTransit + 6]);
    const last = (await ledgerOf(app.t, app.t.demo, warehouseId, a.variantId)).at(-1)!;
    expect([last.type, last.qtyChange, last.inTransitChange, last.defectiveChange, last.voucherNo]).toEqual([
      'PO_REVERSAL',
      -5,
      6,
      -1,
      rev.json().receiptNo,
    ]);
    // only once; a reversing receipt is not reversed
    const again = await app.post(app.demoAdmin, `${base}/${r1.json().id}/reverse`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Not allowed while it is Reversed: reverse.');
    expect((await app.post(app.demoAdmin, `${base}/${rev.json().id}/reverse`)).statusCode).toBe(409);
    const original = (await app.get(app.demoAdmin, `${base}/${r1.json().id}`)).json();
    expect(original).toMatchObject({ reversedById: rev.json().id, allowedActions: [] });

    // reversing the second too: nothing received, back to APPROVED (and it could be cancelled)
    expect((await app.post(app.demoAdmin, `${base}/${r2.json().id}/reverse`)).statusCode).toBe(200);
    expect((await poOf(po.id)).status).toBe('APPROVED');
    sa = await stockOf(app.t, app.t.demo, warehouseId, a.variantId);
    expect([sa.onHand, sa.inTransit]).toEqual([s0a.onHand, s0a.inTransit + 10]);
    expect((await app.post(app.demoAdmin, `${poBase}/${po.id}/cancel`)).statusCode).toBe(200);
    expect((await stockOf(app.t, app.t.demo, warehouseId, a.variantId)).inTransit).toBe(s0a.inTransit);
  });
});

describe('receiving: over-receipt and tolerance', () => {
  it('refuses more than ordered, at create and at post, naming lines[i].qtyArrived', async () => {
    const po = await approvedPo([
      { i: 2, qty: 5 },
      { i: 2, qty: 10 },
    ]);
    const [l1, l2] = po.lines;
    const over = await receipt(po.id, [
      { poLineId: l1!.id, arrived: 1 },
      { poLineId: l2!.id, arrived: 11 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(members(over)).toEqual(['lines[1].qtyArrived']);
    expect(over.json().error.validationErrors[0].message).toContain('at most 10 more');
    // two drafts each within the order, together beyond it: the second is refused when posted
    const d1 = await receipt(po.id, [{ poLineId: l2!.id, arrived: 6 }]);
    const d2 = await receipt(po.id, [{ poLineId: l2!.id, arrived: 6 }]);
    expect((await app.post(app.demoAdmin, `${base}/${d1.json().id}/post`)).statusCode).toBe(200);
    const late = await app.post(app.demoAdmin, `${base}/${d2.json().id}/post`);
    expect(late.statusCode).toBe(400);
    expect(members(late)).toEqual(['lines[0].qtyArrived']);
    expect((await app.get(app.demoAdmin, `${base}/${d2.json().id}`)).json().status).toBe('DRAFT');
  });

  it('allows an over-receipt within the tolerance setting; only what was expected leaves transit', async () => {
    await setTenantSetting(app.t, app.t.demo, TradeSettings.ReceivingTolerance, '10');
    const s0 = await stockOf(app.t, app.t.demo, warehouseId, v[3]!.variantId);
    const po = await approvedPo([{ i: 3, qty: 20 }]);
    const line = po.lines[0]!;
    expect(members(await receipt(po.id, [{ poLineId: line.id, arrived: 23 }]))).toEqual(['lines[0].qtyArrived']);
    const ok = await receipt(po.id, [{ poLineId: line.id, arrived: 22 }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await app.post(app.demoAdmin, `${base}/${ok.json().id}/post`)).statusCode).toBe(200);
    expect((await poOf(po.id)).status).toBe('RECEIVED');
    const s = await stockOf(app.t, app.t.demo, warehouseId, v[3]!.variantId);
    expect([s.onHand, s.inTransit]).toEqual([s0.onHand + 22, s0.inTransit]);
    await setTenantSetting(app.t, app.t.demo, TradeSettings.ReceivingTolerance, null);
  });
});

describe('receiving: close short, drafts, input, permissions, tenants, list', () => {
  it('close short removes what is still in transit and cancels draft receipts', async () => {
    const s0 = await stockOf(app.t, app.t.demo, warehouseId, v[2]!.variantId);
    const po = await approvedPo([{ i: 2, qty: 9 }]);
    const line = po.lines[0]!;
    const r = await receipt(po.id, [{ poLineId: line.id, arrived: 4 }]);
    await app.post(app.demoAdmin, `${base}/${r.json().id}/post`);
    const pending = await receipt(po.id, [{ poLineId: line.id, arrived: 1 }]);
    const closed = await app.post(app.demoAdmin, `${poBase}/${po.id}/close-short`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'RECEIVED', closedShort: true });
    const s = await stockOf(app.t, app.t.demo, warehouseId, v[2]!.variantId);
    expect([s.onHand, s.inTransit]).toEqual([s0.onHand + 4, s0.inTransit]);
    expect((await app.get(app.demoAdmin, `${base}/${pending.json().id}`)).json().status).toBe('CANCELLED');
    // a receipt of a PO closed short is not reversed
    const rev = await app.post(app.demoAdmin, `${base}/${r.json().id}/reverse`);
    expect(rev.statusCode).toBe(409);
    expect(rev.json().error.message).toBe('Not allowed while it is Closed short: reverse a receipt.');
  });

  it('edits and deletes a draft', async () => {
    const po = await approvedPo([{ i: 0, qty: 3 }]);
    const line = po.lines[0]!;
    const r = (await receipt(po.id, [{ poLineId: line.id, arrived: 1 }])).json();
    const put = await app.put(app.demoAdmin, `${base}/${r.id}`, {
      poId: po.id,
      remark: '第二次',
      concurrencyStamp: r.concurrencyStamp,
      lines: [{ poLineId: line.id, qtyArrived: 2, qtyAccepted: 1, qtyDamaged: 1 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ remark: '第二次', qtyArrived: 2, qtyDamaged: 1 });
    expect((await app.del(app.demoAdmin, `${base}/${r.id}`)).statusCode).toBe(204);
    expect((await app.get(app.demoAdmin, `${base}/${r.id}`)).statusCode).toBe(404);
    await app.post(app.demoAdmin, `${poBase}/${po.id}/cancel`);
  });

  it('400 naming the field; 409 for a PO that is not receivable', async () => {
    const po = await approvedPo([{ i: 1, qty: 3 }]);
    const line = po.lines[0]!;
    const bad = (lines: object[], poId = po.id) => app.post(app.demoAdmin, base, { poId, lines });
    expect(members(await bad([{ poLineId: line.id, qtyArrived: 3, qtyAccepted: 1, qtyDamaged: 1 }]))).toEqual([
      'lines[0].qtyAccepted',
    ]);
    expect(
      members(await bad([{ poLineId: crypto.randomUUID(), qtyArrived: 1, qtyAccepted: 1, qtyDamaged: 0 }])),
    ).toEqual(['lines[0].poLineId']);
    expect(members(await bad([{ poLineId: line.id, qtyArrived: 0, qtyAccepted: 0, qtyDamaged: 0 }]))).toEqual([
      'lines',
    ]);
    expect(
      members(await bad([{ poLineId: line.id, qtyArrived: 1, qtyAccepted: 1, qtyDamaged: 0 }], crypto.randomUUID())),
    ).toEqual(['poId']);
    expect(members(await bad([{ poLineId: line.id, qtyArrived: -1, qtyAccepted: 0, qtyDamaged: 0 }]))[0]).toMatch(
      /lines.*0.*qtyArrived/,
    );
    expect(members(await app.get(app.demoAdmin, `${base}?sorting=bogus desc`))).toEqual(['sorting']);
    // a draft PO cannot be received
    const draft = (
      await app.post(app.demoAdmin, poBase, {
        supplierId: v[1]!.supplierId,
        warehouseId,
        lines: [{ variantId: v[1]!.variantId, qtyOrdered: 1, unitPrice: '1' }],
      })
    ).json();
    const refused = await bad(
      [{ poLineId: draft.lines[0].id, qtyArrived: 1, qtyAccepted: 1, qtyDamaged: 0 }],
      draft.id,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Not allowed while it is Draft: receive.');
    await app.post(app.demoAdmin, `${poBase}/${po.id}/cancel`);
  });

  it('403 without the permission (nobody everywhere; the salesman receives nothing); 404 across tenants', async () => {
    const po = await approvedPo([{ i: 1, qty: 2 }]);
    const line = po.lines[0]!;
    const r = (await receipt(po.id, [{ poLineId: line.id, arrived: 1 }])).json();
    const body = { poId: po.id, lines: [{ poLineId: line.id, qtyArrived: 1, qtyAccepted: 1, qtyDamaged: 0 }] };
    for (const res of await Promise.all([
      app.get(app.nobody, base),
      app.get(app.nobody, `${base}/export`),
      app.get(app.nobody, `${base}/${r.id}`),
      app.post(app.nobody, base, body),
      app.put(app.nobody, `${base}/${r.id}`, body),
      app.del(app.nobody, `${base}/${r.id}`),
      app.post(app.nobody, `${base}/${r.id}/post`),
      app.post(app.nobody, `${base}/${r.id}/reverse`),
      app.post(app.salesman, base, body),
      app.post(app.salesman, `${base}/${r.id}/post`),
      app.post(app.finance, `${base}/${r.id}/post`),
    ]))
      expect(res.statusCode).toBe(403);
    const o = app.otherAdmin;
    expect((await app.get(o, `${base}/${r.id}`)).statusCode).toBe(404);
    expect((await app.put(o, `${base}/${r.id}`, body)).statusCode).toBe(404);
    expect((await app.del(o, `${base}/${r.id}`)).statusCode).toBe(404);
    expect((await app.post(o, `${base}/${r.id}/post`)).statusCode).toBe(404);
    expect((await app.post(o, `${base}/${r.id}/reverse`)).statusCode).toBe(404);
    expect(members(await app.post(o, base, body))).toEqual(['poId']);
    expect((await app.get(o, base)).json().items.some((x: { id: string }) => x.id === r.id)).toBe(false);
  });

  it('lists with search, filters, sorting and paging; exports', async () => {
    const po = await approvedPo([{ i: 0, qty: 2 }]);
    const r = (await receipt(po.id, [{ poLineId: po.lines[0]!.id, arrived: 2 }])).json();
    const byPo = (await app.get(app.demoAdmin, `${base}?filter=${po.poNo}`)).json();
    expect(byPo).toMatchObject({ totalCount: 1, items: [{ id: r.id, supplierName: expect.any(String) }] });
    expect((await app.get(app.demoAdmin, `${base}?poId=${po.id}&status=DRAFT`)).json().totalCount).toBe(1);
    expect((await app.get(app.demoAdmin, `${base}?poId=${po.id}&status=POSTED`)).json().totalCount).toBe(0);
    const sorted = (await app.get(app.demoAdmin, `${base}?sorting=receiptNo desc&maxResultCount=2`)).json();
    const nos = sorted.items.map((x: { receiptNo: string }) => x.receiptNo);
    expect(nos).toEqual([...nos].sort().reverse());
    expect(sorted.totalCount).toBeGreaterThan(2);
    const xlsx = await app.get(app.demoAdmin, `${base}/export?status=POSTED`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(new Decimal(r.freight).toString()).toBe('0');
  });
});

describe('reversing a receipt restores the valuation (hand-worked)', () => {
  const count = (countedQty: number) =>
    app.post(app.demoAdmin, '/api/trade/stock/adjustments', {
      mode: 'count',
      warehouseId,
      reason: 'reversal test',
      lines: [{ variantId: v[3]!.variantId, countedQty }],
    });
  const posted = async (po: Awaited<ReturnType<typeof approvedPo>>, qty: number) => {
    const r = (await receipt(po.id, [{ poLineId: po.lines[0]!.id, arrived: qty }])).json();
    expect((await app.post(app.demoAdmin, `${base}/${r.id}/post`)).statusCode).toBe(200);
    return r.id as string;
  };
  const now = () => stockOf(app.t, app.t.demo, warehouseId, v[3]!.variantId);
  const value = (s: { onHand: number; avgCost: string }) => new Decimal(s.avgCost).mul(s.onHand).toFixed(2);

  it('takes the units out at the cost they came in at: 10 at 17.8085, +6 at 95.50, reversed: 10 at 17.8085', async () => {
    expect((await count(0)).statusCode).toBe(200);
    // 10 × 2.50 USD × 7.1234 = 10 at 17.8085 (an empty snapshot takes the receipt's cost): 178.085 → 178.09
    await posted(await approvedPo([{ i: 3, qty: 10, price: '2.5' }], { currency: 'USD', fxRate: '7.1234' }), 10);
    expect(await now()).toMatchObject({ onHand: 10, avgCost: '17.8085' });
    expect(value(await now())).toBe('178.09');
    // + 6 at 95.50: (178.085 + 573.00) ÷ 16 = 751.085 ÷ 16 = 46.9428125 → 46.9428
    const po = await approvedPo([{ i: 3, qty: 6, price: '95.5' }], { currency: 'CNY', fxRate: '1' });
    const second = await posted(po, 6);
    expect(await now()).toMatchObject({ onHand: 16, avgCost: '46.9428' });
    // reversed at 95.50, not at the average: (16 × 46.9428 − 6 × 95.50) ÷ 10 = (751.0848 − 573.00) ÷ 10
    // = 17.80848 → 17.8085: 10 at 17.8085 = 178.09 again (at the average it would stay 46.9428, 469.43)
    const rev = await app.post(app.demoAdmin, `${base}/${second}/reverse`);
    expect(rev.statusCode, rev.body).toBe(200);
    expect(await now()).toMatchObject({ onHand: 10, avgCost: '17.8085' });
    expect(value(await now())).toBe('178.09');
    const last = (await ledgerOf(app.t, app.t.demo, warehouseId, v[3]!.variantId)).at(-1)!;
    expect(last).toMatchObject({ type: 'PO_REVERSAL', qtyChange: -6, unitCost: '95.5000', avgCostAfter: '17.8085' });
  });

  it('refuses (400 naming the line) when units of the receipt left stock since; takes the rest at its cost', async () => {
    // 10 at 17.8085 (above) + 6 at 95.50 again → 16 at 46.9428
    const po = await approvedPo([{ i: 3, qty: 6, price: '95.5' }], { currency: 'CNY', fxRate: '1' });
    const id = await posted(po, 6);
    // 11 leave (a count to 5): the receipt's 6 are no longer all on hand
    expect((await count(5)).statusCode).toBe(200);
    const refused = await app.post(app.demoAdmin, `${base}/${id}/reverse`);
    expect(refused.statusCode).toBe(400);
    expect(members(refused)).toEqual(['lines.0.qtyAccepted']);
    expect(refused.json().error.validationErrors[0].message).toContain(v[3]!.sku);
    expect(await now()).toMatchObject({ onHand: 5, avgCost: '46.9428' });
    expect((await app.get(app.demoAdmin, `${base}/${id}`)).json().reversedById).toBeNull();
    // with 9 on hand (count up to 9 keeps the average: 9 × 46.9428 = 422.4852), the 6 go at 95.50:
    // 422.4852 − 573.00 < 0, so what is left (3) is valued at 0, never below
    expect((await count(9)).statusCode).toBe(200);
    expect((await app.post(app.demoAdmin, `${base}/${id}/reverse`)).statusCode).toBe(200);
    expect(await now()).toMatchObject({ onHand: 3, avgCost: '0.0000' });
  });
});
