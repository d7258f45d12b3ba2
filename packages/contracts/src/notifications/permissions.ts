import { permissionGroup } from '../permissions.ts';

export const notificationsPermissions = permissionGroup('Notifications', ['Notifications', '通知'], 'both', {
  'Notifications.Notification': { displayName: ['Notifications', '通知'], children: { Send: ['Send', '发送'] } },
});
