import { permissionGroup } from '../permissions.ts';

export const auditingPermissions = permissionGroup('AbpAuditing', ['Auditing', '审计日志'], 'both', {
  'AbpAuditing.AuditLog': { displayName: ['Audit logs', '审计日志'], children: { Delete: ['Delete', '删除'] } },
  'AbpAuditing.SecurityLog': { displayName: ['Security logs', '安全日志'], children: { Delete: ['Delete', '删除'] } },
});
