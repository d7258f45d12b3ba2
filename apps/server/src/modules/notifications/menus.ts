import type { MenuDefinition } from '../../core/module.ts';

/** Notifications: the inbox and sending (codes are unique across modules; the kernel checks). */
export const menus: MenuDefinition[] = [
  {
    code: '00006',
    name: 'Message',
    displayName: '消息中心',
    path: '/message',
    component: 'Layout',
    redirect: '/message/notification',
    meta: { title: 'Menus::Message', icon: 'message', hidden: true },
    isPublic: true,
  },
  {
    code: '00006.00001',
    name: 'Notification',
    displayName: '通知',
    path: 'notification',
    component: 'notifications/notification/index',
    meta: { title: 'Menus::Notification', icon: 'notification', hidden: true },
    isPublic: true,
  },
  {
    code: '00007',
    name: 'NotificationManagement',
    displayName: '通知管理',
    path: '/notifications',
    component: 'Layout',
    meta: {
      title: 'Menus::NotificationManagement',
      icon: 'notification',
      alwaysShow: true,
      permission: 'Notifications.Notification.Send',
    },
  },
  {
    code: '00007.00001',
    name: 'NotificationSend',
    displayName: '发送公告',
    path: 'send',
    component: 'notifications/send/index',
    meta: { title: 'Menus::NotificationSend', icon: 'message', permission: 'Notifications.Notification.Send' },
  },
];
