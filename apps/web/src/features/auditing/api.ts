import type { CrudQuery } from '../../components/crud/index.ts';
import { downloadExport } from '../../components/crud/index.ts';
import type { PagedResult } from '../../lib/abp/types.ts';
import { http, type QueryParams } from '../../lib/http/index.ts';

/** Auditing API (contract §10): audit log, security log, the user's own security log. */
export const AUDIT_LOG_URL = '/api/auditing/audit-log';
export const SECURITY_LOG_URL = '/api/auditing/security-log';

export const Permissions = {
  AuditLog: 'AbpAuditing.AuditLog',
  AuditLogDelete: 'AbpAuditing.AuditLog.Delete',
  SecurityLog: 'AbpAuditing.SecurityLog',
  SecurityLogDelete: 'AbpAuditing.SecurityLog.Delete',
} as const;

export interface PropertyChange {
  propertyName: string;
  originalValue: string | null;
  newValue: string | null;
}

export interface EntityChange {
  changeTime: string;
  /** Created 0, Updated 1, Deleted 2 */
  changeType: 0 | 1 | 2;
  entityId: string;
  entityTypeFullName: string;
  propertyChanges: PropertyChange[];
}

export interface AuditLogBase {
  id: string;
  applicationName: string | null;
  userId: string | null;
  userName: string | null;
  tenantId: string | null;
  tenantName: string | null;
  impersonatorUserId: string | null;
  impersonatorUserName: string | null;
  impersonatorTenantId: string | null;
  executionTime: string;
  executionDuration: number;
  clientIpAddress: string | null;
  clientId: string | null;
  correlationId: string | null;
  browserInfo: string | null;
  httpMethod: string | null;
  url: string | null;
  exceptions: string | null;
  httpStatusCode: number | null;
}
export interface AuditLogListItem extends AuditLogBase {
  entityChangeCount: number;
}
export interface AuditLog extends AuditLogBase {
  entityChanges: EntityChange[];
}

export interface SecurityLog {
  id: string;
  tenantId: string | null;
  tenantName: string | null;
  applicationName: string | null;
  identity: string | null;
  action: string;
  userId: string | null;
  userName: string | null;
  clientId: string | null;
  correlationId: string | null;
  clientIpAddress: string | null;
  browserInfo: string | null;
  creationTime: string;
  extraProperties: Record<string, unknown>;
}

export interface AuditLogFilters {
  startTime?: string;
  endTime?: string;
  userName?: string;
  url?: string;
  httpMethod?: string;
  httpStatusCode?: number;
  minExecutionDuration?: number;
  maxExecutionDuration?: number;
  hasException?: boolean;
  clientIpAddress?: string;
  correlationId?: string;
}

export interface SecurityLogFilters {
  startTime?: string;
  endTime?: string;
  identity?: string;
  action?: string;
  userName?: string;
  clientId?: string;
  clientIpAddress?: string;
  correlationId?: string;
}

const params = (q: Partial<CrudQuery>, f: object) => ({ ...q, ...f }) as QueryParams;

export const fetchAuditLogs = (q: CrudQuery, f: AuditLogFilters, signal?: AbortSignal) =>
  http.get<PagedResult<AuditLogListItem>>(AUDIT_LOG_URL, params(q, f), { signal });
export const fetchAuditLog = (id: string) => http.get<AuditLog>(`${AUDIT_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteAuditLog = (id: string) => http.delete(`${AUDIT_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteAuditLogs = (ids: string[]) => http.delete<{ deletedCount: number }>(AUDIT_LOG_URL, { ids });
export const exportAuditLogs = (q: Partial<CrudQuery>, f: AuditLogFilters, fileName: string) =>
  downloadExport(`${AUDIT_LOG_URL}/export`, params({ sorting: q.sorting }, f), fileName);

export const fetchSecurityLogs = (q: CrudQuery, f: SecurityLogFilters, signal?: AbortSignal) =>
  http.get<PagedResult<SecurityLog>>(SECURITY_LOG_URL, params(q, f), { signal });
export const deleteSecurityLog = (id: string) => http.delete(`${SECURITY_LOG_URL}/{id}`, undefined, { path: { id } });
export const deleteSecurityLogs = (ids: string[]) => http.delete<{ deletedCount: number }>(SECURITY_LOG_URL, { ids });
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
