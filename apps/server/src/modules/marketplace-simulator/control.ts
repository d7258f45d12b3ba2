import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../core/resource.ts';
import { lazadaAccount, lazadaSellerById, type SimPlatform, shopeeAccount, shopeeAccountByShop } from './accounts.ts';
import { redirectTarget } from './consent.ts';
import { importedOrders, importOrders, isImportError, listOrders } from './import.ts';
import { generateOrders } from './orders.ts';
import { type Placing, placeOrders, schedulePlacing } from './placing.ts';
import { simItems, simSkus } from './schema.ts';
import { type Faults, itemPage, type SimState, sameSign, settleReviews, skusOfItems } from './state.ts';
import { issueCode } from './tokens.ts';

/**
 * The simulator's control API under `/marketplace-sim/control`, for tests, the demo seed and
 * benchmarks. Every call needs header `x-sim-key` = the simulator's control key (401 otherwise):
 * MARKETPLACE_SIMULATOR_KEY, or a random key made once per data folder and kept in
 * `${DATA_DIR}/marketplace-simulator.key` (printed in the log at start). Never the app's
 * marketplace secrets, whose defaults are public. Answers are plain JSON; a refusal is `{error, message}` with 400/401/404.
 *
 * - `GET    /faults`: the current settings of both platforms.
 * - `PUT    /faults` `{platform?, errorRate, latencyMs, rateLimitPerSecond, reviewDelayMs, rejectRate,
 *   accessTokenSeconds, refreshTokenSeconds, codeSeconds}`: any subset; without `platform`, both.
 *   Kept in memory (a restart, or `DELETE /faults`, returns to the defaults).
 * - `POST   /authorize` `{platform, account, redirectUri?, state?}` → `{code, shopId, redirect}`: a code
 *   as the consent page would give (skips the page). Lazada `shopId` is the account's first seller id.
 * - `GET    /items?platform=&shopId=&sellerSku=` → `{count, items[]}` (at most 500 listed): items with
 *   review outcomes applied; `sellerSku` matches a SKU's seller SKU or Shopee's item_sku; removed
 *   SKUs and deleted items are included (see `status`, `deleted`).
 * - `POST   /orders` `{platform, shopId, count}` → `{orders: [orderSn…]}`: orders for live items.
 * - `GET    /orders?platform=&shopId=&status=&orderSn=&limit=` → `{orders[]}` (the latest first, at most
 *   `limit` ≤ 500, default 100): number, status, amounts, times, tracking number, lines, and
 *   `placedBy` (`simulator` for the order placer's).
 * - `POST   /orders/import` `{platform, shopId, orders: [{orderSn, status, currency, createdAt,
 *   updatedAt?, shippingFee?, voucher?, buyerName, phone?, address1?, city?, postCode?,
 *   paymentMethod?, trackingNumber?, shipmentProvider?, lines: [{sellerSku, name, quantity,
 *   price}]}]}` (≤ 200) → `{created, existing}`: orders as the seller already had them (the demo
 *   seed's), with their own numbers; idempotent by number (see `import.ts`).
 * - `GET    /order-placing` → `{everyMinutes, perShop, cap}`; `PUT /order-placing` any subset
 *   (`everyMinutes` 0..60, 0 stops it; `perShop` 1..100; `cap` 1..10000), kept until the next
 *   start, which returns to the configured setting; `POST /order-placing/run` → `{placed: [{platform,
 *   shopId, orders}]}`: one round now (see `placing.ts`).
 */

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const limits: Record<keyof Faults, [number, number]> = {
  errorRate: [0, 1],
  latencyMs: [0, 60_000],
  rateLimitPerSecond: [1, 1_000_000],
  reviewDelayMs: [0, 86_400_000],
  rejectRate: [0, 1],
  accessTokenSeconds: [1, 400 * 86_400],
  refreshTokenSeconds: [1, 400 * 86_400],
  codeSeconds: [1, 86_400],
};

