import { NotificationType } from '@seller/contracts';
import type { AutoReturnResult } from '@seller/contracts/crm';
import type { CurrentTenant } from '../../../core/context.ts';
import type { Services } from '../../../core/services.ts';
import { defineNotificationGroup } from '../../notifications/index.ts';
import { poolCommands } from './commands.ts';
import { REMINDER_NOTIFICATION } from './events.ts';
import { poolQueries } from './queries.ts';

const AUTO_RETURN_JOB = 'crm.pool.auto-return';
const AUTO_RETURN_ALL_JOB = 'crm.pool.auto-return-all';
/** Every day at 01:10 (the server's clock). */
const AUTO_RETURN_CRON = '10 1 * * *';

const reminders = {
  name: 'Crm.Pool',
  displayName: { en: 'Public pool', 'zh-Hans': '公海' },
  notifications: [
    {
      name: REMINDER_NOTIFICATION,
      displayName: { en: 'Customers about to return to the pool', 'zh-Hans': '客户即将掉入公海' },
      description: {
        en: 'Sent to owners, once a day, when customers will return to the public pool within the reminder days.',
        'zh-Hans': '客户将在提醒天数内掉入公海时，每天提醒负责人一次。',
      },
      type: NotificationType.Application,
    },
  ],
};

/**
 * The pool rule for one tenant at `now`, outside a request (the job, the bench): one unit of work,
 * whose reminders are notified after its commit.
 */
export function runAutoReturn(
  services: Services,
  tenant: CurrentTenant | null,
  now: Date = new Date(),
): Promise<AutoReturnResult> {
  const ctx = { tenant, user: null };
  return services.data.inTenant(ctx, (tx) => poolCommands(services).autoReturn(tx, ctx, now));
}

/**
 * Durable jobs of the public pool: the rule for one tenant (`crm.pool.auto-return`, also queued on
 * demand), and the daily pass that queues it for every tenant whose rule is on.
 */
export async function defineJobs(services: Services) {
  defineNotificationGroup(reminders);
  await services.jobs.define<{ tenantId: string | null }>(
    AUTO_RETURN_JOB,
    async (run) => {
      const tenant = run.data.tenantId ? await services.tenants.find(run.data.tenantId) : null;
      if (run.data.tenantId && !tenant) return { enabled: false, returned: 0, reminded: 0 };
      return runAutoReturn(services, tenant);
    },
    { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
  );
  await services.jobs.defineScheduled(
    AUTO_RETURN_ALL_JOB,
    AUTO_RETURN_CRON,
    async () => {
      const tenants = await services.data.unscoped((tx) => poolQueries.enabledTenants(tx));
      for (const tenantId of tenants) await services.jobs.send(AUTO_RETURN_JOB, { tenantId });
      return { tenants: tenants.length };
    },
    { retryLimit: 1, expireInSeconds: 5 * 60 },
  );
}
