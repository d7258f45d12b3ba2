import { NotificationReadState } from '@seller/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../app.ts';
import type { CurrentTenant } from '../../platform/context.ts';
import { owned } from '../../platform/crud.ts';
import { getSettingNumber } from '../settings/service.ts';
import { tenantBatches } from '../tenants/management.ts';
import { RETENTION_SETTING } from './definitions.ts';
import { notifications, userNotifications } from './schema.ts';

const DAY_MS = 86_400_000;

/**
 * Removes read inbox entries older than the `Notifications.RetentionDays` setting of each
 * tenant (and the host), then notifications nobody holds any more. Idempotent, so several
 * server processes running it at once only repeat each other's work.
 */
export async function purgeReadNotifications(services: Services, now = new Date()): Promise<number> {
  const targets: (CurrentTenant | null)[] = [null];
  for await (const batch of tenantBatches(services, {}, Number.MAX_SAFE_INTEGER)) {
    for (const t of batch) {
      const tenant = await services.tenants.find(t.id);
      if (tenant) targets.push(tenant);
    }
  }
  let removed = 0;
  for (const tenant of targets) {
    const days = await getSettingNumber(services, { tenant, user: null }, RETENTION_SETTING);
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const scope = { tenant, user: null };
    removed += await services.data.inTenant({ tenant }, async (tx) => {
      const gone = await tx
        .delete(userNotifications)
        .where(
          owned(
            scope,
            userNotifications,
            eq(userNotifications.state, NotificationReadState.Read),
            lt(userNotifications.creationTime, cutoff),
          ),
        )
        .returning({ id: userNotifications.notificationId });
      await tx
        .delete(notifications)
        .where(
          owned(
            scope,
            notifications,
            lt(notifications.creationTime, cutoff),
            sql`not exists (select 1 from ${userNotifications} where ${userNotifications.notificationId} = ${notifications.id})`,
          ),
        );
      return gone.length;
    });
  }
  return removed;
}

const FIRST_RUN_MS = 60_000;
const INTERVAL_MS = 3_600_000;

/** Runs the purge a minute after start, then hourly; stopped by the returned function. */
export function scheduleRetention(services: Services, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    purgeReadNotifications(services)
      .then((n) => {
        if (n) log.info({ removed: n }, 'read notifications past retention removed');
      })
      .catch((err) => log.error({ err }, 'notification retention failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const every = setInterval(run, INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
