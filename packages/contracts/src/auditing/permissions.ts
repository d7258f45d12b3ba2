import { type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

export const auditingPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'AbpAuditing',
    displayName: ['Auditing', '审计日志'],
    permissions: [
      ...withChildren('AbpAuditing.AuditLog', ['Delete']),
      ...withChildren('AbpAuditing.SecurityLog', ['Delete']),
    ],
  },
  {
    'AbpAuditing.AuditLog': ['Audit logs', '审计日志'],
    'AbpAuditing.SecurityLog': ['Security logs', '安全日志'],
  },
);
