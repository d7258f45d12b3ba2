import type { MenuDefinition } from '../../core/module.ts';

/** Audit and security logs (codes are unique across modules; the kernel checks). */
export const menus: MenuDefinition[] = [
  {
    code: '00004',
    name: 'Auditing',
    displayName: '审计日志',
    path: '/auditing',
    component: 'Layout',
    meta: {
      title: 'Menus::Auditing',
      icon: 'AuditOutlined',
      alwaysShow: true,
      permissions: ['AbpAuditing.AuditLog', 'AbpAuditing.SecurityLog'],
    },
  },
  {
    code: '00004.00001',
    name: 'AuditLog',
    displayName: '审计日志',
    path: 'audit-log',
    component: 'auditing/audit-log/index',
    meta: { title: 'Menus::AuditLogs', icon: 'FileSearchOutlined', permission: 'AbpAuditing.AuditLog' },
  },
  {
    code: '00004.00002',
    name: 'SecurityLog',
    displayName: '安全日志',
    path: 'security-log',
    component: 'auditing/security-log/index',
    meta: { title: 'Menus::SecurityLogs', icon: 'SafetyOutlined', permission: 'AbpAuditing.SecurityLog' },
  },
];
