import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { weekStart } from '../../marketplace-simulator/finance.ts';
import { simOrderLines, simOrders } from '../../marketplace-simulator/schema.ts';
import { marketplaceShops } from '../../marketplaces/index.ts';
import { connectShop } from '../../marketplaces/shops/testing.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { stock } from '../stock/schema.ts';
import { useTradeApp, variantsOf, warehousesOf } from '../test-support.ts';

const app = useTradeApp();
const { get, post, put, del } = app;
const base = '/api/trade/finance';
const DAY = 86_400_000;
// a settled, paid week: three weeks ago
const monday = new Date(weekStart(new Date()).getTime() - 21 * DAY);
const from = monday.toISOString().slice(0, 10);
const to = new Date(monday.getTime() + 6 * DAY).toISOString().slice(0, 10);
const SN = '910000000000001';
let shopId: string;
let sellerId: string;
let orderId: string;
let unitCost: string;
let sku: string;

beforeAll(async () => {
  const { t } = app;
  shopId = (await connectShop(t, 'demo', 'LAZADA', 'MY')).shopId;
  const [shop] = await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
    tx.select().from(marketplaceShops).where(eq(marketplaceShops.id, shopId)),
  );
  sellerId = shop!.sellerId!;
  const at = new Date(monday.getTime() + DAY + 3_600_000);
  // the simulator's order: 2 × 47.50 + 5.00 shipping
  await t.services.data.unscoped(async (tx) => {
    const [o] = await tx
      .insert(simOrders)
      .values({
        platform: 'lazada',
        shopId: sellerId,
        orderSn: SN,
        status: 'delivered',
        currency: 'MYR',
        total: '95.00',
        shippingFee: '5.00',
        data: {},
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx
      .insert(simOrderLines)
      .values({ orderId: o!.id, itemId: 1, skuId: 1, sellerSku: 'FIN-1', name: 'Item', quantity: 2, price: '47.50' });
  });
  // the same order as pulled into the product
  const [variant] = await variantsOf(t, t.demo, 1);
  sku = variant!.sku;
  const [warehouse] = await warehousesOf(t, t.demo);
  await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
    const [o] = await tx
      .insert(salesOrders)
      .values({
        tenantId: t.demo.id,
        orderNo: 'SO-FIN-1',
        source: 'MARKETPLACE',
        platform: 'LAZADA',
        shopId,
        platformOrderId: SN,
        status: 'Processing',
        currency: 'MYR',
        goodsAmount: '95.00',
        shippingFee: '5.00',
        total: '100.00',
        orderedAt: at,
        warehouseId: warehouse!.id,
      })
      .returning();
    orderId = o!.id;
    await tx.insert(salesOrderLines).values({
      tenantId: t.demo.id,
      orderId,
      lineNo: 1,
      sellerSku: variant!.sku,
      variantId: variant!.variantId,
      sku: variant!.sku,
      name: 'Item',
      quantity: 2,
      unitPrice: '47.50',
      amount: '95.00',
    });
    const [s] = await tx
      .select({ avgCost: stock.avgCost })
      .from(stock)
      .where(and(eq(stock.variantId, variant!.variantId), eq(stock.warehouseId, warehouse!.id)));
    unitCost = s?.avgCost ?? '0';
  });
}, 120_000);

