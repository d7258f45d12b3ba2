import { minorUnits } from '@seller/contracts/money';
import {
  type ProfitStatisticsDto,
  type PurchaseSpendDto,
  type SalesStatisticsDto,
  STATISTICS_MAX_DAYS,
  type StatisticsGranularity,
  type StatisticsQuery,
  type StockValueDto,
  type TopSkusDto,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { MissingRateError, moneyText } from '../../../core/money.ts';
import type { Services } from '../../../core/services.ts';
import { wallClock } from '../../../core/time.ts';
import { logisticsWarehouses, tenantCurrency } from '../../logistics/index.ts';
import { marketplaceShops } from '../../marketplaces/index.ts';
import { financeQueries } from '../finance/queries.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { purchaseOrders } from '../purchase/schema.ts';
import { stock } from '../stock/schema.ts';

/**
 * Order statistics: one SQL aggregate per chart over the tenant's orders placed in the range
 * (the (tenant, ordered_at) index), cancelled orders left out, each order's total converted to
 * the tenant's currency at the exchange rates setting, exactly (numeric), rounded to the currency's
 * minor units once per figure. An order in a currency without a rate is refused (409), never counted at 0 or 1. Periods are days, ISO weeks (from Monday) or months of the tenant's calendar (its time zone
 * setting, as the CRM's reports), empty ones included.
 */

export type Ctx = CrudContext & Pick<RequestContext, 'culture'>;

/** What the figures need of the tenant's settings: its time zone, currency and exchange rates. */
export interface StatisticsSettings {
  timeZone: string;
  currency: string;
  rates: Record<string, string>;
}

/** The tenant's time zone, currency and rates, read before the caller opens its unit. */
export async function settingsOf(services: Services, ctx: Ctx): Promise<StatisticsSettings> {
  const timeZone = await services.timeZone(ctx);
  const money = await tenantCurrency(services, ctx);
  return { timeZone, currency: money.currency, rates: money.rates };
}
const DAY = 86_400_000;
const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** `case currency when 'USD' then 7.12 … end`: the tenant's rate of a currency column (`assertRates` first). */
function rateCase(column: SQL, rates: Record<string, string>): SQL {
  const whens = Object.entries(rates).map(([c, r]) => sql`when ${c} then ${r}::numeric`);
  return sql`(case ${column} ${sql.join(whens, sql` `)} end)`;
}

/** Refuses (409) when an order the figures read is in a currency without a rate. */
async function assertRates(tx: Tx, where: SQL, rates: Record<string, string>, currency: string) {
  const found = rows<{ currency: string }>(
    await tx.execute(sql`select distinct o.currency from ${salesOrders} o where ${where}`),
  );
  const missing = found.find((r) => !rates[r.currency]);
  if (missing) throw new MissingRateError(missing.currency, currency);
}

/** The period a time falls in on `timeZone`'s calendar, as the SQL `date_trunc` labels it. */
export function periodOf(at: Date, g: StatisticsGranularity, timeZone = 'UTC'): string {
  const d = wallClock(at, timeZone);
  if (g === 'month') return d.toISOString().slice(0, 7);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (g === 'day') return new Date(midnight).toISOString().slice(0, 10);
  const dow = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - dow * DAY).toISOString().slice(0, 10);
}

