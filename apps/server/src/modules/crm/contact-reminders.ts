import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Services } from '../../core/services.ts';
import { defineNotificationGroup, publish } from '../notifications/index.ts';
import { crmContactReminders } from './activities/schema.ts';
import { crmCustomers } from './customers/schema.ts';
import { crmNotificationGroup } from './notification-group.ts';
import { midnight, today } from './reports/queries.ts';

export const CONTACT_REMINDER_JOB = 'crm.activities.contact-reminder';
/** Every hour: each tenant is reminded at its first run from 08:00 of its own time zone on. */
export const CONTACT_REMINDER_CRON = '0 * * * *';
/** The local hour from which a tenant's owners are reminded of the day's contacts. */
const REMIND_FROM_HOUR = 8;
/** The notification each owner gets: the customers whose next contact is today. */
export const CONTACT_REMINDER = 'Crm.ContactReminder';
/** Customers named in one reminder (the count says how many there are). */
const NAMED = 5;

const contactReminders = crmNotificationGroup({
  name: CONTACT_REMINDER,
  displayName: { en: 'Customers to contact today', 'zh-Hans': '今日待联系客户' },
  description: {
    en: 'Every morning, the customers you own whose next contact is that day.',
    'zh-Hans': '每天早上提醒您负责的、下次联系时间为当天的客户。',
  },
});

const HOUR = 3_600_000;

/** The calendar day of `now` in `timeZone` (`YYYY-MM-DD`), its bounds and the local hour. */
export function reminderDay(now: Date, timeZone: string) {
  const day = today(timeZone, now);
  const start = midnight(day, timeZone);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
  return { day, start, end: midnight(next, timeZone), hour: Math.floor((now.getTime() - start.getTime()) / HOUR) };
}

/**
 * One notification per owner of customers whose next contact falls on today (the tenant's
 * calendar day, setting `Abp.Timing.TimeZone`), naming the first few, from 08:00 local time on.
 * Idempotent per day: the (user, day) row is written first, so a later run of the same day (the
 * next hour's, a retry) sends nothing; a failed send removes it again.
 */
export async function remindContacts(services: Services, now = new Date(), opts = { fromHour: REMIND_FROM_HOUR }) {
  // tenants with a next contact near now (any time zone's today lies within these bounds)
  const tenants = await services.data.unscoped((tx) =>
    tx
      .selectDistinct({ tenantId: crmCustomers.tenantId })
      .from(crmCustomers)
      .where(
        and(
          isNotNull(crmCustomers.ownerUserId),
          eq(crmCustomers.isDeleted, false),
          gte(crmCustomers.contactNextTime, new Date(now.getTime() - 30 * HOUR)),
          lt(crmCustomers.contactNextTime, new Date(now.getTime() + 30 * HOUR)),
        ),
      ),
  );
  let sent = 0;
  for (const { tenantId } of tenants) {
    const tenant = tenantId ? await services.tenants.find(tenantId) : null;
    if (tenantId && !tenant) continue;
    const { day, start, end, hour } = reminderDay(now, await services.timeZone({ tenant }));
    if (hour < opts.fromHour) continue;
    sent += await remindTenant(services, tenant, day, start, end);
  }
  return { tenants: tenants.length, sent };
}

async function remindTenant(
  services: Services,
  tenant: Awaited<ReturnType<Services['tenants']['find']>>,
  day: string,
  start: Date,
  end: Date,
) {
  const due = await services.data.inTenant({ tenant }, (tx) =>
    tx
      .select({
        tenantId: crmCustomers.tenantId,
        userId: crmCustomers.ownerUserId,
        count: sql<number>`count(*)::int`,
        names: sql<
          string[]
        >`(array_agg(${crmCustomers.name} order by ${crmCustomers.contactNextTime}, ${crmCustomers.name}))[1:${sql.raw(String(NAMED))}]`,
      })
      .from(crmCustomers)
      .where(
        and(
          tenant ? eq(crmCustomers.tenantId, tenant.id) : sql`${crmCustomers.tenantId} is null`,
          isNotNull(crmCustomers.ownerUserId),
          eq(crmCustomers.isDeleted, false),
          gte(crmCustomers.contactNextTime, start),
          lt(crmCustomers.contactNextTime, end),
        ),
      )
      .groupBy(crmCustomers.tenantId, crmCustomers.ownerUserId),
  );
  let sent = 0;
  for (const d of due) {
    const userId = d.userId!;
    const claimed = await services.data.inTenant({ tenant }, (tx) =>
      tx
        .insert(crmContactReminders)
        .values({ tenantId: d.tenantId, userId, day, customerCount: d.count })
        .onConflictDoNothing()
        .returning({ userId: crmContactReminders.userId }),
    );
    if (!claimed.length) continue;
    const names = d.names.join(', ') + (d.count > d.names.length ? '…' : '');
    try {
      await publish(
        services,
        CONTACT_REMINDER,
        {
          title: { resourceName: 'CrmActivities', name: 'ReminderTitle' },
          message: { resourceName: 'CrmActivities', name: 'ReminderMessage', values: [d.count, names] },
          day,
          customerCount: d.count,
        },
        { tenant, users: [userId] },
      );
      sent++;
    } catch (e) {
      await services.data.inTenant({ tenant }, (tx) =>
        tx
          .delete(crmContactReminders)
          .where(and(eq(crmContactReminders.userId, userId), eq(crmContactReminders.day, day))),
      );
      throw e;
    }
  }
  return sent;
}

/**
 * The CRM's contact reminder job: the daily reminder of today's contacts. It reads the customers'
 * next contact (the follow-ups set it), so it is the module's, started with it, not an area's.
 */
export async function defineJobs(services: Services) {
  defineNotificationGroup(contactReminders);
  await services.jobs.defineScheduled(CONTACT_REMINDER_JOB, CONTACT_REMINDER_CRON, () => remindContacts(services), {
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 10 * 60,
  });
}
