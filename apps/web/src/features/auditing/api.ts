import type { auditLogDto, auditLogListDto, deletedCountReply, securityLogDto } from '@seller/contracts/auditing';
import type { Json } from '@seller/contracts/fields';
import type { z } from 'zod';
import { http } from '../../lib/http/index.ts';

/** Auditing API (contract §10): audit log, security log, the user's own security log; shapes are the server's schemas, as JSON. */
export const AUDIT_LOG_URL = '/api/auditing/audit-log';
export const SECURITY_LOG_URL = '/api/auditing/security-log';

export const Permissions = {
  AuditLog: 'AbpAuditing.AuditLog',
  AuditLogDelete: 'AbpAuditing.AuditLog.Delete',
  SecurityLog: 'AbpAuditing.SecurityLog',
  SecurityLogDelete: 'AbpAuditing.SecurityLog.Delete',
} as const;

type AuditLogRead = Json<z.infer<typeof auditLogDto>>;
export type EntityChange = AuditLogRead['entityChanges'][number];
export type PropertyChange = EntityChange['propertyChanges'][number];
export type AuditLog = AuditLogRead;
export type AuditLogListItem = Json<z.infer<typeof auditLogListDto>>;
export type SecurityLog = Json<z.infer<typeof securityLogDto>>;

type DeletedCount = z.infer<typeof deletedCountReply>;

export const fetchAuditLog = (id: string) => http.get<AuditLog>(`${AUDIT_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteAuditLog = (id: string) => http.delete(`${AUDIT_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteAuditLogs = (ids: string[]) => http.delete<DeletedCount>(AUDIT_LOG_URL, { ids });

export const deleteSecurityLog = (id: string) => http.delete(`${SECURITY_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteSecurityLogs = (ids: string[]) => http.delete<DeletedCount>(SECURITY_LOG_URL, { ids });
