import { eq, inArray } from 'drizzle-orm';
import { type CrudContext, owned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { notFound } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { securityLogs } from '../identity/index.ts';
import { AUDIT_LOG, type LogTable, SECURITY_LOG } from './queries.ts';
import { auditLogs } from './schema.ts';

/** Deletes row `id` of `table` in the current tenant: 404 naming `entity` when there is none. */
async function deleteLog(tx: Tx, ctx: CrudContext, table: LogTable, entity: string, id: string) {
  const deleted = await tx
    .delete(table)
    .where(owned(ctx, table, eq(table.id, id)))
    .returning({ id: table.id });
  if (!deleted.length) throw notFound(entity, id);
}

/** Deletes the listed rows of `table` in the current tenant; ids of other tenants or unknown ids are ignored. */
async function deleteLogs(tx: Tx, ctx: CrudContext, table: LogTable, ids: string[]) {
  const deleted = await tx
    .delete(table)
    .where(owned(ctx, table, inArray(table.id, ids)))
    .returning({ id: table.id });
  return deleted.length;
}

/**
 * The auditing module's writes (the service shape, `docs/architecture.md`): the clean-up of either
 * log, one entry (404 when there is none) or several (the count deleted), each taking the open
 * transaction and the context. None opens a unit of work; no other area reacts to a deleted log
 * entry, so none raises an event. Writing the audit log is the request pipeline's (`service.ts`).
 */
export const auditingCommands = (_services: Pick<Services, 'events'>) => ({
  deleteAuditLog: (tx: Tx, ctx: CrudContext, id: string) => deleteLog(tx, ctx, auditLogs, AUDIT_LOG, id),
  deleteAuditLogs: (tx: Tx, ctx: CrudContext, ids: string[]) => deleteLogs(tx, ctx, auditLogs, ids),
  deleteSecurityLog: (tx: Tx, ctx: CrudContext, id: string) => deleteLog(tx, ctx, securityLogs, SECURITY_LOG, id),
  deleteSecurityLogs: (tx: Tx, ctx: CrudContext, ids: string[]) => deleteLogs(tx, ctx, securityLogs, ids),
});
