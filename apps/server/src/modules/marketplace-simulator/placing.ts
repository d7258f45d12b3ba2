import { and, count as countRows, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Services } from '../../core/services.ts';
import type { SimPlatform } from './accounts.ts';
import { awaitingSeller, generateOrders } from './orders.ts';
import { simItems, simOrders, simSkus } from './schema.ts';

/**
 * The order placer: buyers who keep ordering, so that a demo always has fresh orders to pull, ship
 * and tell the tracking number of. A durable scheduled job (pg-boss cron, survives restarts; one
 * run per occurrence across processes) that places `perShop` orders in every shop with live,
 * listed SKUs in stock, from those SKUs at their prices, for buyers in the shop's country, paid
 * and waiting to be shipped (`generateOrders` fresh). Bounded: a shop gets none while `cap` of
 * the orders placed there wait for the seller, and an order takes only stock the SKU has.
 *
 * Set at start from `config.simulatorOrders` (every 0 minutes: not scheduled); changed or stopped
 * at run time through the control API (`GET`/`PUT /marketplace-sim/control/order-placing`, a
 * round now with `POST …/order-placing/run`) until the next start.
 */

export const PLACE_ORDERS_JOB = 'marketplace-simulator.place-orders';

export interface Placing {
  everyMinutes: number;
  perShop: number;
  cap: number;
}

export interface Placed {
  platform: SimPlatform;
  shopId: string;
  orders: string[];
}

/** The cron expression of every `minutes` (1..60). */
const cronOf = (minutes: number) => (minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`);

/** Schedules the placer as `placing` says (every 0 minutes: unscheduled). */
export async function schedulePlacing(services: Services, placing: Placing) {
  if (placing.everyMinutes > 0) {
    await services.jobs.schedule(PLACE_ORDERS_JOB, cronOf(placing.everyMinutes), {
      perShop: placing.perShop,
      cap: placing.cap,
    });
  } else await services.jobs.unschedule(PLACE_ORDERS_JOB);
}

/** The job and its schedule (start), with the simulator on: as configured. */
export async function definePlacing(services: Services) {
  if (!services.config.marketplaceSimulator) return;
  await services.jobs.define<{ perShop?: number; cap?: number }>(
    PLACE_ORDERS_JOB,
    (run) => {
      const { perShop, cap } = services.config.simulatorOrders;
      return placeOrders(services, { perShop: run.data?.perShop ?? perShop, cap: run.data?.cap ?? cap });
    },
    { policy: 'stately', retryLimit: 1, retryDelay: 30, expireInSeconds: 5 * 60 },
  );
  await schedulePlacing(services, services.config.simulatorOrders);
}

/** One round: orders in every shop with stock on live listings, each shop in a unit of its own. */
export async function placeOrders(services: Services, opts: { perShop: number; cap: number }): Promise<Placed[]> {
  const shops = await services.data.unscoped((tx) =>
    tx
      .selectDistinct({ platform: simSkus.platform, shopId: simSkus.shopId })
      .from(simSkus)
      .innerJoin(simItems, eq(simItems.id, simSkus.itemId))
      .where(and(eq(simSkus.deleted, false), gt(simSkus.quantity, 0), inArray(simItems.status, ['live', 'pending']))),
  );
  const placed: Placed[] = [];
  for (const shop of shops) {
    const platform = shop.platform as SimPlatform;
    const orders = await services.data.unscoped(async (tx) => {
      const [{ waiting }] = (await tx
        .select({ waiting: countRows() })
        .from(simOrders)
        .where(
          and(
            eq(simOrders.platform, platform),
            eq(simOrders.shopId, shop.shopId),
            inArray(simOrders.status, awaitingSeller[platform]),
            sql`${simOrders.data}->>'placedBy' = 'simulator'`,
          ),
        )) as [{ waiting: number }];
      const n = Math.min(opts.perShop, opts.cap - Number(waiting));
      return n > 0 ? generateOrders(tx, platform, shop.shopId, n, { fresh: true }) : [];
    });
    if (orders.length) placed.push({ platform, shopId: shop.shopId, orders });
  }
  return placed;
}
