import {
  type DashboardSource,
  type DashboardTile,
  type DashboardTileDto,
  dashboardDays,
  dashboardDto,
  dashboardEndpoints,
  tileGranted,
  tilesOf,
} from '@seller/contracts/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from './db/client.ts';
import { kitLists, type ListContext } from './lists.ts';
import { t } from './localization/index.ts';
import { MissingRateError } from './money.ts';
import type { Services } from './services.ts';
import { today } from './time.ts';

/** A money tile's figure: what it needs is read first (settings), the figure in the caller's unit. */
export type DashboardFigure = (
  services: Services,
  ctx: ListContext,
  query: Record<string, string>,
) => Promise<(tx: Tx) => Promise<{ amount: string; currency: string }>>;

/** A tile's query with its days put in, on the tenant's calendar. */
export function tileQuery(tile: Pick<DashboardTile, 'query'>, timeZone: string, now = new Date()) {
  const day = today(timeZone, now);
  const days: Record<string, string> = {
    [dashboardDays.today]: day,
    [dashboardDays.monthStart]: `${day.slice(0, 8)}01`,
  };
  return Object.fromEntries(Object.entries(tile.query).map(([k, v]) => [k, days[v] ?? v]));
}

/**
 * A module's dashboard endpoint (`dashboardEndpoints[source]`): the module's tiles the caller
 * holds every permission of, nothing else computed. A count tile is its kit list's bounded total
 * under the tile's query (as the list counts its page, so the figure and the list it links to
 * agree); a money tile is one of `figures`. One unit of work for all of them. Callable by anyone
 * holding the first permission of one of the tiles; others get 403 (the page does not ask).
 */
export function dashboardRoute(
  fastify: FastifyInstance,
  source: DashboardSource,
  figures: Record<string, DashboardFigure>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tiles = tilesOf(source);
  for (const t of tiles)
    if (t.kind === 'money' ? !figures[t.id] : !t.list) throw new Error(`dashboard tile ${t.id}: nothing computes it`);
  app.get(
    dashboardEndpoints[source],
    {
      config: { permission: [...new Set(tiles.map((t) => t.needs[0]!))] },
      schema: { tags: ['Dashboard'], response: { 200: dashboardDto } },
    },
    async (req) => {
      const ctx = req.ctx;
      const held = await s.permissions.granted(ctx);
      const timeZone = await s.timeZone(ctx);
      // what each tile needs besides the unit (list contexts, settings) is read first
      const prepared = await Promise.all(
        tiles
          .filter((t) => tileGranted(t, held))
          .map(async (tile) => {
            const query = tileQuery(tile, timeZone);
            if (tile.kind === 'money') {
              const figure = await figures[tile.id]!(s, ctx, query);
              return {
                tile,
                query,
                run: async (tx: Tx) => {
                  try {
                    return { ...(await figure(tx)), count: null, capped: false, problem: null };
                  } catch (e) {
                    // a rate missing from the settings spoils this figure, not the dashboard; the
                    // conversion refuses before any statement, so the unit of work goes on
                    if (!(e instanceof MissingRateError)) throw e;
                    const problem = t(ctx.culture, e.messageKey, e.params);
                    return { amount: null, currency: null, count: null, capped: false, problem };
                  }
                },
              };
            }
            const kit = kitLists.get(tile.list!);
            if (!kit?.list || !kit.service?.total)
              throw new Error(`dashboard tile ${tile.id}: ${tile.list} is no kit list`);
            const total = await kit.service.total(s, ctx, kit.list.query.parse(query));
            return {
              tile,
              query,
              run: async (tx: Tx) => {
                const { n, capped } = await total(tx);
                return { count: n, capped, amount: null, currency: null, problem: null };
              },
            };
          }),
      );
      return s.data.inTenant(ctx, async (tx) => {
        const answers: DashboardTileDto[] = [];
        for (const p of prepared) answers.push({ id: p.tile.id, query: p.query, ...(await p.run(tx)) });
        return { tiles: answers };
      });
    },
  );
}
