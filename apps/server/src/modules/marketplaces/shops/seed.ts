import type { MarketPlatform } from '@seller/contracts/marketplaces';
import { and, eq, isNull } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { insertOwned, owned } from '../../../core/crud.ts';
import { RetryLater } from '../../../core/jobs.ts';
import { isUniqueViolation } from '../../../core/resource.ts';
import { simulatorKey } from '../../../core/secrets.ts';
import type { Services } from '../../../core/services.ts';
import { MarketplaceError } from '../clients/errors.ts';
import { localOrigin, send } from '../clients/http.ts';
import { exchangeCode } from './authorize.ts';
import { shops } from './schema.ts';
import { callLogger, saveGrant } from './service.ts';

/** The one-off job that authorizes the demo shops through the simulator once the server listens. */
export const DEMO_AUTHORIZE_JOB = 'marketplaces.shops.demo-authorize';

/** The demo shops: one per platform, on simulator sellers whose sites the seeded price rules price (Lazada MY, Shopee SG). */
export const DEMO_SHOPS: Array<{ platform: MarketPlatform; name: string; regions: string[]; account: string }> = [
  { platform: 'LAZADA', name: 'Lazada 演示店铺 (MY)', regions: ['MY'], account: 'demo-my' },
  { platform: 'SHOPEE', name: 'Shopee 演示店铺 (SG)', regions: ['SG'], account: 'demo-sg' },
];

/**
 * Tenant demo: the shop rows (idempotent, by name), then, with the simulator on, a durable one-off
 * job that authorizes them through it: seeding runs before the server listens, and the simulator is
 * reached through this server.
 */
export async function seedDemo(services: Services, tenant: CurrentTenant): Promise<void> {
  const ctx = { tenant, user: null };
  let created = false;
  await services.data.inTenant(ctx, async (tx) => {
    for (const demo of DEMO_SHOPS) {
      const [found] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(owned(ctx, shops, eq(shops.name, demo.name)));
      if (found) continue;
      await insertOwned(tx, ctx, shops, 'Shop', {
        platform: demo.platform,
        name: demo.name,
        regions: demo.regions,
        remark: 'Simulator',
      });
      created = true;
    }
  });
  if (created && services.config.marketplaceSimulator) {
    await services.jobs.send(DEMO_AUTHORIZE_JOB, { tenantId: tenant.id }, { startAfter: 2 });
  }
}

/** A code of a simulator account, from the simulator's control API (its key is the data folder's, see `simulatorKey`). */
export async function simulatorCode(
  services: Services,
  platform: MarketPlatform,
  account: string,
): Promise<{ code: string; shopId: string | null }> {
  const { config } = services;
  const reply = await send(
    `${localOrigin(config)}/marketplace-sim/control/authorize`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-sim-key': await simulatorKey(config),
      },
      body: JSON.stringify({
        platform: platform.toLowerCase(),
        account,
        redirectUri: `${localOrigin(config)}/publishingPlatform/shop-callback`,
        state: 'seed',
      }),
    },
    { platform, api: '/control/authorize' },
  );
  const body = reply.body as { code?: string; shopId?: string | number | null };
  if (reply.httpStatus !== 200 || !body?.code) {
    throw new MarketplaceError({
      kind: 'transient',
      code: `HTTP_${reply.httpStatus}`,
      message: `The simulator gave no code: ${JSON.stringify(reply.body).slice(0, 200)}`,
    });
  }
  return { code: body.code, shopId: body.shopId === undefined || body.shopId === null ? null : String(body.shopId) };
}

/** Authorizes the demo tenant's unauthorized demo shops through the simulator (retried until it listens). */
export async function authorizeDemoShops(services: Services, data: { tenantId: string }) {
  const tenant = await services.tenants.find(data.tenantId);
  if (!tenant) return { authorized: 0 };
  const ctx = { tenant, user: null };
  let authorized = 0;
  for (const demo of DEMO_SHOPS) {
    const [row] = await services.data.inTenant(ctx, (tx) =>
      tx
        .select()
        .from(shops)
        .where(owned(ctx, shops, and(eq(shops.name, demo.name), isNull(shops.accessToken)))),
    );
    if (!row) continue;
    const { code, shopId } = await simulatorCode(services, demo.platform, demo.account).catch((e) => {
      // the simulator is this server: until it listens there is nothing to call (a wait, not a fault)
      if (e instanceof MarketplaceError && e.code === 'SIMULATOR_NOT_LISTENING')
        throw new RetryLater('the server does not listen yet');
      throw e;
    });
    const got = await exchangeCode(
      services,
      demo.platform,
      code,
      shopId ?? undefined,
      demo.regions[0],
      callLogger(services, tenant, row.id),
    );
    try {
      await services.data.inTenant(ctx, async (tx) => {
        await tx
          .update(shops)
          .set({ sellerId: got.sellerId, shortCode: got.shortCode })
          .where(owned(ctx, shops, eq(shops.id, row.id)));
        await saveGrant(services, tx, ctx, row.id, got.grant, true);
      });
      authorized++;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // the simulator's seller is already another shop of the tenant: the demo shop stays as it is
      await services.data.inTenant(ctx, (tx) =>
        tx
          .update(shops)
          .set({ lastError: `Seller ${got.sellerId} is already another shop` })
          .where(owned(ctx, shops, eq(shops.id, row.id))),
      );
    }
  }
  return { authorized };
}
