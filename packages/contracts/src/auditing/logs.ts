import { z } from 'zod';
import { emptyToUndefined, extraProperties, queryFlag, trimmedOrUndefined } from '../fields.ts';
import { column, type DeclaredList, defineList, filter, type ListSpec } from '../lists.ts';

/**
 * Query and reply shapes of the auditing API (contract §2, §10): the audit log, the security log
 * and the user's own security log. Filters arrive as query texts (dates as ISO texts).
 */
const text = (max: number) => z.preprocess(trimmedOrUndefined, z.string().max(max).optional());
const int = (min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).optional());
const bool = queryFlag.transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** HTTP methods an audit row can carry (the filter's values). */
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** Security-log actions of the contract (§8): the action filter's values, `Action:<value>` their texts. */
export const securityLogActions = [
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
export const securityLogIdentities = ['OpenIddict', 'Identity', 'Account'] as const;

/**
 * The kit's list with some query members read by this API's own, older schemas: ABP clients send
 * `httpMethod=put`, `hasException=1`, integers for the status and durations, and actions the
 * picker does not list. The page draws the filter from the declaration; the server reads the
 * member as before. (The kit has no integer filter and no "open" enum.)
 */
function keepMembers<L extends ListSpec>(list: DeclaredList<L>, members: Record<string, z.ZodType>): DeclaredList<L> {
  return {
    ...list,
    filters: list.filters.extend(members),
    query: list.query.extend(members),
    exportQuery: list.exportQuery.extend(members),
  };
}

const time = filter.dateRange('startTime', 'endTime', { label: 'TimeRange' });

export const auditLogList = keepMembers(
  defineList({
    texts: 'AbpAuditing',
    exportName: 'AuditLogs',
    filters: {
      time,
      userName: filter.text(256),
      url: filter.text(512),
      httpMethod: filter.enum(httpMethods),
      httpStatusCode: filter.text(3),
      executionDuration: filter.range('quantity', 'minExecutionDuration', 'maxExecutionDuration'),
      hasException: filter.bool(),
      clientIpAddress: filter.text(64),
      clientId: filter.text(64),
      correlationId: filter.text(64),
      applicationName: filter.text(96),
    },
    columns: {
      executionTime: column.dateTime({ sort: true, width: 170 }),
      userName: column.text({ sort: true, width: 160 }),
      impersonatorUserName: column.text({ header: 'Impersonator', exportOnly: true }),
      httpMethod: column.text({ sort: true, width: 100 }),
      url: column.text({ sort: true, width: 360 }),
      httpStatusCode: column.quantity({ sort: true, width: 90 }),
      executionDuration: column.quantity({ sort: true, width: 120 }),
      entityChangeCount: column.quantity({ width: 90 }),
      exceptions: column.text({ exportOnly: true, width: 190 }),
      clientIpAddress: column.text({ sort: true, width: 130 }),
      clientId: column.text({ hidden: true }),
      correlationId: column.text({ hidden: true, width: 280 }),
      tenantName: column.text({ hidden: true }),
      browserInfo: column.text({ exportOnly: true, width: 320 }),
    },
    sorts: ['applicationName'],
    defaultSort: 'executionTime desc',
  }),
  {
    httpMethod: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : emptyToUndefined(v)),
      z.enum(httpMethods).optional(),
    ),
    httpStatusCode: int(100, 599),
    minExecutionDuration: int(0, 2_147_483_647),
    maxExecutionDuration: int(0, 2_147_483_647),
    hasException: bool,
  },
);
export type AuditLogQuery = z.infer<typeof auditLogList.query>;
export type AuditLogFilter = z.infer<typeof auditLogList.exportQuery>;

const securityColumns = {
  creationTime: column.dateTime({ sort: true, width: 170 }),
  identity: column.text({ sort: true, width: 110 }),
  action: column.enum(securityLogActions, { sort: true, texts: 'Action:', width: 200 }),
  userName: column.text({ sort: true }),
  clientId: column.text({ sort: true }),
  clientIpAddress: column.text({ sort: true }),
  correlationId: column.text({ hidden: true, width: 280 }),
  tenantName: column.text({ hidden: true }),
  applicationName: column.text({ sort: true, hidden: true }),
  browserInfo: column.text({ hidden: true, width: 320 }),
  impersonationDetails: column.text({ header: 'ImpersonationDetails', exportOnly: true, width: 320 }),
};
/** Actions and identities outside the pickers' lists are still asked for as they are. */
const openSecurityMembers = { identity: text(96), action: text(96) };

export const securityLogList = keepMembers(
  defineList({
    texts: 'AbpAuditing',
    exportName: 'SecurityLogs',
    filters: {
      time,
      action: filter.enum(securityLogActions, { texts: 'Action:' }),
      identity: filter.enum(securityLogIdentities, { texts: 'Identity:' }),
      userName: filter.text(256),
      clientId: filter.text(64),
      clientIpAddress: filter.text(64),
      correlationId: filter.text(64),
      applicationName: filter.text(96),
    },
    columns: securityColumns,
    defaultSort: 'creationTime desc',
  }),
  openSecurityMembers,
);
export type SecurityLogQuery = z.infer<typeof securityLogList.query>;
export type SecurityLogFilter = z.infer<typeof securityLogList.exportQuery>;

/** The current user's own log: time range and action only. */
export const mySecurityLogList = keepMembers(
  defineList({
    texts: 'AbpAuditing',
    exportName: 'MySecurityLog',
    filters: { time, action: filter.enum(securityLogActions, { texts: 'Action:' }) },
    columns: securityColumns,
    defaultSort: 'creationTime desc',
  }),
  { action: openSecurityMembers.action },
);
export type MySecurityLogQuery = z.infer<typeof mySecurityLogList.query>;

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

/** Who made the request a log row records, and from where: both logs say it alike. */
const requestOrigin = {
  id: z.string(),
  applicationName: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  clientIpAddress: z.string().nullable(),
  clientId: z.string().nullable(),
  correlationId: z.string().nullable(),
  browserInfo: z.string().nullable(),
};

const auditLogBase = {
  ...requestOrigin,
  impersonatorUserId: z.string().nullable(),
  impersonatorUserName: z.string().nullable(),
  impersonatorTenantId: z.string().nullable(),
  executionTime: z.date(),
  executionDuration: z.number().int(),
  httpMethod: z.string().nullable(),
  url: z.string().nullable(),
  exceptions: z.string().nullable(),
  httpStatusCode: z.number().int().nullable(),
};
/** List rows carry the number of entity changes, not the changes themselves. */
export const auditLogListDto = z.object({ ...auditLogBase, entityChangeCount: z.number().int() });
export const auditLogDto = z.object({ ...auditLogBase, entityChanges: z.array(entityChange) });

export const securityLogDto = z.object({
  ...requestOrigin,
  identity: z.string().nullable(),
  action: z.string(),
  creationTime: z.date(),
  ...extraProperties,
});
