import { dashboardEndpoints, dashboardTiles } from '@seller/contracts/dashboard';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { today } from '../../../core/time.ts';
import { crmCustomers } from '../../crm/index.ts';
import { useTradeApp } from '../test-support.ts';

const app = useTradeApp();
const { get, post, put } = app;
const { crm, trade } = dashboardEndpoints;
type Tile = {
  id: string;
  count: number | null;
  capped: boolean;
  amount: string | null;
  query: Record<string, string>;
  problem: string | null;
};
const tilesOf = async (who: string, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tiles as Tile[];
};
const ids = (tiles: Tile[]) => tiles.map((t) => t.id);
const tile = (tiles: Tile[], id: string) => tiles.find((t) => t.id === id)!;
/** The total of the list a tile links to, read as the caller reads it. */
const listTotal = async (who: string, list: string, query: Record<string, string>) => {
  const res = await get(who, `${list}?${new URLSearchParams({ ...query, maxResultCount: '1' })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().totalCount as number;
};

describe('dashboard tiles', () => {
  it('declare first the permission of the list they count, which the list route asks for', () => {
    for (const t of dashboardTiles.filter((t) => t.kind === 'count')) {
      const route = app.t.services.routes.find((r) => r.method === 'GET' && r.url === t.list);
      expect(route, t.list).toBeDefined();
      expect([route!.config?.permission].flat(), t.id).toContain(t.needs[0]);
    }
  });

  it('a salesman gets his work: his customers, today’s follow-ups, orders to confirm and today’s, the month’s sales', async () => {
    expect(ids(await tilesOf(app.salesman, trade))).toEqual(['OrdersToConfirm', 'OrdersToday', 'MonthSales']);
    const before = await tilesOf(app.salesman, crm);
    expect(ids(before)).toEqual(['MyCustomers', 'FollowUpsToday']);
    // his own customers only: one of his and one of the admin's, the admin's due today as well
    const mine = await post(app.salesman, '/api/crm/customers', { name: 'Dashboard Mine' });
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await post(app.demoAdmin, '/api/crm/customers', { name: 'Dashboard Theirs' });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const soon = new Date(Date.now() + 60_000);
    await app.t.services.data.inTenant({ tenant: app.t.demo }, async (tx) => {
      for (const id of [mine.json().id, theirs.json().id])
        await tx.update(crmCustomers).set({ contactNextTime: soon }).where(eq(crmCustomers.id, id));
    });
    // +1, not +2: the admin's customer is not his
    const after = await tilesOf(app.salesman, crm);
    expect(tile(after, 'MyCustomers').count).toBe(tile(before, 'MyCustomers').count! + 1);
    const follow = tile(after, 'FollowUpsToday');
    // today on the tenant's calendar (Asia/Shanghai), put into the query the tile links with
    const day = today('Asia/Shanghai', soon);
    expect(follow.query).toEqual({ scope: 'mine', nextFrom: day, nextTo: day });
    expect(follow.count).toBe(tile(before, 'FollowUpsToday').count! + 1);
    // each count is the total of the list it links to, as the salesman reads it
    for (const t of [...after, ...(await tilesOf(app.salesman, trade))]) {
      const declared = dashboardTiles.find((d) => d.id === t.id)!;
      if (declared.kind === 'count') expect(await listTotal(app.salesman, declared.list!, t.query), t.id).toBe(t.count);
    }
  });

  it('a stockman, finance and the admin see their tiles; the admin all of them', async () => {
    expect(ids(await tilesOf(app.stockman, trade))).toEqual([
      'ToReceive',
      'OrdersToShip',
      'ToLabel',
      'ToPack',
      'ToShip',
      'BelowSafety',
    ]);
    expect((await get(app.stockman, crm)).statusCode).toBe(403);
    const finance = await tilesOf(app.finance, trade);
    expect(ids(finance)).toEqual(['UnmatchedArrivals', 'StatementsToCheck', 'MonthProfit', 'MonthSales']);
    expect((await get(app.finance, crm)).statusCode).toBe(403);
    const admin = await tilesOf(app.demoAdmin, trade);
    expect(ids(admin)).toEqual(dashboardTiles.filter((t) => t.source === 'trade').map((t) => t.id));
    for (const t of admin) {
      const declared = dashboardTiles.find((d) => d.id === t.id)!;
      if (declared.kind === 'count')
        expect(await listTotal(app.demoAdmin, declared.list!, t.query), t.id).toBe(t.count);
    }
    // the month's figures are the statistics' over the same days, from the month's first
    const sales = tile(admin, 'MonthSales');
    expect(sales.query.from).toBe(`${sales.query.to!.slice(0, 8)}01`);
    const stats = await get(app.demoAdmin, `/api/trade/statistics/sales?${new URLSearchParams(sales.query)}`);
    expect(sales.amount).toBe(stats.json().totalAmount);
    const profit = await get(app.demoAdmin, `/api/trade/statistics/profit?${new URLSearchParams(sales.query)}`);
    expect(tile(admin, 'MonthProfit').amount).toBe(profit.json().profit);
    expect(tile(finance, 'MonthProfit').amount).toBe(profit.json().profit);
  });

  it('a currency without an exchange rate leaves the month’s figures without one, said why; the counts stay', async () => {
    const rates = (value: string | null) =>
      put(app.demoAdmin, '/api/setting-management/settings/change-current-tenant', {
        settings: [{ name: 'Logistics.ExchangeRates', value }],
      });
    const before = await tilesOf(app.demoAdmin, trade);
    // only the dollar has a rate: the demo's ringgit, baht and other orders cannot be summed in yuan
    expect((await rates('USD=7.12')).statusCode).toBe(200);
    try {
      const after = await tilesOf(app.demoAdmin, trade);
      expect(ids(after)).toEqual(ids(before));
      for (const id of ['MonthSales', 'MonthProfit']) {
        expect(tile(after, id).amount, id).toBeNull();
        expect(tile(after, id).problem, id).toMatch(/汇率|rate/);
      }
      for (const t of after.filter((x) => x.count !== null)) {
        expect(t.count, t.id).toBe(tile(before, t.id).count);
        expect(t.problem, t.id).toBeNull();
      }
      // the statistics page itself refuses, naming the currencies
      const refused = await get(
        app.demoAdmin,
        `/api/trade/statistics/sales?${new URLSearchParams(tile(after, 'MonthSales').query)}`,
      );
      expect(refused.statusCode).toBe(409);
    } finally {
      // the tenant's own value goes: the default rates apply again
      await rates(null);
    }
    expect(tile(await tilesOf(app.demoAdmin, trade), 'MonthSales').problem).toBeNull();
  });

  it('a user without roles gets 403; another tenant counts only its own', async () => {
    expect((await get(app.nobody, trade)).statusCode).toBe(403);
    expect((await get(app.nobody, crm)).statusCode).toBe(403);
    expect((await get(null, trade)).statusCode).toBe(401);
    const demo = await tilesOf(app.demoAdmin, trade);
    const other = await tilesOf(app.otherAdmin, trade);
    expect(ids(other)).toEqual(ids(demo));
    // the demo tenant has orders this month and stock below safety; tenant other has none
    expect(tile(demo, 'MonthSales').amount).not.toBe('0.00');
    expect(tile(other, 'MonthSales').amount).toBe('0.00');
    expect(tile(other, 'OrdersToConfirm').count).toBe(0);
    expect(tile(other, 'BelowSafety').count).toBe(0);
  });
});
