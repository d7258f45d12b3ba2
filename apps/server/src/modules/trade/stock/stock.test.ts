import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { systemContext } from '../../../core/context.ts';
import { useTradeApp, variantsOf, warehousesOf } from '../test-support.ts';
import { moveStock } from './ledger.ts';
import { stock, stockLedger } from './schema.ts';
import { openingOf } from './seed.ts';
import { stockOf, stockValue } from './service.ts';

const api = useTradeApp();
const url = '/api/trade/stock';

type Balance = {
  warehouse: { id: string; code: string };
  variantId: string;
  sku: string;
  onHand: number;
  reserved: number;
  available: number;
  safety: number;
  avgCost: string;
  value: string;
  currency: string;
  low: boolean;
};
type LedgerItem = {
  seq: number;
  type: string;
  sku: string;
  qtyChange: number;
  qtyAfter: number;
  unitCost: string | null;
  avgCostAfter: string;
  voucherType: string;
  voucherNo: string;
  reason: string | null;
  warehouse: { id: string; code: string };
};

let sz: string;
let my: string;
let v: { variantId: string; sku: string }[];

const balance = async (warehouseId: string, variantId: string) => {
  const rows = await api.t.services.data.inTenant({ tenant: api.t.demo }, (tx) =>
    tx
      .select()
      .from(stock)
      .where(and(eq(stock.warehouseId, warehouseId), eq(stock.variantId, variantId))),
  );
  return rows[0];
};
const ledgerCount = async () =>
  (
    await api.t.services.data.inTenant({ tenant: api.t.demo }, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(stockLedger),
    )
  )[0]!.n;
/** SKU × warehouse pairs whose ledger sums differ from their snapshot (should be none). */
const mismatches = () =>
  api.t.services.data.inTenant({ tenant: api.t.demo }, async (tx) => {
    const r = await tx.execute(sql`
      select s.sku, s.on_hand, s.reserved, l.q, l.r from trade_stock s
      left join (select warehouse_id, variant_id, sum(qty_change)::int q, sum(reserved_change)::int r
                 from trade_stock_ledger group by 1, 2) l
        on l.warehouse_id = s.warehouse_id and l.variant_id = s.variant_id
      where s.on_hand <> coalesce(l.q, 0) or s.reserved <> coalesce(l.r, 0)`);
    return (r as unknown as { rows: unknown[] }).rows ?? r;
  });
const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

beforeAll(async () => {
  const ws = await warehousesOf(api.t, api.t.demo);
  sz = ws.find((w) => w.code === 'SZ-01')!.id;
  my = ws.find((w) => w.code === 'MY-01')!.id;
  v = await variantsOf(api.t, api.t.demo, 12);
});

describe('demo stock seed', () => {
  it('opens every demo variant in both warehouses, some empty and some below their safety stock', async () => {
    const all = await api.get(api.demoAdmin, `${url}?maxResultCount=1000`);
    expect(all.statusCode, all.body).toBe(200);
    const items = all.json().items as Balance[];
    expect(new Set(items.map((i) => i.warehouse.code))).toEqual(new Set(['SZ-01', 'MY-01']));
    expect(items.some((i) => i.onHand === 0)).toBe(true);
    expect(items.every((i) => i.onHand >= 0 && i.onHand <= 200)).toBe(true);
    const low = (await api.get(api.demoAdmin, `${url}?lowStock=true&maxResultCount=1000`)).json().items as Balance[];
    expect(low.length).toBeGreaterThan(0);
    for (const l of low) expect(l.available < l.safety).toBe(true);
    expect(low.length).toBe(items.filter((i) => i.safety > 0 && i.available < i.safety).length);
    // costed from the catalogue, in the tenant currency
    expect(items.filter((i) => i.onHand > 0).every((i) => Number(i.avgCost) > 0 && i.currency === 'CNY')).toBe(true);
    expect(await mismatches()).toEqual([]);
  });

  it('is deterministic per variant and warehouse (0–200, some at 0, some low)', () => {
    const all = Array.from({ length: 60 }, (_, i) => [openingOf(i, 0), openingOf(i, 1)]).flat();
    expect(all.every((o) => o.onHand >= 0 && o.onHand <= 200)).toBe(true);
    expect(all.filter((o) => o.onHand === 0).length).toBeGreaterThan(3);
    expect(all.filter((o) => o.safety > 0 && o.onHand < o.safety).length).toBeGreaterThan(3);
  });

  it('is not written twice for other (no catalogue, no stock)', async () => {
    expect((await api.get(api.otherAdmin, url)).json()).toEqual({ totalCount: 0, items: [] });
  });
});

