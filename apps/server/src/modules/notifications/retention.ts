import { NotificationReadState } from '@seller/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import { owned } from '../../core/crud.ts';
import type { Services } from '../../core/services.ts';
import { getSettingNumber } from '../settings/index.ts';
import { tenantBatches } from '../tenants/index.ts';
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
  for await (const batch of tenantBatches(services)) {
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

/** The queue of the retention job (pg-boss, `Services.jobs`). */
export const RETENTION_JOB = 'notifications.retention';
/** Hourly, on the hour (UTC). */
export const RETENTION_CRON = '0 * * * *';
