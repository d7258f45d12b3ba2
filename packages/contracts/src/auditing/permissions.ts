import { CRUD_CHILDREN, permissionGroup } from '../permissions.ts';

export const auditingPermissions = permissionGroup('AbpAuditing', ['Auditing', '审计日志'], 'both', {
  'AbpAuditing.AuditLog': { displayName: ['Audit logs', '审计日志'], children: { Delete: CRUD_CHILDREN.Delete } },
  'AbpAuditing.SecurityLog': { displayName: ['Security logs', '安全日志'], children: { Delete: CRUD_CHILDREN.Delete } },
});