describe('balances', () => {
  it('filter by SKU and warehouse, sort by value, page', async () => {
    const sku = v[0]!.sku;
    const one = (await api.get(api.demoAdmin, `${url}?filter=${encodeURIComponent(sku)}&warehouseId=${sz}`)).json();
    expect(one.items.map((i: Balance) => [i.sku, i.warehouse.code])).toContainEqual([sku, 'SZ-01']);
    expect(one.items.every((i: Balance) => i.warehouse.id === sz)).toBe(true);
    const byValue = (await api.get(api.demoAdmin, `${url}?sorting=value desc&maxResultCount=20`)).json();
    const values = byValue.items.map((i: Balance) => Number(i.value));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    for (const i of byValue.items as Balance[]) {
      expect(i.available).toBe(i.onHand - i.reserved);
      // exact: on hand × average cost, rounded half up to the cent
      expect(Number(i.value)).toBe(
        new Decimal(i.avgCost).times(i.onHand).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
      );
    }
    const page2 = (await api.get(api.demoAdmin, `${url}?sorting=sku&skipCount=5&maxResultCount=5`)).json();
    expect(page2.items).toHaveLength(5);
    expect(page2.totalCount).toBe(byValue.totalCount);
    for (const s of ['onHand desc', 'available', 'avgCost asc'])
      expect((await api.get(api.demoAdmin, `${url}?sorting=${encodeURIComponent(s)}`)).statusCode).toBe(200);
  });

  it('400 naming sorting, warehouseId, maxResultCount', async () => {
    expect(members(await api.get(api.demoAdmin, `${url}?sorting=tenantId`))).toEqual(['sorting']);
    expect(members(await api.get(api.demoAdmin, `${url}?warehouseId=nope`))).toEqual(['warehouseId']);
    expect(members(await api.get(api.demoAdmin, `${url}?maxResultCount=5000`))).toEqual(['maxResultCount']);
  });

  it('403 without Trade.Stock (nobody, salesman); finance reads', async () => {
    expect((await api.get(api.nobody, url)).statusCode).toBe(403);
    expect((await api.get(api.salesman, url)).statusCode).toBe(403);
    expect((await api.get(api.nobody, `${url}/ledger`)).statusCode).toBe(403);
    expect((await api.get(api.nobody, `${url}/export`)).statusCode).toBe(403);
    expect((await api.get(api.finance, url)).statusCode).toBe(200);
    expect((await api.get(api.stockman, url)).statusCode).toBe(200);
  });

  it('export as Excel with the same query', async () => {
    const res = await api.get(api.demoAdmin, `${url}/export?warehouseId=${my}&lowStock=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ledger = await api.get(api.demoAdmin, `${url}/ledger/export?type=COUNT`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(members(await api.get(api.demoAdmin, `${url}/export?sorting=nope`))).toEqual(['sorting']);
  });

  it('pickers: warehouses (default first) and SKUs by text with their stock in a warehouse', async () => {
    const ws = (await api.get(api.stockman, `${url}/warehouses`)).json().items;
    expect(ws.map((w: { code: string }) => w.code)).toEqual(['SZ-01', 'MY-01']);
    const found = (
      await api.get(api.stockman, `${url}/variants?filter=${encodeURIComponent(v[1]!.sku)}&warehouseId=${sz}`)
    ).json().items;
    const hit = found.find((f: { sku: string }) => f.sku === v[1]!.sku);
    expect(hit.onHand).toBe((await balance(sz, v[1]!.variantId))!.onHand);
    expect((await api.get(api.nobody, `${url}/variants`)).statusCode).toBe(403);
    expect((await api.get(api.otherAdmin, `${url}/variants`)).json().items).toEqual([]);
  });
});

describe('adjustments', () => {
  it('write ADJUST rows in one voucher and change the snapshot', async () => {
    const [a, b] = [v[2]!, v[3]!];
    const before = [await balance(sz, a.variantId), await balance(sz, b.variantId)];
    const res = await api.post(api.stockman, `${url}/adjustments`, {
      warehouseId: sz,
      reason: 'Found in aisle 3',
      lines: [
        { variantId: a.variantId, quantity: 5 },
        { variantId: b.variantId, quantity: -Math.min(2, before[1]!.onHand) || 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as { voucherType: string; voucherNo: string; items: LedgerItem[] };
    expect(out.voucherType).toBe('ADJUSTMENT');
    expect(out.voucherNo).toMatch(new RegExp(`^ADJ-${today()}-\\d{4}$`));
    expect(out.items.map((i) => [i.sku, i.type, i.reason])).toEqual(
      expect.arrayContaining([[a.sku, 'ADJUST', 'Found in aisle 3']]),
    );
    expect((await balance(sz, a.variantId))!.onHand).toBe(before[0]!.onHand + 5);
    const again = await api.post(api.demoAdmin, `${url}/adjustments`, {
      warehouseId: sz,
      reason: 'Again',
      lines: [{ variantId: a.variantId, quantity: 1 }],
    });
    expect(Number(again.json().voucherNo.slice(-4))).toBe(Number(out.voucherNo.slice(-4)) + 1);
    expect(await mismatches()).toEqual([]);
  });

  it('409 naming the SKU when a line would go negative, and nothing written', async () => {
    const [a, b] = [v[4]!, v[5]!];
    const before = [await balance(my, a.variantId), await balance(my, b.variantId)];
    const count = await ledgerCount();
    const res = await api.post(api.demoAdmin, `${url}/adjustments`, {
      warehouseId: my,
      reason: 'Broken',
      lines: [
        { variantId: a.variantId, quantity: 3 },
        { variantId: b.variantId, quantity: -((before[1]?.onHand ?? 0) + 1) },
      ],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(`Not enough stock of ${b.sku}.`);
    expect(res.json().error.data).toMatchObject({ sku: b.sku, member: 'lines.1.quantity' });
    expect(await ledgerCount()).toBe(count);
    expect(await balance(my, a.variantId)).toEqual(before[0]);
    expect(await balance(my, b.variantId)).toEqual(before[1]);
  });

  it('a stock count writes COUNT rows for the differences only', async () => {
    const [a, b] = [v[6]!, v[7]!];
    const bBefore = (await balance(sz, b.variantId))!;
    const res = await api.post(api.stockman, `${url}/adjustments`, {
      mode: 'count',
      warehouseId: sz,
      reason: 'Monthly count',
      lines: [
        { variantId: a.variantId, countedQty: 7 },
        { variantId: b.variantId, countedQty: bBefore.onHand },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as LedgerItem[];
    expect(items.map((i) => [i.sku, i.type, i.qtyAfter])).toEqual([[a.sku, 'COUNT', 7]]);
    expect((await balance(sz, a.variantId))!.onHand).toBe(7);
    expect((await balance(sz, b.variantId))!.onHand).toBe(bBefore.onHand);
  });

  it('400 naming the field', async () => {
    const line = { variantId: v[0]!.variantId, quantity: 1 };
    const post = (body: object) => api.post(api.demoAdmin, `${url}/adjustments`, body);
    expect(members(await post({ warehouseId: sz, lines: [line] }))).toEqual(['reason']);
    expect(members(await post({ warehouseId: sz, reason: '  ', lines: [line] }))).toEqual(['reason']);
    expect(members(await post({ warehouseId: sz, reason: 'x', lines: [{ ...line, quantity: 0 }] }))).toEqual([
      'lines.0.quantity',
    ]);
    expect(members(await post({ warehouseId: sz, reason: 'x', lines: [{ ...line, quantity: 1.5 }] }))).toEqual([
      'lines.0.quantity',
    ]);
    expect(members(await post({ warehouseId: 'nope', reason: 'x', lines: [line] }))).toEqual(['warehouseId']);
    expect(members(await post({ warehouseId: sz, reason: 'x', lines: [{ ...line, variantId: 'x' }] }))).toEqual([
      'lines.0.variantId',
    ]);
    expect(members(await post({ warehouseId: sz, reason: 'x', lines: [] }))).toEqual(['lines']);
    expect(members(await post({ warehouseId: sz, reason: 'x', lines: [line, line] }))).toEqual(['lines.1.variantId']);
    expect(
      members(await post({ mode: 'count', warehouseId: sz, reason: 'x', lines: [{ variantId: line.variantId }] })),
    ).toEqual(['lines.0.countedQty']);
    const zh = await api.t.app.inject({
      method: 'POST',
      url: `${url}/adjustments`,
      headers: { authorization: `Bearer ${api.demoAdmin}`, 'accept-language': 'zh-Hans' },
      payload: { warehouseId: sz, reason: 'x', lines: [{ ...line, quantity: 0 }] },
    });
    expect(zh.json().error.validationErrors[0].message).toBe('数量不能为 0。');
  });

  it('404 for another tenant’s warehouse or an unknown SKU', async () => {
    const line = { variantId: v[0]!.variantId, quantity: 1 };
    const other = await api.post(api.otherAdmin, `${url}/adjustments`, { warehouseId: sz, reason: 'x', lines: [line] });
    expect(other.statusCode).toBe(404);
    const ws = await api.post(api.otherAdmin, `${url}/transfers`, {
      fromWarehouseId: sz,
      toWarehouseId: my,
      reason: 'x',
      lines: [line],
    });
    expect(ws.statusCode).toBe(404);
    const unknown = await api.post(api.demoAdmin, `${url}/adjustments`, {
      warehouseId: sz,
      reason: 'x',
      lines: [{ variantId: randomUUID(), quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('403 for nobody, salesman and finance', async () => {
    const body = { warehouseId: sz, reason: 'x', lines: [{ variantId: v[0]!.variantId, quantity: 1 }] };
    for (const who of [api.nobody, api.salesman, api.finance])
      expect((await api.post(who, `${url}/adjustments`, body)).statusCode).toBe(403);
  });
});

describe('transfers', () => {
  it('write TRANSFER_OUT and TRANSFER_IN at the source’s average cost', async () => {
    const a = v[8]!;
    await api.post(api.demoAdmin, `${url}/adjustments`, {
      warehouseId: sz,
      reason: 'Stock for the transfer',
      lines: [{ variantId: a.variantId, quantity: 10 }],
    });
    const src = (await balance(sz, a.variantId))!;
    const dst = (await balance(my, a.variantId))!;
    const res = await api.post(api.stockman, `${url}/transfers`, {
      fromWarehouseId: sz,
      toWarehouseId: my,
      reason: 'Restock Malaysia',
      lines: [{ variantId: a.variantId, quantity: 4 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.voucherType).toBe('TRANSFER');
    expect(out.voucherNo).toMatch(new RegExp(`^TRF-${today()}-0001$`));
    const byType = Object.fromEntries((out.items as LedgerItem[]).map((i) => [i.type, i]));
    expect(byType.TRANSFER_OUT).toMatchObject({ qtyChange: -4, qtyAfter: src.onHand - 4, unitCost: src.avgCost });
    expect(byType.TRANSFER_IN).toMatchObject({ qtyChange: 4, qtyAfter: dst.onHand + 4, unitCost: src.avgCost });
    const expected = new Decimal(dst.avgCost)
      .times(dst.onHand)
      .plus(new Decimal(src.avgCost).times(4))
      .div(dst.onHand + 4)
      .toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
    expect(Number((await balance(my, a.variantId))!.avgCost)).toBe(expected.toNumber());
    expect((await balance(sz, a.variantId))!.avgCost).toBe(src.avgCost);
    expect(await mismatches()).toEqual([]);
  });

  it('409 with nothing written when the source has too little', async () => {
    const a = v[9]!;
    const src = (await balance(sz, a.variantId))!;
    const count = await ledgerCount();
    const res = await api.post(api.demoAdmin, `${url}/transfers`, {
      fromWarehouseId: sz,
      toWarehouseId: my,
      reason: 'Too many',
      lines: [{ variantId: a.variantId, quantity: src.onHand + 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(a.sku);
    expect(await ledgerCount()).toBe(count);
    expect(await balance(sz, a.variantId)).toEqual(src);
  });

  it('400 naming the field; 403 without Trade.Stock.Transfer', async () => {
    const line = { variantId: v[0]!.variantId, quantity: 1 };
    const post = (body: object, who = api.demoAdmin) => api.post(who, `${url}/transfers`, body);
    const ok = { fromWarehouseId: sz, toWarehouseId: my, reason: 'x', lines: [line] };
    expect(members(await post({ ...ok, toWarehouseId: sz }))).toEqual(['toWarehouseId']);
    expect(members(await post({ ...ok, reason: undefined }))).toEqual(['reason']);
    expect(members(await post({ ...ok, lines: [{ ...line, quantity: 0 }] }))).toEqual(['lines.0.quantity']);
    expect(members(await post({ ...ok, lines: [{ ...line, quantity: -1 }] }))).toEqual(['lines.0.quantity']);
    expect(members(await post({ ...ok, fromWarehouseId: '123' }))).toEqual(['fromWarehouseId']);
    for (const who of [api.nobody, api.salesman, api.finance]) expect((await post(ok, who)).statusCode).toBe(403);
  });
});

describe('safety stock', () => {
  it('is set without a ledger row and drives the low-stock view', async () => {
    const a = v[10]!;
    const count = await ledgerCount();
    const before = (await balance(my, a.variantId))!;
    const res = await api.put(api.stockman, `${url}/safety`, {
      warehouseId: my,
      variantId: a.variantId,
      safety: before.onHand + 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sku: a.sku, safety: before.onHand + 5 });
    expect(await ledgerCount()).toBe(count);
    const low = (
      await api.get(api.demoAdmin, `${url}?lowStock=true&warehouseId=${my}&filter=${encodeURIComponent(a.sku)}`)
    ).json().items as Balance[];
    expect(low.map((l) => [l.sku, l.low])).toContainEqual([a.sku, true]);
  });

  it('400, 403, 404', async () => {
    const body = { warehouseId: my, variantId: v[10]!.variantId, safety: 3 };
    expect(members(await api.put(api.demoAdmin, `${url}/safety`, { ...body, safety: -1 }))).toEqual(['safety']);
    expect(members(await api.put(api.demoAdmin, `${url}/safety`, { ...body, variantId: 'x' }))).toEqual(['variantId']);
    expect((await api.put(api.nobody, `${url}/safety`, body)).statusCode).toBe(403);
    expect((await api.put(api.salesman, `${url}/safety`, body)).statusCode).toBe(403);
    expect((await api.put(api.otherAdmin, `${url}/safety`, body)).statusCode).toBe(404);
  });
});

describe('ledger', () => {
  it('per SKU and warehouse, by type and date, newest first', async () => {
    const a = v[8]!;
    const res = await api.get(api.demoAdmin, `${url}/ledger?variantId=${a.variantId}&warehouseId=${my}`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as LedgerItem[];
    expect(items[0]!.type).toBe('TRANSFER_IN');
    expect(items.map((i) => i.seq)).toEqual([...items.map((i) => i.seq)].sort((x, y) => y - x));
    expect(items.every((i) => i.warehouse.id === my && i.sku === a.sku)).toBe(true);
    const counts = (await api.get(api.demoAdmin, `${url}/ledger?type=COUNT&maxResultCount=1000`)).json();
    expect(counts.items.every((i: LedgerItem) => i.type === 'COUNT')).toBe(true);
    expect(counts.totalCount).toBeGreaterThan(0);
    // days are the tenant's calendar days: from yesterday to tomorrow (UTC) holds today wherever the tenant is
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const todays = (await api.get(api.demoAdmin, `${url}/ledger?from=${day(-1)}&to=${day(1)}`)).json();
    expect(todays.totalCount).toBe(await ledgerCount());
    expect((await api.get(api.demoAdmin, `${url}/ledger?from=2999-01-01`)).json().totalCount).toBe(0);
    expect((await api.get(api.demoAdmin, `${url}/ledger?to=2000-01-01`)).json().totalCount).toBe(0);
  });

  it('400 naming the field; another tenant sees none of it', async () => {
    expect(members(await api.get(api.demoAdmin, `${url}/ledger?from=yesterday`))).toEqual(['from']);
    expect(members(await api.get(api.demoAdmin, `${url}/ledger?type=THEFT`))).toEqual(['type']);
    expect(members(await api.get(api.demoAdmin, `${url}/ledger?variantId=1`))).toEqual(['variantId']);
    expect((await api.get(api.otherAdmin, `${url}/ledger?variantId=${v[0]!.variantId}`)).json().totalCount).toBe(0);
  });
});

describe('average cost and the ledger sum', () => {
  it('10 @ 2.00 then 30 @ 4.00 is 3.5000; moves out leave it; the ledger sums to the snapshot', async () => {
    const created = await api.post(api.demoAdmin, '/api/logistics/warehouses', {
      code: 'AVG-01',
      name: 'Average test',
      type: 'OWN',
      countryCode: 'CN',
    });
    expect(created.statusCode, created.body).toBe(200);
    const wh = created.json().id as string;
    const a = v[11]!;
    const ctx = systemContext(api.t.demo);
    const move = (m: object) =>
      api.t.services.data.inTenant(ctx, (tx) =>
        moveStock(tx, ctx, [
          { warehouseId: wh, variantId: a.variantId, sku: a.sku, voucherType: 'TEST', voucherNo: 'T-1', ...m } as never,
        ]),
      );
    await move({ type: 'PO_RECEIPT', onHand: 10, unitCost: '2.00' });
    await move({ type: 'PO_RECEIPT', onHand: 30, unitCost: '4.00' });
    expect((await balance(wh, a.variantId))!.avgCost).toBe('3.5000');
    await move({ type: 'RESERVE', reserved: 6 });
    await move({ type: 'SALE_OUT', onHand: -5, reserved: -5 });
    await move({ type: 'RELEASE', reserved: -1 });
    const adj = await api.post(api.demoAdmin, `${url}/adjustments`, {
      warehouseId: wh,
      reason: 'Damaged',
      lines: [{ variantId: a.variantId, quantity: -5 }],
    });
    expect(adj.json().items[0]).toMatchObject({ unitCost: '3.5000', avgCostAfter: '3.5000', qtyAfter: 30 });
    // 10 back at 1.50: (30 × 3.5 + 10 × 1.5) / 40 = 3.0000
    await move({ type: 'RETURN_IN', onHand: 10, unitCost: '1.50' });
    const row = (await balance(wh, a.variantId))!;
    expect(row).toMatchObject({ onHand: 40, reserved: 0, avgCost: '3.0000' });
    const listed = (await api.get(api.demoAdmin, `${url}?warehouseId=${wh}`)).json().items[0] as Balance;
    expect(listed).toMatchObject({ onHand: 40, available: 40, avgCost: '3.0000', value: '120.00' });
    expect(await mismatches()).toEqual([]);
    // other areas' reads
    await api.t.services.data.inTenant(ctx, async (tx) => {
      expect(await stockOf(tx, [a.variantId], wh)).toEqual([
        expect.objectContaining({ onHand: 40, available: 40, avgCost: '3.0000' }),
      ]);
      expect((await stockOf(tx, [a.variantId])).length).toBe(3);
      const values = await stockValue(tx, 'CNY');
      expect(values.find((x) => x.warehouseId === wh)).toMatchObject({ code: 'AVG-01', onHand: 40, value: '120.00' });
    });
  });
});
