import { defineEvent } from '../../../core/events.ts';
import type { Services } from '../../../core/services.ts';
import { publish } from '../../notifications/index.ts';

/** The notification a recipient gets when a report is sent to them. */
export const REPORT_RECEIVED = 'Crm.ReportReceived';

/** A report was sent to `userIds` (written, or edited to add them): they are told after the commit. */
export const ReportSent = defineEvent<{
  tenantId: string | null;
  reportId: string;
  title: string;
  period: string;
  author: string;
  creatorId: string | null;
  userIds: string[];
}>('crm.report-sent');

/**
 * The recipients of a sent report are told once it is committed. A notification that cannot be
 * sent never fails the report's write (it is committed): the request still answers with the
 * report, and the failure is logged (`after-commit-logged`).
 */
export function subscribeToEvents(services: Services) {
  services.events.on(ReportSent, 'after-commit-logged', async (e) => {
    const tenant = e.tenantId ? await services.tenants.find(e.tenantId) : null;
    await publish(
      services,
      REPORT_RECEIVED,
      {
        title: {
          resourceName: 'CrmReports',
          name: 'Notification:Title',
          values: { author: e.author, title: e.title },
        },
        message: {
          resourceName: 'CrmReports',
          name: 'Notification:Message',
          values: { author: e.author, title: e.title, period: e.period },
        },
        reportId: e.reportId,
        url: `/crm/job-report?id=${e.reportId}`,
      },
      { users: e.userIds, tenant, creatorId: e.creatorId },
    );
  });
}
