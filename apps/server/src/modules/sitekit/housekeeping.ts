import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { owned } from '../../core/crud.ts';
import type { Services } from '../../core/services.ts';
import { cancelUnpaidSiteOrder, tradeSalesOrders } from '../trade/index.ts';
import { carts } from './carts/schema.ts';
import { sites } from './sites/schema.ts';
import { settingsOfSite } from './sites/service.ts';

export const HOUSEKEEPING_JOB = 'sitekit.housekeeping';
/** Every five minutes: carts turn abandoned within minutes of their idle time, unpaid orders are let go soon after theirs. */
export const HOUSEKEEPING_CRON = '*/5 * * * *';
/** Unpaid orders one run cancels per site at most (bounded work; the next run takes the rest). */
const CANCEL_PER_RUN = 200;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The storefronts' housekeeping, per site under its own settings (Saleor's checkout rules,
 * Shopify's abandoned checkouts): carts with lines and a contact idle past `abandonCartAfterHours`
 * become abandoned; empty carts, carts of nobody known and carts with a contact are deleted after
 * their idle times; site orders neither paid nor cash on delivery are cancelled after
 * `cancelUnpaidAfterMinutes`, their reservations released. Each site in a unit of its tenant's.
 */
export async function tidyStorefronts(services: Services, now = new Date()) {
  const all = await services.data.unscoped((tx) =>
    tx.select({ id: sites.id, tenantId: sites.tenantId }).from(sites).where(isNotNull(sites.tenantId)),
  );
  const done = { sites: 0, abandoned: 0, expired: 0, cancelled: 0 };
  for (const { id, tenantId } of all) {
    const tenant = await services.tenants.find(tenantId!);
    if (!tenant?.isActive) continue;
    const ctx = { tenant, user: null };
    const unpaid = await services.data.inTenant(ctx, async (tx) => {
      const [site] = await tx
        .select()
        .from(sites)
        .where(owned(ctx, sites, eq(sites.id, id)));
      if (!site) return [];
      const s = settingsOfSite(site);
      const before = (ms: number) => new Date(now.getTime() - ms);
      const known = or(isNotNull(carts.email), isNotNull(carts.shopperId));
      const open = inArray(carts.status, ['ACTIVE', 'ABANDONED']);
      const abandoned = await tx
        .update(carts)
        .set({ status: 'ABANDONED', abandonedAt: now })
        .where(
          owned(
            ctx,
            carts,
            eq(carts.siteId, site.id),
            eq(carts.status, 'ACTIVE'),
            sql`${carts.itemCount} > 0`,
            known,
            lt(carts.lastChangeAt, before(s.abandonCartAfterHours * HOUR)),
          ),
        )
        .returning({ id: carts.id });
      const expired = await tx
        .delete(carts)
        .where(
          owned(
            ctx,
            carts,
            eq(carts.siteId, site.id),
            open,
            or(
              and(eq(carts.itemCount, 0), lt(carts.lastChangeAt, before(s.expireEmptyCartsAfterHours * HOUR))),
              and(
                isNull(carts.email),
                isNull(carts.shopperId),
                lt(carts.lastChangeAt, before(s.expireAnonymousCartsAfterDays * DAY)),
              ),
              and(known, lt(carts.lastChangeAt, before(s.expireContactCartsAfterDays * DAY))),
            ),
          ),
        )
        .returning({ id: carts.id });
      done.abandoned += abandoned.length;
      done.expired += expired.length;
      if (!s.cancelUnpaidAfterMinutes) return [];
      const o = tradeSalesOrders;
      return tx
        .select({ id: o.id })
        .from(o)
        .where(
          owned(
            ctx,
            o,
            eq(o.siteId, site.id),
            eq(o.source, 'SITE'),
            isNull(o.paidAt),
            ne(o.paymentMethod, 'Cash'),
            inArray(o.status, ['Pending', 'Processing', 'Outofstock']),
            lt(o.orderedAt, before(s.cancelUnpaidAfterMinutes * 60_000)),
          ),
        )
        .limit(CANCEL_PER_RUN);
    });
    // each cancellation in a unit of its own: one order's trouble does not keep the others waiting
    for (const { id: orderId } of unpaid)
      if (
        await services.data.inTenant(ctx, (tx) =>
          cancelUnpaidSiteOrder(services, tx, ctx, orderId, 'Unpaid: cancelled by the storefront'),
        )
      )
        done.cancelled++;
    done.sites++;
  }
  return done;
}

/** Defines the housekeeping job and schedules it (one run at a time across the processes). */
export async function scheduleHousekeeping(services: Services) {
  await services.jobs.defineScheduled(HOUSEKEEPING_JOB, HOUSEKEEPING_CRON, () => tidyStorefronts(services), {
    retryLimit: 2,
    retryDelay: 60,
  });
}
