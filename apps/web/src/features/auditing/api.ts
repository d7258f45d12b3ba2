import type {
  auditLogDto,
  auditLogExportQuery,
  auditLogListDto,
  deletedCountReply,
  securityLogDto,
  securityLogExportQuery,
} from '@seller/contracts/auditing';
import type { Json } from '@seller/contracts/fields';
import type { z } from 'zod';
import type { CrudQuery } from '../../components/crud/index.ts';
import { downloadExport } from '../../components/crud/index.ts';
import type { PagedResult } from '../../lib/abp/types.ts';
import { http, type QueryParams } from '../../lib/http/index.ts';

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

/** The filters as sent in the query (dates as ISO texts). */
export type AuditLogFilters = Json<Omit<z.infer<typeof auditLogExportQuery>, 'sorting'>>;
export type SecurityLogFilters = Json<Omit<z.infer<typeof securityLogExportQuery>, 'sorting'>>;
type DeletedCount = z.infer<typeof deletedCountReply>;

const params = (q: Partial<CrudQuery>, f: object) => ({ ...q, ...f }) as QueryParams;

export const fetchAuditLogs = (q: CrudQuery, f: AuditLogFilters, signal?: AbortSignal) =>
  http.get<PagedResult<AuditLogListItem>>(AUDIT_LOG_URL, params(q, f), { signal });
export const fetchAuditLog = (id: string) => http.get<AuditLog>(`${AUDIT_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteAuditLog = (id: string) => http.delete(`${AUDIT_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteAuditLogs = (ids: string[]) => http.delete<DeletedCount>(AUDIT_LOG_URL, { ids });
export const exportAuditLogs = (q: Partial<CrudQuery>, f: AuditLogFilters, fileName: string) =>
  downloadExport(`${AUDIT_LOG_URL}/export`, params({ sorting: q.sorting }, f), fileName);

export const fetchSecurityLogs = (q: CrudQuery, f: SecurityLogFilters, signal?: AbortSignal) =>
  http.get<PagedResult<SecurityLog>>(SECURITY_LOG_URL, params(q, f), { signal });
export const deleteSecurityLog = (id: string) => http.delete(`${SECURITY_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteSecurityLogs = (ids: string[]) => http.delete<DeletedCount>(SECURITY_LOG_URL, { ids });
export const exportSecurityLogs = (q: Partial<CrudQuery>, f: SecurityLogFilters, fileName: string) =>
  downloadExport(`${SECURITY_LOG_URL}/export`, params({ sorting: q.sorting }, f), fileName);

/** Security-log actions of the contract (§8), for the action filter. */
export const SECURITY_ACTIONS = [
  'LoginSucceeded',
  'LoginFailed',
  'LoginInvalidUserName',
  'LoginInvalidUserNameOrPassword',
  'LoginLockedout',
  'LoginNotAllowed',
  'Logout',
  'ChangePassword',
  'SecurityCodeFailed',
  'PhoneNumberRegister',
  'ResetPassword',
  'ImpersonationStarted',
  'ImpersonationEnded',
] as const;

export const HTTP_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'] as const;