describe('statements', () => {
  let statementId: string;

  it('pulls the week’s statement with its lines, tied to the sales order; twice gives the same', async () => {
    const first = await post(app.demoAdmin, `${base}/statements/pull`, { shopId, from, to });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: 1, updated: 0, lines: 8, statementNos: [`${sellerId}-${from}`] });
    const again = await post(app.finance, `${base}/statements/pull`, { shopId, from, to });
    expect(again.json()).toMatchObject({ created: 0, updated: 1, lines: 8 });
    const list = await get(app.demoAdmin, `${base}/statements?shopId=${shopId}&filter=${sellerId}-`);
    expect(list.json().totalCount).toBe(1);
    const s = list.json().items[0];
    statementId = s.id;
    expect(s).toMatchObject({
      statementNo: `${sellerId}-${from}`,
      periodStart: from,
      periodEnd: to,
      currency: 'MYR',
      grossSales: '95.00',
      shippingFees: '5.00',
      fees: '-5.80',
      netAmount: '94.20',
      status: 'PAID',
      matchedAmount: '0.00',
      matchedStatus: 'UNMATCHED',
      lineCount: 8,
    });
    const detail = await get(app.demoAdmin, `${base}/statements/${statementId}`);
    expect(detail.statusCode).toBe(200);
    const lines = detail.json().lines as Array<{ feeType: string; amount: string; orderId: string }>;
    expect(lines).toHaveLength(8);
    expect(lines.every((l) => l.orderId === orderId)).toBe(true);
    expect(lines.filter((l) => l.feeType === 'COMMISSION').map((l) => l.amount)).toEqual(['-1.90', '-1.90']);
  });

  it('filters the list by period overlap and matching, sorts by the declared keys only', async () => {
    const q = `shopId=${shopId}&filter=${sellerId}-`;
    const count = async (more: string) =>
      (await get(app.demoAdmin, `${base}/statements?${q}&${more}`)).json().totalCount;
    expect(await count(`from=${to}&to=${to}`)).toBe(1);
    expect(await count(`from=${from}&to=${from}`)).toBe(1);
    expect(await count('to=2000-01-01')).toBe(0);
    expect(await count('from=2999-01-01')).toBe(0);
    expect(await count('matchedStatus=UNMATCHED')).toBe(1);
    expect(await count('matchedStatus=MATCHED')).toBe(0);
    expect(await count('sorting=netAmount desc')).toBe(1);
    expect(members(await get(app.demoAdmin, `${base}/statements?sorting=evil`))).toEqual(['sorting']);
    expect(members(await get(app.demoAdmin, `${base}/statements?matchedStatus=SOME`))).toEqual(['matchedStatus']);
    expect(members(await get(app.demoAdmin, `${base}/statements?from=someday`))).toEqual(['from']);
  });

  it('exports the list', async () => {
    const res = await get(app.demoAdmin, `${base}/statements/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses: nobody and the salesman (403), another tenant (404), bad input (400 naming the field)', async () => {
    expect((await get(app.nobody, `${base}/statements`)).statusCode).toBe(403);
    expect((await post(app.salesman, `${base}/statements/pull`, { shopId, from, to })).statusCode).toBe(403);
    expect((await post(app.nobody, `${base}/statements/pull`, { shopId, from, to })).statusCode).toBe(403);
    expect((await get(app.otherAdmin, `${base}/statements/${statementId}`)).statusCode).toBe(404);
    expect((await get(app.otherAdmin, `${base}/statements`)).json().totalCount).toBe(0);
    expect((await post(app.otherAdmin, `${base}/statements/pull`, { shopId, from, to })).statusCode).toBe(404);
    const backwards = await post(app.demoAdmin, `${base}/statements/pull`, { shopId, from: to, to: from });
    expect(backwards.statusCode).toBe(400);
    expect(members(backwards)).toEqual(['to']);
    const long = await post(app.demoAdmin, `${base}/statements/pull`, { shopId, from: '2024-01-01', to: '2024-06-01' });
    expect(members(long)).toEqual(['to']);
    const bad = await post(app.demoAdmin, `${base}/statements/pull`, { shopId, from: 'x', to });
    expect(members(bad)).toEqual(['from']);
  });
});

describe('arrivals and matching', () => {
  let statementId: string;
  const arrival = (fromAmount: string, extra: object = {}) => ({
    shopId,
    payService: 'payoneer',
    paymentType: 10,
    payoutTime: new Date().toISOString(),
    fromCurrency: 'MYR',
    fromAmount,
    payoutCurrency: 'CNY',
    payoutAmount: new Decimal(fromAmount).mul('1.55').toFixed(2),
    fxRate: '1.55',
    fee: '0.50',
    ...extra,
  });

  beforeAll(async () => {
    statementId = (await get(app.demoAdmin, `${base}/statements?shopId=${shopId}&filter=${sellerId}-`)).json().items[0]
      .id;
  });

  it('saves an arrival with every cache cold (its unit reads the tenant currency inside its own transaction)', async () => {
    // the settings, features, tenants and grants read in the middle of the arrival's unit of work
    await app.t.services.cache.invalidate('');
    await app.t.services.pages.invalidate('');
    const res = await post(app.finance, `${base}/arrivals`, arrival('3.00', { remark: 'cold' }));
    expect(res.statusCode, res.body).toBe(200);
    // the server still answers afterwards (a nested unit of work on PGlite used to freeze it)
    expect((await get(app.demoAdmin, `${base}/arrivals?filter=${res.json().arrivalNo}`)).json().totalCount).toBe(1);
    const listed = async (more: string) =>
      (await get(app.demoAdmin, `${base}/arrivals?filter=${res.json().arrivalNo}&${more}`)).json().totalCount;
    expect(await listed('matchedStatus=UNMATCHED&sorting=receivedAmount desc')).toBe(1);
    expect(await listed('matchedStatus=MATCHED')).toBe(0);
    expect(await listed('from=2999-01-01')).toBe(0);
    expect(members(await get(app.demoAdmin, `${base}/arrivals?sorting=remark`))).toEqual(['sorting']);
    expect((await get(app.nobody, `${base}/arrivals`)).statusCode).toBe(403);
    expect((await del(app.finance, `${base}/arrivals/${res.json().id}`)).statusCode).toBe(204);
  });

  it('creates, edits, lists, exports and deletes an arrival; received amount = payout − fee', async () => {
    const res = await post(app.finance, `${base}/arrivals`, arrival('10.00', { remark: 'first' }));
    expect(res.statusCode, res.body).toBe(200);
    // 10 × 1.55 = 15.50 − 0.50
    expect(res.json()).toMatchObject({
      receivedAmount: '15.00',
      currency: 'CNY',
      matchedStatus: 'UNMATCHED',
      paymentType: 10,
    });
    const id = res.json().id;
    const edited = await put(app.finance, `${base}/arrivals/${id}`, {
      ...arrival('12.00'),
      receivedAmount: '18.00',
      concurrencyStamp: res.json().concurrencyStamp,
    });
    expect(edited.json()).toMatchObject({ fromAmount: '12.00', receivedAmount: '18.00' });
    expect((await get(app.demoAdmin, `${base}/arrivals?filter=${res.json().arrivalNo}`)).json().totalCount).toBe(1);
    expect((await get(app.demoAdmin, `${base}/arrivals/export`)).statusCode).toBe(200);
    expect((await del(app.finance, `${base}/arrivals/${id}`)).statusCode).toBe(204);
    expect((await get(app.demoAdmin, `${base}/arrivals/${id}`)).statusCode).toBe(404);
  });

  it('refuses bad arrivals (400 naming the field), nobody and the salesman (403), another tenant (404)', async () => {
    const bad = await post(
      app.finance,
      `${base}/arrivals`,
      arrival('-1', { paymentType: 7, fxRate: '0', payoutAmount: '10.00' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['fromAmount', 'fxRate', 'paymentType']);
    const otherShop = await post(app.otherAdmin, `${base}/arrivals`, arrival('5.00'));
    expect(members(otherShop)).toEqual(['shopId']);
    expect((await post(app.nobody, `${base}/arrivals`, arrival('5.00'))).statusCode).toBe(403);
    expect((await post(app.salesman, `${base}/arrivals`, arrival('5.00'))).statusCode).toBe(403);
    const mine = (await post(app.finance, `${base}/arrivals`, arrival('5.00'))).json();
    expect((await get(app.otherAdmin, `${base}/arrivals/${mine.id}`)).statusCode).toBe(404);
    expect((await put(app.otherAdmin, `${base}/arrivals/${mine.id}`, arrival('5.00'))).statusCode).toBe(404);
    expect((await del(app.otherAdmin, `${base}/arrivals/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await post(app.otherAdmin, `${base}/arrivals/${mine.id}/match`, { statementIds: [statementId] })).statusCode,
    ).toBe(404);
    // another tenant's statement is not found from this tenant's arrival
    const others = (await post(app.otherAdmin, `${base}/arrivals`, arrival('5.00', { shopId: null }))).json();
    expect(
      (await post(app.otherAdmin, `${base}/arrivals/${others.id}/match`, { statementIds: [statementId] })).statusCode,
    ).toBe(404);
    expect(
      (await post(app.salesman, `${base}/arrivals/${mine.id}/match`, { statementIds: [statementId] })).statusCode,
    ).toBe(403);
    expect(members(await post(app.finance, `${base}/arrivals/${mine.id}/match`, {}))).toEqual(['items']);
    await del(app.finance, `${base}/arrivals/${mine.id}`);
  });

  it('matches unmatched → partial → matched; refuses over-matching either side; unmatches', async () => {
    const a = (await post(app.finance, `${base}/arrivals`, arrival('50.00'))).json();
    const partial = await post(app.finance, `${base}/arrivals/${a.id}/match`, {
      items: [{ statementId, amount: '30.00' }],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ matchedAmount: '30.00', matchedStatus: 'PARTIAL' });
    let s = (await get(app.demoAdmin, `${base}/statements/${statementId}`)).json();
    expect(s).toMatchObject({ matchedAmount: '30.00', matchedStatus: 'PARTIAL' });
    // 20.00 left of the arrival
    const over = await post(app.finance, `${base}/arrivals/${a.id}/match`, {
      items: [{ statementId, amount: '20.01' }],
    });
    expect(over.statusCode).toBe(400);
    expect(members(over)).toEqual(['items.0.amount']);
    // the rest of the arrival goes to the statement
    const full = await post(app.finance, `${base}/arrivals/${a.id}/match`, { statementIds: [statementId] });
    expect(full.json()).toMatchObject({ matchedAmount: '50.00', matchedStatus: 'MATCHED' });
    expect(full.json().matches).toEqual([
      expect.objectContaining({ statementId, amount: '50.00', arrivalAmount: '50.00', currency: 'MYR' }),
    ]);
    const b = (await post(app.finance, `${base}/arrivals`, arrival('60.00'))).json();
    const tooMuch = await post(app.finance, `${base}/arrivals/${b.id}/match`, {
      items: [{ statementId, amount: '44.21' }],
    });
    expect(members(tooMuch)).toEqual(['items.0.amount']);
    const rest = await post(app.finance, `${base}/arrivals/${b.id}/match`, { statementIds: [statementId] });
    expect(rest.json()).toMatchObject({ matchedAmount: '44.20', matchedStatus: 'PARTIAL' });
    s = (await get(app.demoAdmin, `${base}/statements/${statementId}`)).json();
    expect(s).toMatchObject({ matchedAmount: '94.20', matchedStatus: 'MATCHED' });
    expect(s.matches).toHaveLength(2);
    const none = await post(app.finance, `${base}/arrivals/${b.id}/match`, { statementIds: [statementId] });
    expect(members(none)).toEqual(['statementIds.0']);
    // a matched arrival is not deleted
    expect((await del(app.finance, `${base}/arrivals/${a.id}`)).statusCode).toBe(409);
    const undone = await post(app.finance, `${base}/arrivals/${a.id}/unmatch`, {});
    expect(undone.json()).toMatchObject({ matchedAmount: '0.00', matchedStatus: 'UNMATCHED', matches: [] });
    s = (await get(app.demoAdmin, `${base}/statements/${statementId}`)).json();
    expect(s).toMatchObject({ matchedAmount: '44.20', matchedStatus: 'PARTIAL' });
    expect(
      members(await post(app.finance, `${base}/arrivals/${a.id}/unmatch`, { statementIds: [statementId] })),
    ).toEqual(['statementIds.0']);
    // the pull keeps what arrivals matched
    await post(app.finance, `${base}/statements/pull`, { shopId, from, to });
    s = (await get(app.demoAdmin, `${base}/statements/${statementId}`)).json();
    expect(s.matchedAmount).toBe('44.20');
  });
});

