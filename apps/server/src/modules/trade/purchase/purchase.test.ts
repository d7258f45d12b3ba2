import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { receiveDemo } from '../receiving/seed.ts';
import { useTradeApp, warehousesOf } from '../test-support.ts';
import { replenishment } from './replenishment.ts';
import { seedDemo } from './seed.ts';
import { linkedVariants, stockOf } from './test-support.ts';

const app = useTradeApp();
const base = '/api/trade/purchase-orders';
type Linked = Awaited<ReturnType<typeof linkedVariants>>[number];
let warehouseId: string;
let secondWarehouseId: string;
let v: Linked[];

beforeAll(async () => {
  const ws = await warehousesOf(app.t, app.t.demo);
  warehouseId = ws[0]!.id;
  secondWarehouseId = ws[1]!.id;
  v = await linkedVariants(app.t, app.t.demo, 6);
  expect(v.length).toBeGreaterThanOrEqual(4);
});

/** Where a tier (sorted by minimum) applies: the price the server should default to for `qty`. */
function expectedPrice(link: Linked, qty: number): string {
  const tier = [...link.tiers].sort((a, b) => b.minQty - a.minQty).find((t) => t.minQty <= qty);
  return new Decimal(tier ? tier.unitPrice : link.purchasePrice).toFixed(4);
}

