import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { secretsFor } from '../../../core/secrets.ts';
import type { Services } from '../../../core/services.ts';
import { MarketplaceError } from '../clients/errors.ts';
import { shops } from './schema.ts';
import { authorizeDemoShops, DEMO_AUTHORIZE_JOB } from './seed.ts';
import { purgeCallLog, refreshShop, shopsDue } from './service.ts';

/** The token refresh queue; scheduled every 10 minutes. */
export const REFRESH_JOB = 'marketplaces.shops.refresh-tokens';
export const REFRESH_CRON = '*/10 * * * *';

/**
 * Refreshes every shop whose access token enters its window (Lazada 48 h before expiry, Shopee
 * 30 min before its 4 h token ends); shops whose refresh token has passed are marked expired.
 * A refusal marks the shop (auth → revoked/expired, with the last error) and the others go on.
 */
export async function refreshDueShops(services: Services, now = Date.now()) {
  await services.data.unscoped((tx) =>
    tx
      .update(shops)
      .set({ status: 'expired', lastError: 'refresh token expired' })
      .where(
        and(isNotNull(shops.refreshExpiresAt), lte(shops.refreshExpiresAt, new Date(now)), eq(shops.status, 'active')),
      ),
  );
  const due = await shopsDue(services, now);
  let refreshed = 0;
  let failed = 0;
  for (const shop of due) {
    const tenant = shop.tenantId ? await services.tenants.find(shop.tenantId) : null;
    if (shop.tenantId && !tenant) continue;
    try {
      await refreshShop(services, tenant, shop.id);
      refreshed++;
    } catch (e) {
      failed++;
      if (!(e instanceof MarketplaceError)) throw e;
    }
  }
  await purgeCallLog(services, now);
  return { due: due.length, refreshed, failed };
}

/** The refresh job (durable, every 10 minutes) and the demo shops' one-off authorization. */
export async function defineJobs(services: Services): Promise<void> {
  // production refuses to start without SECRETS_KEY; elsewhere the key file is made now
  await secretsFor(services.config);
  await services.jobs.defineScheduled(REFRESH_JOB, REFRESH_CRON, () => refreshDueShops(services), {
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 15 * 60,
  });
  await services.jobs.define<{ tenantId: string }>(
    DEMO_AUTHORIZE_JOB,
    (run) => authorizeDemoShops(services, run.data),
    {
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 120,
    },
  );
}