describe('settlement cycles', () => {
  it('lists every shop with its cycle (defaults until set) and saves one', async () => {
    const list = await get(app.finance, `${base}/cycles`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((c: { shopId: string }) => c.shopId === shopId)).toBeTruthy();
    const saved = await put(app.finance, `${base}/cycles/${shopId}`, {
      settlementDays: 10,
      cycleDays: 20,
      anchorDay: 3,
    });
    expect(saved.json()).toMatchObject({ shopId, configured: true, settlementDays: 10, cycleDays: 20, anchorDay: 3 });
    await put(app.finance, `${base}/cycles/${shopId}`, { settlementDays: 5, cycleDays: 5, anchorDay: 1 });
    const after = (await get(app.finance, `${base}/cycles`))
      .json()
      .items.find((c: { shopId: string }) => c.shopId === shopId);
    expect(after).toMatchObject({ settlementDays: 5, cycleDays: 5, configured: true });
    const bad = await put(app.finance, `${base}/cycles/${shopId}`, { settlementDays: 7, cycleDays: 25, anchorDay: 0 });
    expect(members(bad).sort()).toEqual(['anchorDay', 'cycleDays', 'settlementDays']);
    expect(
      (await put(app.salesman, `${base}/cycles/${shopId}`, { settlementDays: 5, cycleDays: 5, anchorDay: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(app.otherAdmin, `${base}/cycles/${shopId}`, { settlementDays: 5, cycleDays: 5, anchorDay: 1 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('profit', () => {
  it('works an order out from its settlement fees and average cost, in the tenant’s currency', async () => {
    const res = await get(app.demoAdmin, `${base}/profit/orders?from=${from}&to=${to}&shopId=${shopId}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().items.find((r: { orderId: string }) => r.orderId === orderId);
    // revenue 100.00 MYR × 1.55 = 155.00 CNY; fees 3.80 + 1.90 + 0.10 = 5.80 MYR → 8.99; cost 2 × the average; no shipment
    const cost = new Decimal(unitCost).mul(2).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(row).toMatchObject({
      currency: 'CNY',
      revenue: '155.00',
      fees: '8.99',
      feesEstimated: false,
      cost: cost.toFixed(2),
      freight: '0.00',
      freightSource: 'NONE',
      profit: new Decimal('155.00').sub(cost).sub('8.99').toFixed(2),
    });
    const skus = await get(
      app.demoAdmin,
      `${base}/profit/skus?from=${from}&to=${to}&shopId=${shopId}&filter=${encodeURIComponent(sku)}`,
    );
    expect(skus.statusCode).toBe(200);
    expect(
      skus.json().items.map((r: { sku: string }) => r.sku),
      sku,
    ).toContain(sku);
    expect(skus.json().items.find((r: { sku: string }) => r.sku === sku)).toMatchObject({
      quantity: 2,
      orders: 1,
      revenue: '155.00',
      fees: '8.99',
    });
    expect((await get(app.demoAdmin, `${base}/profit/orders/export?from=${from}&to=${to}`)).statusCode).toBe(200);
    expect((await get(app.demoAdmin, `${base}/profit/skus/export?from=${from}&to=${to}`)).statusCode).toBe(200);
  });

  it('pages, sorts and exports the orders on the list kit; without a period, the last 30 days', async () => {
    const q = `from=${from}&to=${to}&shopId=${shopId}`;
    const byTotal = await get(app.demoAdmin, `${base}/profit/orders?${q}&sorting=total desc&maxResultCount=5`);
    expect(byTotal.statusCode, byTotal.body).toBe(200);
    expect(byTotal.json().items.length).toBeGreaterThan(0);
    const found = await get(app.demoAdmin, `${base}/profit/orders?${q}&filter=${SN}`);
    expect(found.json().items.map((r: { orderId: string }) => r.orderId)).toEqual([orderId]);
    // no period: the last 30 days of the tenant's calendar, never every order
    const recent = await get(app.demoAdmin, `${base}/profit/orders?maxResultCount=100`);
    expect(recent.statusCode, recent.body).toBe(200);
    const since = Date.now() - 31 * DAY;
    for (const r of recent.json().items as { orderedAt: string }[])
      expect(new Date(r.orderedAt).getTime()).toBeGreaterThan(since);
    const res = await get(app.demoAdmin, `${base}/profit/orders/export?${q}&filter=${SN}`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    const header = rows[0]!;
    expect(rows).toHaveLength(2);
    expect(rows[1]![header.indexOf('Order no.')]).toBe('SO-FIN-1');
    expect(rows[1]![header.indexOf('Revenue')]).toBe(155);
    expect(rows[1]![header.indexOf('Currency')]).toBe('CNY');
  });

  it('refuses an instant, a reversed range and an unknown sort, naming the member', async () => {
    const at = await get(app.demoAdmin, `${base}/profit/orders?from=${from}T00:00:00Z&to=${to}`);
    expect(members(at)).toEqual(['from']);
    expect(members(await get(app.demoAdmin, `${base}/profit/orders?from=${to}&to=${from}`))).toEqual(['to']);
    expect(members(await get(app.demoAdmin, `${base}/profit/orders?sorting=profit desc`))).toEqual(['sorting']);
    expect(members(await get(app.demoAdmin, `${base}/profit/orders?shopId=nope`))).toEqual(['shopId']);
    expect(members(await get(app.demoAdmin, `${base}/profit/orders/export?from=2023-01-01&to=2024-06-01`))).toEqual([
      'to',
    ]);
  });

  it('refuses a range beyond 366 days (400 naming to) and nobody (403)', async () => {
    expect(members(await get(app.demoAdmin, `${base}/profit/orders?from=2023-01-01&to=2024-06-01`))).toEqual(['to']);
    expect(members(await get(app.demoAdmin, `${base}/profit/skus?sorting=nope`))).toEqual(['sorting']);
    expect((await get(app.nobody, `${base}/profit/orders`)).statusCode).toBe(403);
    expect((await get(app.otherAdmin, `${base}/profit/orders?from=${from}&to=${to}`)).json().totalCount).toBe(0);
  });
});
