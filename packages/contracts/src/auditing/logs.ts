import { z } from 'zod';
import { emptyToUndefined, trimmedOrUndefined } from '../fields.ts';
import { pagedQuery } from '../paging.ts';

/**
 * Query and reply shapes of the auditing API (contract §2, §10): the audit log, the security log
 * and the user's own security log. Filters arrive as query texts (dates as ISO texts).
 */
const text = (max: number) => z.preprocess(trimmedOrUndefined, z.string().max(max).optional());
const time = z.preprocess(emptyToUndefined, z.coerce.date().optional());
const int = (min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).optional());
const bool = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : String(v).toLowerCase()),
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
);

export const auditLogFilters = {
  startTime: time,
  endTime: time,
  userName: text(256),
  url: text(512),
  httpMethod: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : emptyToUndefined(v)),
    z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).optional(),
  ),
  httpStatusCode: int(100, 599),
  minExecutionDuration: int(0, 2_147_483_647),
  maxExecutionDuration: int(0, 2_147_483_647),
  hasException: bool,
  clientIpAddress: text(64),
  clientId: text(64),
  correlationId: text(64),
  applicationName: text(96),
};

export const auditLogQuery = pagedQuery.extend(auditLogFilters);
export type AuditLogQuery = z.infer<typeof auditLogQuery>;
export const auditLogExportQuery = z.object({ sorting: pagedQuery.shape.sorting, ...auditLogFilters });
export type AuditLogFilter = z.infer<typeof auditLogExportQuery>;

export const securityLogFilters = {
  startTime: time,
  endTime: time,
  applicationName: text(96),
  identity: text(96),
  action: text(96),
  userName: text(256),
  clientId: text(64),
  clientIpAddress: text(64),
  correlationId: text(64),
};
export const securityLogQuery = pagedQuery.extend(securityLogFilters);
export type SecurityLogQuery = z.infer<typeof securityLogQuery>;
export const securityLogExportQuery = z.object({ sorting: pagedQuery.shape.sorting, ...securityLogFilters });
export type SecurityLogFilter = z.infer<typeof securityLogExportQuery>;

/** The current user's own log: time range and action only. */
export const mySecurityLogQuery = pagedQuery.extend({
  startTime: time,
  endTime: time,
  action: text(96),
});
export type MySecurityLogQuery = z.infer<typeof mySecurityLogQuery>;

export const logIdParams = z.object({ id: z.guid() });

/** `?ids=a&ids=b` (or one comma-separated value): 1 to 1000 ids. */
export const idsQuery = z.object({
  ids: z.preprocess(
    (v) =>
      v === undefined || v === null || v === ''
        ? []
        : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')),
    z.array(z.guid()).min(1).max(1000),
  ),
});

/** The reply of a bulk delete. */
export const deletedCountReply = z.object({ deletedCount: z.number().int() });

const propertyChange = z.object({
  propertyName: z.string(),
  originalValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
const entityChange = z.object({
  changeTime: z.string(),
  /** Created 0, Updated 1, Deleted 2. */
  changeType: z.number().int(),
  entityId: z.string(),
  entityTypeFullName: z.string(),
  propertyChanges: z.array(propertyChange),
});

const auditLogBase = {
  id: z.string(),
  applicationName: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  impersonatorUserId: z.string().nullable(),
  impersonatorUserName: z.string().nullable(),
  impersonatorTenantId: z.string().nullable(),
  executionTime: z.date(),
  executionDuration: z.number().int(),
  clientIpAddress: z.string().nullable(),
  clientId: z.string().nullable(),
  correlationId: z.string().nullable(),
  browserInfo: z.string().nullable(),
  httpMethod: z.string().nullable(),
  url: z.string().nullable(),
  exceptions: z.string().nullable(),
  httpStatusCode: z.number().int().nullable(),
};
/** List rows carry the number of entity changes, not the changes themselves. */
export const auditLogListDto = z.object({ ...auditLogBase, entityChangeCount: z.number().int() });
export const auditLogDto = z.object({ ...auditLogBase, entityChanges: z.array(entityChange) });

export const securityLogDto = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  applicationName: z.string().nullable(),
  identity: z.string().nullable(),
  action: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  clientId: z.string().nullable(),
  correlationId: z.string().nullable(),
  clientIpAddress: z.string().nullable(),
  browserInfo: z.string().nullable(),
  creationTime: z.date(),
  extraProperties: z.record(z.string(), z.unknown()),
});