function platformOf(value: unknown, required = true): SimPlatform | undefined {
  if (value === 'lazada' || value === 'shopee') return value;
  if (value === undefined && !required) return undefined;
  throw new ControlError(400, 'platform must be lazada or shopee');
}

const placingLimits: Record<keyof Placing, [number, number]> = {
  everyMinutes: [0, 60],
  perShop: [1, 100],
  cap: [1, 10_000],
};

/** A simulator shop of `platform`, or a refusal naming `shopId`. */
function knownShop(platform: SimPlatform, value: unknown): string {
  const shopId = String(value ?? '');
  const known = platform === 'lazada' ? lazadaSellerById(shopId) : shopeeAccountByShop(shopId);
  if (!known) throw new ControlError(400, `shopId ${shopId} is not a ${platform} shop of the simulator`);
  return shopId;
}

export function controlPlugin(state: SimState, controlKey: string) {
  return async function controlRoutes(app: FastifyInstance) {
    const data = app.services.data;
    const route = { config: { anonymous: true } };

    app.setErrorHandler((error, req, reply) => {
      if (error instanceof ControlError)
        return reply.status(error.status).send({ error: 'refused', message: error.message });
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status < 500)
        return reply.status(status).send({ error: 'refused', message: (error as Error).message });
      if (isUniqueViolation(error)) return reply.status(409).send({ error: 'conflict', message: 'Try again' });
      req.log.error({ err: error }, 'marketplace simulator control failed');
      return reply.status(500).send({ error: 'failed', message: 'Internal error' });
    });
    app.addHook('preHandler', async (req) => {
      const key = req.headers['x-sim-key'];
      if (typeof key !== 'string' || !sameSign(key, controlKey)) {
        throw new ControlError(401, 'x-sim-key must be the simulator control key (see the log at start)');
      }
    });

    app.get('/faults', route, async () => state.faults);

    app.put('/faults', route, async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) throw new ControlError(400, 'A JSON object is expected');
      const platform = platformOf(body.platform, false);
      const changes: Partial<Faults> = {};
      for (const [name, value] of Object.entries(body)) {
        if (name === 'platform') continue;
        const range = limits[name as keyof Faults];
        if (!range) throw new ControlError(400, `${name} is not a setting`);
        if (typeof value !== 'number' || !Number.isFinite(value) || value < range[0] || value > range[1]) {
          throw new ControlError(400, `${name} must be a number in ${range[0]}..${range[1]}`);
        }
        changes[name as keyof Faults] = value;
      }
      for (const p of platform ? [platform] : (['lazada', 'shopee'] as const)) {
        state.faults[p] = { ...state.faults[p], ...changes };
      }
      return state.faults;
    });

    app.delete('/faults', route, async () => {
      state.reset();
      return state.faults;
    });

    app.post('/authorize', route, async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const platform = platformOf(body.platform)!;
      const key = String(body.account ?? 'demo-my');
      let shopId: string;
      if (platform === 'lazada') {
        const account = lazadaAccount(key);
        if (!account) throw new ControlError(400, `account ${key} does not exist`);
        shopId = account.sellers[0]!.sellerId;
      } else {
        const account = shopeeAccount(key);
        if (!account) throw new ControlError(400, `account ${key} does not exist`);
        shopId = account.shopId;
      }
      const code = await data.unscoped((tx) =>
        issueCode(tx, state, platform, key, platform === 'shopee' ? shopId : null),
      );
      let redirect: string | null = null;
      if (body.redirectUri !== undefined) {
        const url = redirectTarget(body.redirectUri);
        if (!url) throw new ControlError(400, 'redirectUri must be an absolute http(s) URL');
        url.searchParams.set('code', code);
        if (platform === 'shopee') url.searchParams.set('shop_id', shopId);
        if (typeof body.state === 'string' && body.state) url.searchParams.set('state', body.state);
        redirect = url.href;
      }
      return { code, shopId, redirect };
    });

    app.get('/items', route, async (req) => {
      const q = req.query as Record<string, string | undefined>;
      const platform = platformOf(q.platform)!;
      const where: SQL[] = [eq(simItems.platform, platform)];
      if (q.shopId) where.push(eq(simItems.shopId, q.shopId));
      return data.unscoped(async (tx) => {
        const shops = q.shopId
          ? [q.shopId]
          : (await tx.selectDistinct({ s: simItems.shopId }).from(simItems).where(eq(simItems.platform, platform))).map(
              (r) => r.s,
            );
        for (const shop of shops) await settleReviews(tx, platform, shop);
        if (q.sellerSku) {
          const bySku = tx
            .select({ id: simSkus.itemId })
            .from(simSkus)
            .where(and(eq(simSkus.platform, platform), eq(simSkus.sellerSku, q.sellerSku)));
          const byItemSku = tx
            .select({ id: simItems.id })
            .from(simItems)
            .where(and(eq(simItems.platform, platform), eq(simItems.itemSku, q.sellerSku)));
          where.push(inArray(simItems.id, bySku.union(byItemSku)));
        }
        const { total, rows: items } = await itemPage(tx, where, { limit: 500 }, [desc(simItems.id)]);
        const skus = await skusOfItems(tx, items);
        return {
          count: total,
          items: items.map((i) => ({
            itemId: String(i.id),
            platform: i.platform,
            shopId: i.shopId,
            itemSku: i.itemSku,
            name: i.name,
            categoryId: i.categoryId,
            status: i.status,
            listed: i.listed,
            rejectReason: i.rejectReason,
            currency: i.currency,
            createdAt: i.createdAt.toISOString(),
            updatedAt: i.updatedAt.toISOString(),
            skus: skus
              .filter((s) => s.itemId === i.id)
              .map((s) => ({
                skuId: String(s.id),
                sellerSku: s.sellerSku,
                price: s.price,
                specialPrice: s.specialPrice,
                quantity: s.quantity,
                active: s.active,
                deleted: s.deleted,
              })),
          })),
        };
      });
    });

    app.get('/orders', route, async (req) => {
      const q = req.query as Record<string, string | undefined>;
      const platform = platformOf(q.platform)!;
      const shopId = knownShop(platform, q.shopId);
      const limit = q.limit === undefined ? 100 : Number(q.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new ControlError(400, 'limit must be 1..500');
      const orders = await data.unscoped((tx) =>
        listOrders(tx, platform, shopId, { status: q.status, orderSn: q.orderSn, limit }),
      );
      return { orders };
    });

    app.post('/orders/import', route, async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const platform = platformOf(body.platform)!;
      const shopId = knownShop(platform, body.shopId);
      let orders: ReturnType<typeof importedOrders>;
      try {
        orders = importedOrders(platform, body.orders);
      } catch (e) {
        if (isImportError(e)) throw new ControlError(400, e.message);
        throw e;
      }
      return data.unscoped((tx) => importOrders(tx, platform, shopId, orders));
    });

    app.get('/order-placing', route, async () => state.placing);

    app.put('/order-placing', route, async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) throw new ControlError(400, 'A JSON object is expected');
      const next = { ...state.placing };
      for (const [name, value] of Object.entries(body)) {
        const range = placingLimits[name as keyof Placing];
        if (!range) throw new ControlError(400, `${name} is not a setting of the order placing`);
        if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1]) {
          throw new ControlError(400, `${name} must be a whole number in ${range[0]}..${range[1]}`);
        }
        next[name as keyof Placing] = value;
      }
      await schedulePlacing(app.services, next);
      state.placing = next;
      return state.placing;
    });

    app.post('/order-placing/run', route, async () => ({
      placed: await placeOrders(app.services, state.placing),
    }));

    app.post('/orders', route, async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const platform = platformOf(body.platform)!;
      const shopId = knownShop(platform, body.shopId);
      const n = body.count ?? 1;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 100) {
        throw new ControlError(400, 'count must be a whole number in 1..100');
      }
      const orders = await data.unscoped((tx) => generateOrders(tx, platform, shopId, n));
      return { orders };
    });
  };
}
