import type { defineNotificationGroup } from '../notifications/index.ts';

type NotificationGroup = Parameters<typeof defineNotificationGroup>[0];

/**
 * The CRM's notification group holding `notifications`. Build it once, at module level: the
 * notifications module registers a group object once, however many apps start in the process.
 */
export const crmNotificationGroup = (...notifications: NotificationGroup['notifications']): NotificationGroup => ({
  name: 'Crm',
  displayName: { en: 'Customer management', 'zh-Hans': '客户管理' },
  notifications,
});