const draft = async (lines = [{ i: 0, qty: 5 }], extra: object = {}) => {
  const res = await app.post(app.demoAdmin, base, {
    supplierId: v[lines[0]?.i ?? 0]!.supplierId,
    warehouseId,
    lines: lines.map((l) => ({ variantId: v[l.i]!.variantId, qtyOrdered: l.qty })),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('purchase orders: create, read, edit, delete', () => {
  it('creates a draft with prices defaulted from the supplier tiers, totals computed, number of the day', async () => {
    const link = v[0]!;
    const big = Math.max(...link.tiers.map((t) => t.minQty));
    const res = await app.post(app.demoAdmin, base, {
      supplierId: link.supplierId,
      warehouseId,
      freight: '12.50',
      discount: '2',
      lines: [
        { variantId: link.variantId, qtyOrdered: 1, taxRate: '13' },
        { variantId: link.variantId, qtyOrdered: big },
        { variantId: link.variantId, qtyOrdered: 3, unitPrice: '1.2345' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const po = res.json();
    expect(po.poNo).toMatch(/^PO-\d{8}-\d{4}$/);
    expect(po.status).toBe('DRAFT');
    expect(po.paymentStatus).toBe('UNPAID');
    expect(po.currency).toBe('CNY');
    expect(po.fxRate).toBe('1');
    expect(po.lines.map((l: { unitPrice: string }) => l.unitPrice)).toEqual([
      expectedPrice(link, 1),
      expectedPrice(link, big),
      '1.2345',
    ]);
    // the highest tier applies at its minimum
    expect(po.lines[1].unitPrice).toBe(new Decimal(link.tiers.find((t) => t.minQty === big)!.unitPrice).toFixed(4));
    const a1 = new Decimal(expectedPrice(link, 1)).toDecimalPlaces(2);
    const a2 = new Decimal(expectedPrice(link, big)).mul(big).toDecimalPlaces(2);
    const a3 = new Decimal('3.7035').toDecimalPlaces(2);
    const tax = a1.mul('0.13').toDecimalPlaces(2);
    expect(po.goodsAmount).toBe(a1.add(a2).add(a3).toFixed(2));
    expect(po.tax).toBe(tax.toFixed(2));
    expect(po.total).toBe(a1.add(a2).add(a3).add(tax).add('12.5').sub(2).toFixed(2));
    expect(po.allowedActions).toEqual(expect.arrayContaining(['edit', 'delete', 'submit', 'cancel']));

    const got = await app.get(app.demoAdmin, `${base}/${po.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().lines).toHaveLength(3);
    expect(got.json().events[0].event).toBe('Created');
  });

  it('numbers POs of one day one after another', async () => {
    const a = await draft();
    const b = await draft();
    expect(Number(b.poNo.slice(-4))).toBe(Number(a.poNo.slice(-4)) + 1);
  });

  it('prices in another currency through the tenant rates (USD = 7.12 CNY by default)', async () => {
    const link = v[1]!;
    const res = await app.post(app.demoAdmin, `${base}/prices`, {
      supplierId: link.supplierId,
      currency: 'USD',
      lines: [{ variantId: link.variantId, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].unitPrice).toBe(
      new Decimal(expectedPrice(link, 1)).div('7.12').toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4),
    );
    const po = await draft([{ i: 1, qty: 2 }], { currency: 'USD' });
    expect(po.fxRate).toBe('7.12');
  });

  it('edits a draft (lines replaced, stamp checked) and deletes it', async () => {
    const po = await draft();
    const put = await app.put(app.demoAdmin, `${base}/${po.id}`, {
      supplierId: po.supplierId,
      warehouseId: secondWarehouseId,
      remark: '改一下',
      concurrencyStamp: po.concurrencyStamp,
      lines: [{ variantId: v[0]!.variantId, qtyOrdered: 7, unitPrice: '2' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ warehouseId: secondWarehouseId, remark: '改一下', goodsAmount: '14.00' });
    expect(put.json().lines).toHaveLength(1);
    const stale = await app.put(app.demoAdmin, `${base}/${po.id}`, {
      supplierId: po.supplierId,
      warehouseId,
      concurrencyStamp: po.concurrencyStamp,
      lines: [],
    });
    expect(stale.statusCode).toBe(409);
    expect((await app.del(app.demoAdmin, `${base}/${po.id}`)).statusCode).toBe(204);
    expect((await app.get(app.demoAdmin, `${base}/${po.id}`)).statusCode).toBe(404);
  });

  it('400 naming the field', async () => {
    const bad = (body: object) => app.post(app.demoAdmin, base, body);
    const ok = { supplierId: v[0]!.supplierId, warehouseId, lines: [{ variantId: v[0]!.variantId, qtyOrdered: 1 }] };
    expect(members(await bad({ ...ok, supplierId: undefined }))).toContain('supplierId');
    expect(members(await bad({ ...ok, supplierId: crypto.randomUUID() }))).toEqual(['supplierId']);
    expect(members(await bad({ ...ok, warehouseId: crypto.randomUUID() }))).toEqual(['warehouseId']);
    expect(members(await bad({ ...ok, lines: [{ variantId: crypto.randomUUID(), qtyOrdered: 1 }] }))).toEqual([
      'lines[0].variantId',
    ]);
    expect(members(await bad({ ...ok, lines: [{ variantId: v[0]!.variantId, qtyOrdered: 0 }] }))[0]).toMatch(
      /lines.*0.*qtyOrdered/,
    );
    expect(members(await bad({ ...ok, currency: 'XYZ' }))).toEqual(['fxRate']);
    expect(members(await bad({ ...ok, discount: '99999999' }))).toEqual(['discount']);
    // a supplier without a link to the product: no default price
    const unlinked = await app.post(app.demoAdmin, '/api/catalog/suppliers', {
      code: 'PO-UNLINKED',
      fullName: '未关联供应商',
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const noPrice = await bad({ ...ok, supplierId: unlinked.json().id });
    expect(noPrice.statusCode).toBe(400);
    expect(members(noPrice)).toEqual(['lines[0].unitPrice']);
    const empty = await draft([], {});
    const submit = await app.post(app.demoAdmin, `${base}/${empty.id}/submit`);
    expect(submit.statusCode).toBe(400);
    expect(members(submit)).toEqual(['lines']);
    const po = await draft();
    await app.post(app.demoAdmin, `${base}/${po.id}/submit`);
    const reject = await app.post(app.demoAdmin, `${base}/${po.id}/reject`, { reason: '  ' });
    expect(members(reject)).toEqual(['reason']);
    expect(members(await app.get(app.demoAdmin, `${base}?sorting=nope`))).toEqual(['sorting']);
  });
});

describe('purchase orders: the state machine through HTTP', () => {
  it('submit → approve puts the ordered quantity in transit; cancel takes it out', async () => {
    const link = v[2]!;
    const before = await stockOf(app.t, app.t.demo, warehouseId, link.variantId);
    const po = await draft([{ i: 2, qty: 11 }]);
    const submitted = await app.post(app.demoAdmin, `${base}/${po.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'SUBMITTED' });
    expect(submitted.json().submittedAt).toBeTruthy();
    const approved = await app.post(app.demoAdmin, `${base}/${po.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', approvedBy: 'admin' });
    expect((await stockOf(app.t, app.t.demo, warehouseId, link.variantId)).inTransit).toBe(before.inTransit + 11);
    const cancelled = await app.post(app.demoAdmin, `${base}/${po.id}/cancel`);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect((await stockOf(app.t, app.t.demo, warehouseId, link.variantId)).inTransit).toBe(before.inTransit);
    const events = (await app.get(app.demoAdmin, `${base}/${po.id}`)).json().events;
    expect(events.map((e: { event: string }) => e.event)).toEqual(['Created', 'submit', 'approve', 'cancel']);
  });

  it('409 for every refused action, naming the state and the action in the user language', async () => {
    const po = await draft();
    const approveDraft = await app.post(app.demoAdmin, `${base}/${po.id}/approve`);
    expect(approveDraft.statusCode).toBe(409);
    expect(approveDraft.json().error.message).toBe('Not allowed while it is Draft: approve.');
    expect((await app.post(app.demoAdmin, `${base}/${po.id}/close-short`)).statusCode).toBe(409);
    expect((await app.post(app.demoAdmin, `${base}/${po.id}/reject`, { reason: 'x' })).statusCode).toBe(409);
    expect(
      (await app.put(app.demoAdmin, `${base}/${po.id}/payment-status`, { paymentStatus: 'PAID' })).statusCode,
    ).toBe(409);
    await app.post(app.demoAdmin, `${base}/${po.id}/submit`);
    const again = await app.post(app.demoAdmin, `${base}/${po.id}/submit`);
    expect(again.statusCode).toBe(409);
    const zh = await app.t.app.inject({
      method: 'POST',
      url: `${base}/${po.id}/submit`,
      headers: { authorization: `Bearer ${app.demoAdmin}`, 'accept-language': 'zh-Hans' },
    });
    expect(zh.json().error.message).toBe('当前状态为“待审核”,不能提交。');
    const edit = await app.put(app.demoAdmin, `${base}/${po.id}`, {
      supplierId: po.supplierId,
      warehouseId,
      lines: [{ variantId: v[0]!.variantId, qtyOrdered: 1, unitPrice: '1' }],
    });
    expect(edit.statusCode).toBe(409);
    expect((await app.del(app.demoAdmin, `${base}/${po.id}`)).statusCode).toBe(409);
    await app.post(app.demoAdmin, `${base}/${po.id}/approve`);
    expect((await app.post(app.demoAdmin, `${base}/${po.id}/close-short`)).statusCode).toBe(409);
    expect((await app.post(app.demoAdmin, `${base}/${po.id}/approve`)).statusCode).toBe(409);
    await app.post(app.demoAdmin, `${base}/${po.id}/cancel`);
    for (const action of ['submit', 'approve', 'cancel', 'close-short'])
      expect((await app.post(app.demoAdmin, `${base}/${po.id}/${action}`)).statusCode).toBe(409);
  });

  it('reject needs a reason and sends the PO back to draft with it', async () => {
    const po = await draft();
    await app.post(app.demoAdmin, `${base}/${po.id}/submit`);
    const res = await app.post(app.demoAdmin, `${base}/${po.id}/reject`, { reason: '价格太高' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DRAFT', rejectReason: '价格太高' });
    const events = (await app.get(app.demoAdmin, `${base}/${po.id}`)).json().events;
    expect(events.at(-1)).toMatchObject({
      event: 'reject',
      message: '价格太高',
      fromStatus: 'SUBMITTED',
      toStatus: 'DRAFT',
    });
  });

  it('payment status on its own track, with Trade.Purchase.Pay (finance yes, stockman no)', async () => {
    const po = await draft();
    await app.post(app.demoAdmin, `${base}/${po.id}/submit`);
    expect((await app.put(app.stockman, `${base}/${po.id}/payment-status`, { paymentStatus: 'PAID' })).statusCode).toBe(
      403,
    );
    const res = await app.put(app.finance, `${base}/${po.id}/payment-status`, { paymentStatus: 'REQUESTED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUBMITTED', paymentStatus: 'REQUESTED' });
    expect(
      members(await app.put(app.finance, `${base}/${po.id}/payment-status`, { paymentStatus: 'MAYBE' }))[0],
    ).toContain('paymentStatus');
  });

  it('exception flag in any open state', async () => {
    const po = await draft();
    const res = await app.put(app.demoAdmin, `${base}/${po.id}/exception`, { exception: true, remark: '缺货' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ exception: true, status: 'DRAFT' });
  });
});

describe('purchase orders: permissions and tenants', () => {
  let po: { id: string };
  beforeAll(async () => {
    po = await draft();
  });

  it('403 for a user without roles on every endpoint', async () => {
    const calls = [
      app.get(app.nobody, base),
      app.get(app.nobody, `${base}/counts`),
      app.get(app.nobody, `${base}/export`),
      app.get(app.nobody, `${base}/lookups`),
      app.get(app.nobody, `${base}/variants`),
      app.post(app.nobody, `${base}/prices`, {}),
      app.get(app.nobody, `${base}/suggestions`),
      app.post(app.nobody, `${base}/suggestions/draft`, {}),
      app.get(app.nobody, `${base}/${po.id}`),
      app.get(app.nobody, `${base}/${po.id}/print`),
      app.post(app.nobody, base, {}),
      app.put(app.nobody, `${base}/${po.id}`, {}),
      app.del(app.nobody, `${base}/${po.id}`),
      app.post(app.nobody, `${base}/${po.id}/submit`),
      app.post(app.nobody, `${base}/${po.id}/approve`),
      app.post(app.nobody, `${base}/${po.id}/reject`, { reason: 'x' }),
      app.post(app.nobody, `${base}/${po.id}/cancel`),
      app.post(app.nobody, `${base}/${po.id}/close-short`),
      app.put(app.nobody, `${base}/${po.id}/payment-status`, { paymentStatus: 'PAID' }),
      app.put(app.nobody, `${base}/${po.id}/exception`, { exception: true }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
  });

  it('the salesman cannot approve; the stockman submits but cannot approve', async () => {
    const mine = await draft();
    expect((await app.post(app.stockman, `${base}/${mine.id}/submit`)).statusCode).toBe(200);
    expect((await app.post(app.salesman, `${base}/${mine.id}/approve`)).statusCode).toBe(403);
    expect((await app.post(app.stockman, `${base}/${mine.id}/approve`)).statusCode).toBe(403);
    expect((await app.post(app.stockman, `${base}/${mine.id}/reject`, { reason: 'x' })).statusCode).toBe(403);
  });

  it("another tenant's ids are 404 everywhere", async () => {
    const o = app.otherAdmin;
    expect((await app.get(o, `${base}/${po.id}`)).statusCode).toBe(404);
    expect((await app.get(o, `${base}/${po.id}/print`)).statusCode).toBe(404);
    expect((await app.put(o, `${base}/${po.id}/payment-status`, { paymentStatus: 'PAID' })).statusCode).toBe(404);
    expect((await app.put(o, `${base}/${po.id}/exception`, { exception: true })).statusCode).toBe(404);
    for (const action of ['submit', 'approve', 'cancel', 'close-short'])
      expect((await app.post(o, `${base}/${po.id}/${action}`)).statusCode).toBe(404);
    expect((await app.post(o, `${base}/${po.id}/reject`, { reason: 'x' })).statusCode).toBe(404);
    expect((await app.del(o, `${base}/${po.id}`)).statusCode).toBe(404);
    expect((await app.get(o, base)).json().items.some((x: { id: string }) => x.id === po.id)).toBe(false);
    // the demo's supplier is not the other tenant's
    const put = await app.post(o, base, { supplierId: v[0]!.supplierId, warehouseId, lines: [] });
    expect(put.statusCode).toBe(400);
  });
});

describe('purchase orders: list, counts, export, print, lookups', () => {
  it('filters by status, supplier, warehouse and text; sorts; pages; counts per status', async () => {
    const po = await draft([{ i: 3, qty: 4 }], { remark: 'zz-find-me' });
    const found = await app.get(app.demoAdmin, `${base}?filter=zz-find-me`);
    expect(found.json()).toMatchObject({ totalCount: 1, items: [{ id: po.id, qtyOrdered: 4, qtyReceived: 0 }] });
    const bySku = await app.get(app.demoAdmin, `${base}?filter=${encodeURIComponent(v[3]!.sku)}&status=DRAFT`);
    expect(bySku.json().items.map((x: { id: string }) => x.id)).toContain(po.id);
    const bySupplier = await app.get(
      app.demoAdmin,
      `${base}?supplierId=${v[3]!.supplierId}&warehouseId=${warehouseId}`,
    );
    expect(bySupplier.json().items.every((x: { supplierId: string }) => x.supplierId === v[3]!.supplierId)).toBe(true);
    // days are the tenant's: yesterday to tomorrow (UTC) holds today wherever the tenant is
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await app.get(app.demoAdmin, `${base}?from=${day(-1)}&to=${day(1)}`)).json().totalCount).toBeGreaterThan(0);
    expect((await app.get(app.demoAdmin, `${base}?from=2000-01-01&to=2000-01-02`)).json().totalCount).toBe(0);
    const sorted = await app.get(app.demoAdmin, `${base}?sorting=poNo asc&maxResultCount=3&skipCount=1`);
    const nos = sorted.json().items.map((x: { poNo: string }) => x.poNo);
    expect(nos).toEqual([...nos].sort());
    expect(nos.length).toBeLessThanOrEqual(3);
    const counts = (await app.get(app.demoAdmin, `${base}/counts`)).json();
    expect(counts.capped).toBe(false);
    expect(counts.total).toBe(
      ['DRAFT', 'SUBMITTED', 'APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED'].reduce(
        (n, s) => n + counts.counts[s],
        0,
      ),
    );
    expect(counts.counts.DRAFT).toBe((await app.get(app.demoAdmin, `${base}?status=DRAFT`)).json().totalCount);
    expect(members(await app.get(app.demoAdmin, `${base}?sorting=evil`))).toEqual(['sorting']);
    expect(members(await app.get(app.demoAdmin, `${base}?paymentStatus=SOME`))).toEqual(['paymentStatus']);
  });

  it('exports the list as Excel and prints one PO as an HTML page', async () => {
    const po = await draft();
    const xlsx = await app.get(app.demoAdmin, `${base}/export?status=DRAFT`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const print = await app.get(app.demoAdmin, `${base}/${po.id}/print`);
    expect(print.statusCode).toBe(200);
    expect(print.headers['content-type']).toContain('text/html');
    expect(print.body).toContain(po.poNo);
    expect(print.body).toContain(v[0]!.sku);
  });

  it('lookups: suppliers, warehouses, currency and rates; SKU search', async () => {
    const l = (await app.get(app.demoAdmin, `${base}/lookups`)).json();
    expect(l.suppliers.length).toBeGreaterThan(0);
    expect(l.warehouses[0].isDefault).toBe(true);
    expect(l.currency).toBe('CNY');
    expect(l.rates.USD).toBeTruthy();
    const found = (await app.get(app.demoAdmin, `${base}/variants?filter=${encodeURIComponent(v[0]!.sku)}`)).json();
    expect(found.items[0].variantId).toBe(v[0]!.variantId);
  });
});

describe('replenishment', () => {
  it('suggests from the last N days of sales, lead days, cover days and the stock position', async () => {
    const link = v[4]!;
    const url = `${base}/suggestions?warehouseId=${warehouseId}&days=10&all=true`;
    const rowOf = (items: { variantId: string; sold: number }[]) => items.find((x) => x.variantId === link.variantId);
    // the demo's own orders (another area's seed) may already sell the SKU
    const already = rowOf((await app.get(app.demoAdmin, url)).json().items)?.sold ?? 0;
    // 60 units sold over the last 10 days in the default warehouse, 5 in a cancelled order, 100 long ago
    const now = Date.now();
    await app.t.services.data.inTenant({ tenant: app.t.demo }, async (tx) => {
      const make = async (no: string, status: 'Paid' | 'Cancel', daysAgo: number, qty: number) => {
        const [o] = await tx
          .insert(salesOrders)
          .values({
            tenantId: app.t.demo.id,
            orderNo: no,
            source: 'MANUAL',
            status,
            currency: 'CNY',
            orderedAt: new Date(now - daysAgo * 86_400_000),
            warehouseId,
          })
          .returning();
        await tx.insert(salesOrderLines).values({
          tenantId: app.t.demo.id,
          orderId: o!.id,
          lineNo: 1,
          sellerSku: link.sku,
          variantId: link.variantId,
          sku: link.sku,
          name: link.sku,
          quantity: qty,
          unitPrice: '10',
        });
      };
      await make(`T-REPL-1-${now}`, 'Paid', 2, 40);
      await make(`T-REPL-2-${now}`, 'Paid', 9, 20);
      await make(`T-REPL-3-${now}`, 'Cancel', 3, 5);
      await make(`T-REPL-4-${now}`, 'Paid', 40, 100);
    });
    const s = await stockOf(app.t, app.t.demo, warehouseId, link.variantId);
    const res = await app.get(app.demoAdmin, url);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().items.find((x: { variantId: string }) => x.variantId === link.variantId);
    expect(row).toBeTruthy();
    expect(row.sold).toBe(already + 60);
    const sold = row.sold as number;
    expect(row.dailySales).toBe(new Decimal(sold).div(10).toFixed(4));
    expect(row.coverDays).toBe(14);
    expect(row.supplierId).toBe(link.supplierId);
    const lead = row.leadDays;
    // by hand: sold / 10 × (lead + 14) + safety − (onHand − reserved + inTransit), rounded up
    const want = Math.max(0, Math.ceil((sold * (lead + 14)) / 10 + s.safety - (s.onHand - s.reserved + s.inTransit)));
    expect(row.suggested).toBe(want);
    expect(row.suggested).toBe(
      replenishment({
        sold,
        days: 10,
        leadDays: lead,
        coverDays: 14,
        safety: s.safety,
        onHand: s.onHand,
        reserved: s.reserved,
        inTransit: s.inTransit,
      }).suggested,
    );
    expect(row.unitPrice).toBe(expectedPrice(link, want));
    // the setting's window (30 days) by default takes the same orders
    const byDefault = (await app.get(app.demoAdmin, `${base}/suggestions?warehouseId=${warehouseId}`)).json();
    expect(byDefault.items.find((x: { variantId: string }) => x.variantId === link.variantId)?.days).toBe(30);
    expect(members(await app.get(app.demoAdmin, `${base}/suggestions?days=0`))).toEqual(['days']);
  });

  it('makes one draft PO per supplier from the chosen suggestions, in one transaction', async () => {
    const a = v[0]!;
    const b = v.find((x) => x.supplierId !== a.supplierId);
    const lines = [
      { variantId: a.variantId, quantity: 12 },
      ...(b ? [{ variantId: b.variantId, quantity: 3 }] : []),
      { variantId: v[1]!.variantId, quantity: 2 },
    ];
    const res = await app.post(app.stockman, `${base}/suggestions/draft`, { warehouseId, lines });
    expect(res.statusCode, res.body).toBe(200);
    const suppliers = new Set([a.supplierId, v[1]!.supplierId, ...(b ? [b.supplierId] : [])]);
    expect(res.json().ids).toHaveLength(suppliers.size);
    for (const id of res.json().ids) {
      const po = (await app.get(app.demoAdmin, `${base}/${id}`)).json();
      expect(po.status).toBe('DRAFT');
      expect(po.warehouseId).toBe(warehouseId);
      for (const line of po.lines) {
        const link = v.find((x) => x.variantId === line.variantId)!;
        expect(link.supplierId).toBe(po.supplierId);
        expect(line.unitPrice).toBe(expectedPrice(link, line.qtyOrdered));
      }
    }
    // a bad line anywhere makes nothing
    const before = (await app.get(app.demoAdmin, `${base}/counts`)).json().counts.DRAFT;
    const bad = await app.post(app.demoAdmin, `${base}/suggestions/draft`, {
      warehouseId,
      lines: [lines[0], { variantId: crypto.randomUUID(), quantity: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toEqual(['lines[1].variantId']);
    expect((await app.get(app.demoAdmin, `${base}/counts`)).json().counts.DRAFT).toBe(before);
    expect(
      members(await app.post(app.demoAdmin, `${base}/suggestions/draft`, { warehouseId: crypto.randomUUID(), lines })),
    ).toEqual(['warehouseId']);
    expect((await app.post(app.salesman, `${base}/suggestions/draft`, { warehouseId, lines })).statusCode).toBe(403);
  });
});

describe('demo seed', () => {
  it('has POs in every state, the received ones with posted receipts; seeding again adds nothing', async () => {
    const counts = (await app.get(app.demoAdmin, `${base}/counts`)).json();
    for (const s of ['DRAFT', 'SUBMITTED', 'APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED'])
      expect(counts.counts[s], s).toBeGreaterThan(0);
    const received = (await app.get(app.demoAdmin, `${base}?status=RECEIVED&sorting=poNo asc`)).json().items;
    expect(received.some((p: { closedShort: boolean }) => p.closedShort)).toBe(true);
    const receipts = (await app.get(app.demoAdmin, `/api/trade/receipts?poId=${received[0].id}`)).json();
    expect(receipts.items.length).toBeGreaterThan(0);
    expect(receipts.items.every((r: { status: string }) => r.status === 'POSTED')).toBe(true);
    await seedDemo(app.t.services, app.t.demo, receiveDemo(app.t.services));
    expect((await app.get(app.demoAdmin, `${base}/counts`)).json().total).toBe(counts.total);
  });
});
