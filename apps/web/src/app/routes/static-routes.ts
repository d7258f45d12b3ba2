import type { MenuDto } from '../../lib/abp/types.ts';

const staticMenu = (m: Omit<MenuDto, 'displayName'> & { displayName?: string }): MenuDto => ({
  displayName: m.name,
  ...m,
});

/**
 * Routes of the signed-in area that exist whatever the server menu says (spec §2): the fixed
 * Dashboard tab, the personal pages, and the notification view-all target. Hidden ones stay out of
 * the sidebar. A server menu with the same path replaces the static entry.
 */
export const staticLayoutMenus: MenuDto[] = [
  staticMenu({
    id: 'static:dashboard',
    parentId: null,
    code: '00000',
    path: '/dashboard',
    name: 'Dashboard',
    component: 'dashboard/index',
    meta: { title: 'layout.dashboard', icon: 'dashboard', affix: true },
  }),
  staticMenu({
    id: 'static:profile',
    parentId: null,
    code: '99990',
    path: '/profile',
    name: 'Profile',
    component: 'Layout',
    redirect: 'noRedirect',
    meta: { title: 'layout.profile', icon: 'user', hidden: true },
  }),
  staticMenu({
    id: 'static:profile-index',
    parentId: 'static:profile',
    code: '99990.00001',
    path: 'index',
    name: 'PersonalInfo',
    component: 'profile/index',
    meta: { title: 'layout.personalInfo', icon: 'user', hidden: true },
  }),
  staticMenu({
    id: 'static:profile-setting',
    parentId: 'static:profile',
    code: '99990.00002',
    path: 'setting',
    name: 'PersonalSetting',
    component: 'profile/setting',
    meta: { title: 'layout.personalSettings', icon: 'setting', hidden: true },
  }),
  staticMenu({
    id: 'static:message',
    parentId: null,
    code: '99991',
    path: '/message',
    name: 'Message',
    component: 'Layout',
    redirect: '/message/notification',
    meta: { title: 'layout.messages', icon: 'message', hidden: true },
  }),
  staticMenu({
    id: 'static:message-notification',
    parentId: 'static:message',
    code: '99991.00001',
    path: 'notification',
    name: 'Notification',
    component: 'message/notification',
    meta: { title: 'layout.notifications', icon: 'message', hidden: true },
  }),
];
