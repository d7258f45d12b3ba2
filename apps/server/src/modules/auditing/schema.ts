import { index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { EntityChange } from '../../core/audit-changes.ts';
import { id, tenantId, time } from '../../core/db/columns.ts';

export type { EntityChange, PropertyChange } from '../../core/audit-changes.ts';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    tenantId: tenantId(),
    tenantName: varchar('tenant_name', { length: 64 }),
    applicationName: varchar('application_name', { length: 96 }),
    userId: uuid('user_id'),
    userName: varchar('user_name', { length: 256 }),
    impersonatorUserId: uuid('impersonator_user_id'),
    impersonatorUserName: varchar('impersonator_user_name', { length: 256 }),
    impersonatorTenantId: uuid('impersonator_tenant_id'),
    executionTime: time('execution_time').notNull(),
    executionDuration: integer('execution_duration').notNull(),
    clientIpAddress: varchar('client_ip_address', { length: 64 }),
    clientId: varchar('client_id', { length: 64 }),
    correlationId: varchar('correlation_id', { length: 64 }),
    browserInfo: varchar('browser_info', { length: 512 }),
    httpMethod: varchar('http_method', { length: 16 }),
    url: varchar('url', { length: 512 }),
    exceptions: text('exceptions'),
    httpStatusCode: integer('http_status_code'),
    entityChanges: jsonb('entity_changes').$type<EntityChange[]>().notNull().default([]),
  },
  // the list's sort keys, each behind the tenant
  (t) => [
    index('audit_logs_tenant_ix').on(t.tenantId, t.executionTime),
    index('audit_logs_user_name_ix').on(t.tenantId, t.userName),
    index('audit_logs_http_method_ix').on(t.tenantId, t.httpMethod),
    index('audit_logs_url_ix').on(t.tenantId, t.url),
    index('audit_logs_http_status_code_ix').on(t.tenantId, t.httpStatusCode),
    index('audit_logs_execution_duration_ix').on(t.tenantId, t.executionDuration),
    index('audit_logs_client_ip_address_ix').on(t.tenantId, t.clientIpAddress),
    index('audit_logs_application_name_ix').on(t.tenantId, t.applicationName),
  ],
);
