import { registerResource } from '../../platform/localization/index.ts';

/** Titles of the seeded menu entries (`meta.title` = `Menus::<key>`). */
registerResource('Menus', {
  en: {
    Dashboard: 'Dashboard',
    Profile: 'Profile',
    PersonalInfo: 'Personal info',
    PersonalSettings: 'Personal settings',
    Admin: 'Administration',
    Users: 'Users',
    Roles: 'Roles',
    Tenants: 'Tenants',
    OrganizationUnits: 'Organization units',
    ClaimTypes: 'Claim types',
    Settings: 'Settings',
    Auditing: 'Auditing',
    AuditLogs: 'Audit logs',
    SecurityLogs: 'Security logs',
    Container: 'Container',
    Layouts: 'Layouts',
    Menus: 'Menus',
  },
  'zh-Hans': {
    Dashboard: '仪表盘',
    Profile: '个人中心',
    PersonalInfo: '个人信息',
    PersonalSettings: '个人设置',
    Admin: '系统管理',
    Users: '用户管理',
    Roles: '角色管理',
    Tenants: '租户管理',
    OrganizationUnits: '组织机构',
    ClaimTypes: '声明类型',
    Settings: '系统设置',
    Auditing: '审计日志',
    AuditLogs: '审计日志',
    SecurityLogs: '安全日志',
    Container: '容器管理',
    Layouts: '布局管理',
    Menus: '菜单管理',
  },
});

/** Messages and entity names of the platform module. */
registerResource('AppPlatform', {
  en: {
    Menu: 'Menu',
    Layout: 'Layout',
    MenuNameExists: 'A menu named {1} already exists at this level.',
    LayoutNameExists: 'A layout named {1} already exists.',
    MenuParentCycle: 'A menu cannot be moved under itself or one of its children.',
    MenuLevelFull: 'No more menus can be added at this level.',
  },
  'zh-Hans': {
    Menu: '菜单',
    Layout: '布局',
    MenuNameExists: '同级菜单中已存在名为 {1} 的菜单。',
    LayoutNameExists: '名为 {1} 的布局已存在。',
    MenuParentCycle: '菜单不能移动到其自身或其子菜单之下。',
    MenuLevelFull: '此级别不能再添加菜单。',
  },
});
