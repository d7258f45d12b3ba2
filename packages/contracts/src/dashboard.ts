import { z } from 'zod';
import { CrmPermissions as C } from './crm/permissions.ts';
import { TradePermissions as T } from './trade/permissions.ts';

/**
 * The staff dashboard's tiles: each role's work, declared once for the server (which computes a
 * tile only for a caller holding every permission it `needs`) and the web (which shows it, and
 * asks its endpoint, only then). A user with several roles sees the union. A count tile is the
 * bounded total of a kit list under `query`, and links to that list filtered the same way (the
 * query in the page's URL), so the figure and the list it opens agree.
 */

/** Where a tile sits on the page: the work of a salesman, a stockman, finance, and the overview. */
export const dashboardGroups = ['sales', 'stock', 'finance', 'overview'] as const;
export type DashboardGroup = (typeof dashboardGroups)[number];

/**
 * Days a tile's query names relative to now, on the tenant's calendar (its time zone setting):
 * the server puts the dates in before counting and answers the query with them.
 */
export const dashboardDays = { today: '@today', monthStart: '@monthStart' } as const;

/** The endpoints serving the tiles, one per module: each computes only its own tiles the caller may see. */
export const dashboardEndpoints = { crm: '/api/crm/dashboard', trade: '/api/trade/dashboard' } as const;
export type DashboardSource = keyof typeof dashboardEndpoints;

export interface DashboardTile {
  /** Its name (`Dashboard::Tile:<id>` is its title). */
  id: string;
  group: DashboardGroup;
  /** The endpoint that computes it. */
  source: DashboardSource;
  /** Every permission the tile needs: its list's (or figure's) permission first, then the work's. */
  needs: readonly string[];
  /** `count`: the total of the kit list at `list`; `money`: a figure the source computes (`id`). */
  kind: 'count' | 'money';
  /** The kit list counted (its `GET` url). */
  list?: string;
  /** The web page the tile opens, with `query` in its URL. */
  page: string;
  /** The list's filters (and the page's for a figure); `dashboardDays` stand for days. */
  query: Record<string, string>;
  /** A figure that stays above zero is work to do (shown in the warning colour). */
  alert?: boolean;
}

const { today, monthStart } = dashboardDays;

/** The kit lists the count tiles total, and the pages they open. */
const lists = {
  customers: { source: 'crm', list: '/api/crm/customers', page: '/crm/customer' },
  orders: { source: 'trade', list: '/api/trade/orders', page: '/order/orders' },
  purchase: { source: 'trade', list: '/api/trade/purchase-orders', page: '/order/purchase' },
  shipments: { source: 'trade', list: '/api/trade/shipments', page: '/order/shipment' },
  stock: { source: 'trade', list: '/api/trade/stock', page: '/order/stock' },
  arrivals: { source: 'trade', list: '/api/trade/finance/arrivals', page: '/order/financial/arrival' },
  statements: { source: 'trade', list: '/api/trade/finance/statements', page: '/order/financial/statement' },
} as const;

/** A count tile: `of`'s total under `query`; `alert` when a figure above zero is work waiting. */
const count = (
  id: string,
  group: DashboardGroup,
  of: keyof typeof lists,
  needs: readonly string[],
  query: Record<string, string>,
  alert = true,
): DashboardTile => ({ id, group, needs, kind: 'count', ...lists[of], query, alert });

/** A money tile: the statistics' figure from the month's first day to today. */
const month = (id: string, group: DashboardGroup, needs: readonly string[]): DashboardTile => ({
  id,
  group,
  source: 'trade',
  needs,
  kind: 'money',
  page: '/order/statistics-order',
  query: { from: monthStart, to: today },
});

const confirmOrders = [T.Orders, `${T.Orders}.Confirm`];
const shipParcels = [T.Shipments, `${T.Shipments}.Ship`];
const matchMoney = [T.Finance, `${T.Finance}.Match`];

export const dashboardTiles: readonly DashboardTile[] = [
  count('MyCustomers', 'sales', 'customers', [C.Customers], { scope: 'mine' }, false),
  count('FollowUpsToday', 'sales', 'customers', [C.Customers], { scope: 'mine', nextFrom: today, nextTo: today }),
  count('OrdersToConfirm', 'sales', 'orders', confirmOrders, { status: 'Paid' }),
  count('OrdersToday', 'sales', 'orders', confirmOrders, { from: today, to: today }, false),
  count('ToReceive', 'stock', 'purchase', [T.Purchase, `${T.Receiving}.Create`], { status: 'APPROVED' }),
  // confirmed orders (stock reserved) not yet shipped: the parcels to make
  count('OrdersToShip', 'stock', 'orders', [T.Orders, `${T.Shipments}.Create`], { status: 'Processing' }),
  // each step of a parcel's way out is its own work: label, pack, hand over
  count('ToLabel', 'stock', 'shipments', shipParcels, { status: 'CREATED' }),
  count('ToPack', 'stock', 'shipments', shipParcels, { status: 'LABELLED' }),
  count('ToShip', 'stock', 'shipments', shipParcels, { status: 'PACKED' }),
  count('BelowSafety', 'stock', 'stock', [T.Stock, `${T.Stock}.Adjust`], { lowStock: 'true' }),
  count('UnmatchedArrivals', 'finance', 'arrivals', matchMoney, { matchedStatus: 'UNMATCHED' }),
  count('StatementsToCheck', 'finance', 'statements', matchMoney, { status: 'CLOSED', matchedStatus: 'UNMATCHED' }),
  month('MonthProfit', 'finance', [T.Statistics, T.Finance]),
  month('MonthSales', 'overview', [T.Statistics]),
];

/** True when every permission the tile needs is held. */
export const tileGranted = (tile: Pick<DashboardTile, 'needs'>, held: { has(name: string): boolean }) =>
  tile.needs.every((p) => held.has(p));

/** The tiles `source` serves. */
export const tilesOf = (source: DashboardSource) => dashboardTiles.filter((t) => t.source === source);

export const dashboardTileDto = z.object({
  id: z.string(),
  /** A count tile's bounded total (`capped`: at least this many). */
  count: z.number().int().nullable(),
  capped: z.boolean(),
  /** A money tile's figure, exact, in the tenant's currency. */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  /** The query the tile counted, its days put in: the link's URL query. */
  query: z.record(z.string(), z.string()),
  /**
   * Why a money tile has no figure, in the caller's language (a currency without an exchange rate
   * in the tenant's settings); the other tiles are answered all the same.
   */
  problem: z.string().nullable(),
});
export type DashboardTileDto = z.infer<typeof dashboardTileDto>;

/** A dashboard endpoint's answer: the tiles of its module the caller may see, in declared order. */
export const dashboardDto = z.object({ tiles: z.array(dashboardTileDto) });
export type DashboardDto = z.infer<typeof dashboardDto>;
