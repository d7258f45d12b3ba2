import { type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

export const notificationsPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'Notifications',
    displayName: ['Notifications', '通知'],
    permissions: withChildren('Notifications.Notification', ['Send']),
  },
  {
    'Notifications.Notification': ['Notifications', '通知'],
    'Notifications.Notification.Send': ['Send', '发送'],
  },
);
