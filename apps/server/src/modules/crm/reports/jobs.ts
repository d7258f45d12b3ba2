import type { Services } from '../../../core/services.ts';
import { defineNotificationGroup } from '../../notifications/index.ts';
import { crmNotificationGroup } from '../notification-group.ts';
import { REPORT_RECEIVED } from './events.ts';

/** What job reports publish: a recipient is told when a report is sent to them. */
const reportNotifications = crmNotificationGroup({
  name: REPORT_RECEIVED,
  displayName: { en: 'Job report received', 'zh-Hans': '收到工作报告' },
  description: {
    en: 'A colleague sent you a daily, weekly or monthly report.',
    'zh-Hans': '同事向你发送了日报、周报或月报。',
  },
});

/** Job reports have no background job; their start declares the notification they publish. */
export async function defineJobs(_services: Services) {
  defineNotificationGroup(reportNotifications);
}
