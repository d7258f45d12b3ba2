import { defineEvent } from '../../../core/events.ts';
import type { Services } from '../../../core/services.ts';
import { publish } from '../../notifications/index.ts';
import { RESOURCE } from './texts.ts';

/** The notification an owner gets before their customers return to the pool. */
export const REMINDER_NOTIFICATION = 'Crm.Pool.ReturnSoon';

/**
 * The auto-return recorded today's reminder for an owner: `count` of their customers will return
 * to the pool within `days`. They are told after the commit.
 */
export const ReturnSoonReminded = defineEvent<{
  tenantId: string | null;
  userId: string;
  count: number;
  days: number;
}>('crm.pool-return-soon-reminded');

/**
 * An owner reminded by the auto-return is notified once the run is committed. A notification
 * that cannot be sent never fails the committed run (the customers stay returned, the reminder
 * recorded): it is logged (`after-commit-logged`). One event per owner, so one owner's failure
 * does not keep the others from being told.
 */
export function subscribeToEvents(services: Services) {
  services.events.on(ReturnSoonReminded, 'after-commit-logged', async (e) => {
    const tenant = e.tenantId ? await services.tenants.find(e.tenantId) : null;
    await publish(
      services,
      REMINDER_NOTIFICATION,
      {
        title: { resourceName: RESOURCE, name: 'Reminder:Title' },
        message: { resourceName: RESOURCE, name: 'Reminder:Message', values: { count: e.count, days: e.days } },
        count: e.count,
        days: e.days,
        url: '/crm/customer',
      },
      { tenant, users: [e.userId] },
    );
  });
}