/** Every period of [from, to), in order, on `timeZone`'s calendar. */
export function periodsOf(from: Date, to: Date, g: StatisticsGranularity, timeZone = 'UTC'): string[] {
  const out: string[] = [];
  // stepping through the wall clock's midnights: each is one calendar day there
  const end = wallClock(to, timeZone).getTime();
  for (let t = wallClock(from, timeZone).getTime(); t < end; t += DAY) {
    const p = periodOf(new Date(t), g);
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
}

/** A time's period label in SQL, on the tenant's calendar (`at time zone`). */
const label = (g: StatisticsGranularity, column: SQL, timeZone: string) =>
  g === 'month'
    ? sql`to_char(date_trunc('month', ${column} at time zone ${timeZone}), 'YYYY-MM')`
    : sql`to_char(date_trunc(${g}, ${column} at time zone ${timeZone}), 'YYYY-MM-DD')`;

function orderFilter(ctx: CrudContext, q: StatisticsQuery, range: { from: Date; to: Date }, o = sql.raw('o')): SQL {
  const parts: SQL[] = [
    ctx.tenant ? sql`${o}.tenant_id = ${ctx.tenant.id}` : sql`${o}.tenant_id is null`,
    sql`${o}.ordered_at >= ${range.from.toISOString()}::timestamptz`,
    sql`${o}.ordered_at < ${range.to.toISOString()}::timestamptz`,
    sql`${o}.status <> 'Cancel'`,
  ];
  if (q.shopId) parts.push(sql`${o}.shop_id = ${q.shopId}`);
  if (q.platform === 'MANUAL') parts.push(sql`${o}.source = 'MANUAL'`);
  else if (q.platform) parts.push(sql`${o}.platform = ${q.platform}`);
  return sql.join(parts, sql` and `);
}

/** Exact sums (the rates have up to 8 places): each figure is rounded to the cent once, when shown. */
const add = (a: string, b: string) => new Decimal(a).add(b).toString();
/** Rounded half-up to the tenant currency's minor units, as text. */
const roundedIn = (currency: string) => (v: string) => moneyText(v, currency);

/** The days a statistic covers: the query's range (the last 90 days by default), in the tenant's zone. */
const rangeOf = (settings: StatisticsSettings, q: StatisticsQuery) =>
  financeQueries.dayRange(q, STATISTICS_MAX_DAYS, 90, settings.timeZone);

export async function salesStatistics(
  tx: Tx,
  ctx: Ctx,
  settings: StatisticsSettings,
  q: StatisticsQuery,
): Promise<SalesStatisticsDto> {
  const range = rangeOf(settings, q);
  const { currency, rates } = settings;
  const cents = roundedIn(currency);
  await assertRates(tx, orderFilter(ctx, q, range), rates, currency);
  const result = rows<{ period: string; shop_id: string | null; platform: string; orders: number; amount: string }>(
    await tx.execute(sql`
      select ${label(q.granularity, sql.raw('o.ordered_at'), range.timeZone)} as period, o.shop_id,
        coalesce(o.platform, 'MANUAL') as platform, count(*)::int as orders,
        sum(o.total * ${rateCase(sql.raw('o.currency'), rates)})::text as amount
      from ${salesOrders} o
      where ${orderFilter(ctx, q, range)}
      group by 1, 2, 3`),
  );
  const names = await shopNames(
    tx,
    result.map((r) => r.shop_id),
  );
  const periods = new Map(
    periodsOf(range.from, range.to, q.granularity, range.timeZone).map((p) => [p, { orders: 0, amount: '0.00' }]),
  );
  const byShop = new Map<string, { shopId: string | null; platform: string | null; orders: number; amount: string }>();
  const byPlatform = new Map<string, { orders: number; amount: string }>();
  let totalOrders = 0;
  let totalAmount = '0.00';
  for (const r of result) {
    const p = periods.get(r.period) ?? { orders: 0, amount: '0.00' };
    periods.set(r.period, { orders: p.orders + Number(r.orders), amount: add(p.amount, r.amount) });
    const key = r.shop_id ?? '';
    const s = byShop.get(key) ?? { shopId: r.shop_id, platform: r.platform, orders: 0, amount: '0.00' };
    byShop.set(key, { ...s, orders: s.orders + Number(r.orders), amount: add(s.amount, r.amount) });
    const pl = byPlatform.get(r.platform) ?? { orders: 0, amount: '0.00' };
    byPlatform.set(r.platform, { orders: pl.orders + Number(r.orders), amount: add(pl.amount, r.amount) });
    totalOrders += Number(r.orders);
    totalAmount = add(totalAmount, r.amount);
  }
  return {
    currency,
    totalOrders,
    totalAmount: cents(totalAmount),
    periods: [...periods.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([period, v]) => ({ period, orders: v.orders, amount: cents(v.amount) })),
    byShop: [...byShop.values()]
      .map((s) => ({ ...s, amount: cents(s.amount), shopName: s.shopId ? (names.get(s.shopId) ?? null) : null }))
      .sort((a, b) => new Decimal(b.amount).cmp(a.amount)),
    byPlatform: [...byPlatform.entries()].map(([platform, v]) => ({
      platform,
      orders: v.orders,
      amount: cents(v.amount),
    })),
    byPeriodShop: result
      .map((r) => ({ period: r.period, shopId: r.shop_id, orders: Number(r.orders), amount: cents(r.amount) }))
      .sort((a, b) => a.period.localeCompare(b.period)),
  };
}

async function shopNames(tx: Tx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (!wanted.length) return new Map<string, string>();
  const found = rows<{ id: string; name: string }>(
    await tx.execute(
      sql`select id, name from ${marketplaceShops} where id in (${sql.join(
        wanted.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(found.map((r) => [r.id, r.name]));
}

export async function topSkus(tx: Tx, ctx: Ctx, settings: StatisticsSettings, q: StatisticsQuery): Promise<TopSkusDto> {
  const range = rangeOf(settings, q);
  const { currency, rates } = settings;
  await assertRates(tx, orderFilter(ctx, q, range), rates, currency);
  const result = rows<{
    sku: string;
    name: string;
    quantity: number;
    orders: number;
    amount: string;
    rq: number;
    ra: number;
  }>(
    await tx.execute(sql`
      select * from (
        select a.*, row_number() over (order by a.quantity desc, a.sku) as rq,
          row_number() over (order by a.amount_n desc, a.sku) as ra
        from (
          select coalesce(l.sku, l.seller_sku) as sku, max(l.name) as name, sum(l.quantity)::int as quantity,
            count(distinct l.order_id)::int as orders,
            sum(l.amount * ${rateCase(sql.raw('o.currency'), rates)}) as amount_n,
            round(sum(l.amount * ${rateCase(sql.raw('o.currency'), rates)}), ${minorUnits(currency)})::text as amount
          from ${salesOrders} o join ${salesOrderLines} l on l.order_id = o.id
          where ${orderFilter(ctx, q, range)}
          group by 1
        ) a
      ) r where r.rq <= ${q.top} or r.ra <= ${q.top}`),
  );
  const dto = (r: (typeof result)[number]) => ({
    sku: r.sku,
    name: r.name,
    quantity: Number(r.quantity),
    orders: Number(r.orders),
    amount: r.amount,
  });
  return {
    currency,
    byQuantity: result
      .filter((r) => Number(r.rq) <= q.top)
      .sort((a, b) => Number(a.rq) - Number(b.rq))
      .map(dto),
    byAmount: result
      .filter((r) => Number(r.ra) <= q.top)
      .sort((a, b) => Number(a.ra) - Number(b.ra))
      .map(dto),
  };
}

/** Purchase orders approved in the range (not cancelled): their totals × their own rate. */
export async function purchaseSpend(
  tx: Tx,
  ctx: Ctx,
  settings: StatisticsSettings,
  q: StatisticsQuery,
): Promise<PurchaseSpendDto> {
  const range = rangeOf(settings, q);
  const { currency } = settings;
  const cents = roundedIn(currency);
  const result = rows<{ period: string; orders: number; amount: string }>(
    await tx.execute(sql`
      select ${label(q.granularity, sql.raw('p.approved_at'), range.timeZone)} as period, count(*)::int as orders,
        sum(p.total * p.fx_rate)::text as amount
      from ${purchaseOrders} p
      where ${ctx.tenant ? sql`p.tenant_id = ${ctx.tenant.id}` : sql`p.tenant_id is null`}
        and p.approved_at >= ${range.from.toISOString()}::timestamptz
        and p.approved_at < ${range.to.toISOString()}::timestamptz
        and p.status <> 'CANCELLED'
      group by 1`),
  );
  const periods = new Map(
    periodsOf(range.from, range.to, q.granularity, range.timeZone).map((p) => [p, { orders: 0, amount: '0.00' }]),
  );
  let total = '0.00';
  for (const r of result) {
    periods.set(r.period, { orders: Number(r.orders), amount: r.amount });
    total = add(total, r.amount);
  }
  return {
    currency,
    available: true,
    total: cents(total),
    periods: [...periods.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([period, v]) => ({ period, orders: v.orders, amount: cents(v.amount) })),
  };
}

/** Stock value now: Σ on hand × average cost per warehouse. */
export async function stockValue(tx: Tx, ctx: Ctx, settings: StatisticsSettings): Promise<StockValueDto> {
  const { currency } = settings;
  const cents = roundedIn(currency);
  const result = rows<{ warehouse_id: string; code: string; name: string; quantity: number; value: string }>(
    await tx.execute(sql`
      select s.warehouse_id, w.code, w.name, sum(s.on_hand)::int as quantity,
        sum(s.on_hand * s.avg_cost)::text as value
      from ${stock} s join ${logisticsWarehouses} w on w.id = s.warehouse_id
      where ${ctx.tenant ? sql`s.tenant_id = ${ctx.tenant.id}` : sql`s.tenant_id is null`}
      group by s.warehouse_id, w.code, w.name
      order by w.code`),
  );
  return {
    currency,
    total: cents(result.reduce((s, r) => add(s, r.value), '0')),
    totalQuantity: result.reduce((s, r) => s + Number(r.quantity), 0),
    warehouses: result.map((r) => ({
      warehouseId: r.warehouse_id,
      code: r.code,
      name: r.name,
      quantity: Number(r.quantity),
      value: cents(r.value),
    })),
  };
}

/** Profit per period: the finance area's profit of each order (at most 20 000 orders in the range). */
export async function profitStatistics(
  tx: Tx,
  ctx: Ctx,
  settings: StatisticsSettings,
  q: StatisticsQuery,
): Promise<ProfitStatisticsDto> {
  const range = rangeOf(settings, q);
  const { currency, rates } = settings;
  const cents = roundedIn(currency);
  const { orders, profits } = await financeQueries.profitsInRange(
    tx,
    ctx,
    { from: range.fromDay, to: range.toDay, shopId: q.shopId, skipCount: 0, maxResultCount: 1 },
    { currency, rates, timeZone: range.timeZone },
  );
  const zero = () => ({ orders: 0, revenue: '0.00', cost: '0.00', fees: '0.00', freight: '0.00', profit: '0.00' });
  const periods = new Map(periodsOf(range.from, range.to, q.granularity, range.timeZone).map((p) => [p, zero()]));
  let revenue = '0.00';
  let profit = '0.00';
  for (const o of orders) {
    if (q.platform === 'MANUAL' ? o.platform !== null : q.platform && o.platform !== q.platform) continue;
    const p = profits.get(o.id)!;
    const key = periodOf(o.orderedAt, q.granularity, range.timeZone);
    const e = periods.get(key) ?? zero();
    periods.set(key, {
      orders: e.orders + 1,
      revenue: add(e.revenue, p.revenue),
      cost: add(e.cost, p.cost),
      fees: add(e.fees, p.fees),
      freight: add(e.freight, p.freight),
      profit: add(e.profit, p.profit),
    });
    revenue = add(revenue, p.revenue);
    profit = add(profit, p.profit);
  }
  return {
    currency,
    revenue: cents(revenue),
    profit: cents(profit),
    periods: [...periods.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([period, v]) => ({
        period,
        orders: v.orders,
        revenue: cents(v.revenue),
        cost: cents(v.cost),
        fees: cents(v.fees),
        freight: cents(v.freight),
        profit: cents(v.profit),
      })),
  };
}
