import type { ConnectionStringInput, TenantCreateInput, TenantUpdateInput } from '@seller/contracts/tenants';
import { tenantList } from '@seller/contracts/tenants';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import { type CrudContext, modifiedBy, recordChange } from '../../core/crud.ts';
import { auditedFields, newConcurrencyStamp } from '../../core/db/columns.ts';
import { businessError, conflict, fieldError, notFound } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import { isUniqueViolation } from '../../core/resource.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { checkPasswordPolicy } from '../identity/index.ts';
import {
  canonicalDatabaseUrl,
  copyTenantRows,
  DEFAULT_CONNECTION,
  deleteTenantRows,
  firstTableWithRows,
  isDefaultConnection,
  openTenantDatabase,
  probeDatabase,
  tenantTables,
} from './databases.ts';
import { type ConnectionString, tenants } from './schema.ts';

/**
 * Tenant management (host side, spec §7 Tenants): the tenant registry, the set-up of a new
 * tenant (admin user, roles, grants, menus) and the database each tenant's data lives in.
 */
type Tenant = typeof tenants.$inferSelect;
type Ctx = CrudContext & Pick<RequestContext, 'culture'>;

export const TENANT = 'Tenant';

export function toTenantDto(t: Tenant) {
  return {
    id: t.id,
    name: t.name,
    normalizedName: t.normalizedName,
    isActive: t.isActive,
    hasOwnDatabase: t.connectionStrings.some((c) => isDefaultConnection(c.name) && !!c.value),
    concurrencyStamp: t.concurrencyStamp,
    extraProperties: t.extraProperties,
    ...auditedFields(t),
  };
}

const asCurrent = (t: Tenant): CurrentTenant => ({
  id: t.id,
  name: t.name,
  isActive: t.isActive,
  connectionStrings: t.connectionStrings,
});

/** Connection strings as the audit log shows them: passwords replaced. */
const masked = (list: ConnectionString[]) =>
  list.map((c) => ({ name: c.name, value: c.value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@') }));

const live = (...extra: Parameters<typeof and>) => and(eq(tenants.isDeleted, false), ...extra)!;

async function findRow(services: Services, id: string): Promise<Tenant> {
  const [row] = await services.data.unscoped((tx) =>
    tx
      .select()
      .from(tenants)
      .where(live(eq(tenants.id, id)))
      .limit(1),
  );
  if (!row) throw notFound(TENANT, id);
  return row;
}

/** The tenant registry as the host's list (the kit adds "not deleted": a host table has no tenant). */
export const tenantListService = listService(tenantList, {
  table: tenants,
  search: [tenants.name],
  filters: {},
  // the unique index on the normalized name serves the order (names differ only in case at most)
  sorts: { name: tenants.normalizedName },
  items: (_tx, _ctx, rows: Tenant[]) => rows.map(toTenantDto),
});

/** Every live tenant, in batches by id (jobs that visit each tenant). */
export async function* tenantBatches(services: Services, size = 500) {
  let after: string | undefined;
  for (;;) {
    const rows = await services.data.unscoped((tx) =>
      tx
        .select()
        .from(tenants)
        .where(live(after ? gt(tenants.id, after) : undefined))
        .orderBy(asc(tenants.id))
        .limit(size),
    );
    if (rows.length) yield rows.map(toTenantDto);
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function getTenant(services: Services, id: string) {
  return toTenantDto(await findRow(services, id));
}

async function assertNameFree(services: Services, name: string, exceptId?: string) {
  const [clash] = await services.data.unscoped((tx) =>
    tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.normalizedName, normalizeName(name)), exceptId ? ne(tenants.id, exceptId) : undefined))
      .limit(1),
  );
  if (clash) throw fieldError('name', 'AbpTenantManagement::DuplicateTenantName', [name]);
}

/** A database the tenant can use, or a 400 on `member` saying why not. */
async function usableDatabase(services: Services, value: string, member: string): Promise<string> {
  const url = canonicalDatabaseUrl(services, value, member);
  const probe = await probeDatabase(url);
  if (!probe.reachable) throw fieldError(member, 'AbpTenantManagement::DatabaseNotReachable', [probe.message]);
  return url;
}

/**
 * Creates a tenant: the record, then (in the tenant's own database when one is given) its
 * roles, admin user, grants and menus. If any of that fails, what was written is removed
 * again and the tenant does not exist.
 */
export async function createTenant(services: Services, ctx: Ctx, input: TenantCreateInput) {
  await checkPasswordPolicy(services, { tenant: null }, input.adminPassword, 'adminPassword');
  const connectionStrings: ConnectionString[] = [];
  if (input.defaultConnectionString) {
    const value = await usableDatabase(services, input.defaultConnectionString, 'defaultConnectionString');
    connectionStrings.push({ name: DEFAULT_CONNECTION, value });
  }
  await assertNameFree(services, input.name);

  let row: Tenant;
  try {
    [row] = await services.data.unscoped((tx) =>
      tx
        .insert(tenants)
        .values({
          name: input.name,
          normalizedName: normalizeName(input.name),
          connectionStrings,
          creatorId: ctx.user?.id ?? null,
        })
        .returning(),
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('name', 'AbpTenantManagement::DuplicateTenantName', [input.name]);
    throw e;
  }

  const tenant = asCurrent(row);
  try {
    if (connectionStrings.length) {
      const opened = await openTenantDatabase(services, tenant);
      if (!opened.reachable) {
        throw fieldError('defaultConnectionString', 'AbpTenantManagement::DatabaseNotReachable', [opened.message]);
      }
    }
    await services.seedTenant(tenant, { adminPassword: input.adminPassword, adminEmail: input.adminEmailAddress });
  } catch (err) {
    await deleteTenantRows(services, tenant).catch(() => {});
    await services.data.unscoped((tx) => tx.delete(tenants).where(eq(tenants.id, row.id)));
    await services.tenants.invalidate();
    await services.permissions.invalidate(row.id);
    throw err;
  }
  recordChange(ctx, TENANT, 0, row.id, {}, { ...row, connectionStrings: masked(row.connectionStrings) });
  await services.tenants.invalidate();
  return toTenantDto(row);
}

/** Renames and activates/deactivates a tenant; a stale `concurrencyStamp` is a 409. */
export async function updateTenant(services: Services, ctx: Ctx, id: string, input: TenantUpdateInput) {
  const before = await findRow(services, id);
  if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw conflict();
  if (normalizeName(input.name) !== before.normalizedName) await assertNameFree(services, input.name, id);
  let after: Tenant;
  try {
    [after] = await services.data.unscoped((tx) =>
      tx
        .update(tenants)
        .set({
          name: input.name,
          normalizedName: normalizeName(input.name),
          isActive: input.isActive,
          ...modifiedBy(ctx),
        })
        .where(live(eq(tenants.id, id), eq(tenants.concurrencyStamp, before.concurrencyStamp)))
        .returning(),
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('name', 'AbpTenantManagement::DuplicateTenantName', [input.name]);
    throw e;
  }
  if (!after) throw conflict(); // changed between the read and the write
  recordChange(ctx, TENANT, 1, id, { ...before, connectionStrings: [] }, { ...after, connectionStrings: [] });
  await services.tenants.invalidate();
  return toTenantDto(after);
}

/**
 * Soft-deletes a tenant: it can no longer be signed in to or resolved (its tokens stop
 * working at once); its data stays where it is.
 */
export async function deleteTenant(services: Services, ctx: Ctx, id: string) {
  const before = await findRow(services, id);
  await services.data.unscoped((tx) =>
    tx
      .update(tenants)
      .set({ isDeleted: true, deletionTime: new Date(), deleterId: ctx.user?.id ?? null })
      .where(eq(tenants.id, id)),
  );
  recordChange(ctx, TENANT, 2, id, { ...before, connectionStrings: masked(before.connectionStrings) }, {});
  await services.tenants.invalidate();
  await services.permissions.invalidate(id);
}

export async function listConnectionStrings(services: Services, id: string) {
  const row = await findRow(services, id);
  return { items: row.connectionStrings.map((c) => ({ name: c.name, value: c.value })) };
}

export async function getConnectionString(services: Services, id: string, name: string) {
  const row = await findRow(services, id);
  const found = row.connectionStrings.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) throw notFound('TenantConnectionString', name);
  return { name: found.name, value: found.value };
}

async function saveConnectionStrings(
  services: Services,
  ctx: Ctx,
  before: Tenant,
  next: ConnectionString[],
  isActive = before.isActive,
) {
  const [after] = await services.data.unscoped((tx) =>
    tx
      .update(tenants)
      .set({
        connectionStrings: next,
        isActive,
        ...modifiedBy(ctx),
      })
      .where(eq(tenants.id, before.id))
      .returning(),
  );
  recordChange(
    ctx,
    TENANT,
    1,
    before.id,
    { connectionStrings: masked(before.connectionStrings) },
    { connectionStrings: masked(after.connectionStrings) },
  );
  await services.tenants.invalidate();
  // grants and configurations cached from the previous database
  await services.permissions.invalidate(before.id);
  return after;
}

const defaultOf = (list: ConnectionString[]) => list.find((c) => isDefaultConnection(c.name))?.value || null;

/**
 * Sets a connection string. A new `Default` moves the tenant and its data to that
 * database (see `moveTenant`); other names are only stored.
 */
export async function setConnectionString(services: Services, ctx: Ctx, id: string, input: ConnectionStringInput) {
  const before = await findRow(services, id);
  const existing = before.connectionStrings.find((c) => c.name.toLowerCase() === input.name.toLowerCase());
  const name = isDefaultConnection(input.name) ? DEFAULT_CONNECTION : (existing?.name ?? input.name);
  let value = input.value;
  if (name === DEFAULT_CONNECTION) {
    value = canonicalDatabaseUrl(services, input.value, 'value');
    if (value !== existing?.value) value = await usableDatabase(services, value, 'value');
  }
  const next = [
    ...before.connectionStrings.filter((c) => c.name.toLowerCase() !== name.toLowerCase()),
    { name, value },
  ];
  if (defaultOf(next) !== defaultOf(before.connectionStrings)) await moveTenant(services, ctx, before, next);
  else await saveConnectionStrings(services, ctx, before, next);
  return { name, value };
}

/** Deletes a connection string; deleting `Default` moves the tenant's data back to the shared database. */
export async function deleteConnectionString(services: Services, ctx: Ctx, id: string, name: string) {
  const before = await findRow(services, id);
  if (!before.connectionStrings.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
    throw notFound('TenantConnectionString', name);
  }
  const next = before.connectionStrings.filter((c) => c.name.toLowerCase() !== name.toLowerCase());
  if (defaultOf(next) !== defaultOf(before.connectionStrings)) await moveTenant(services, ctx, before, next);
  else await saveConnectionStrings(services, ctx, before, next);
}

/**
 * Moves a tenant to the database its new connection strings name, with all its rows:
 *
 * 1. the target is opened (migrated); if it already holds any row of the tenant, the move
 *    is refused (409) and nothing changes;
 * 2. the tenant is deactivated while its rows are copied (its requests are refused, so no
 *    write is lost); the tenant's stamp is the lock against a concurrent change;
 * 3. every tenant table is copied and the row counts compared; on any failure the partial
 *    copy is removed, the tenant reactivated and left where it was;
 * 4. the tenant is switched (and reactivated) in one update, then its rows are removed
 *    from the previous database.
 */
async function moveTenant(services: Services, ctx: Ctx, before: Tenant, next: ConnectionString[]) {
  const from = asCurrent(before);
  const to: CurrentTenant = { ...from, connectionStrings: next };
  const opened = await openTenantDatabase(services, to);
  if (!opened.reachable) throw fieldError('value', 'AbpTenantManagement::DatabaseNotReachable', [opened.message]);
  const tables = await tenantTables(services, to);
  const occupied = await firstTableWithRows(services, to, tables);
  if (occupied) {
    throw businessError('AbpTenantManagement::TenantDataInTarget', { Tenant: before.name, Table: occupied }, 409);
  }

  const [locked] = await services.data.unscoped((tx) =>
    tx
      .update(tenants)
      .set({ isActive: false, concurrencyStamp: newConcurrencyStamp() })
      .where(live(eq(tenants.id, before.id), eq(tenants.concurrencyStamp, before.concurrencyStamp)))
      .returning({ id: tenants.id }),
  );
  if (!locked) throw conflict();
  await services.tenants.invalidate();
  try {
    await copyTenantRows(services, from, to, tables);
  } catch (err) {
    await deleteTenantRows(services, to, tables).catch(() => {});
    await services.data.unscoped((tx) =>
      tx
        .update(tenants)
        .set({ isActive: before.isActive, concurrencyStamp: newConcurrencyStamp() })
        .where(eq(tenants.id, before.id)),
    );
    await services.tenants.invalidate();
    throw err;
  }
  await saveConnectionStrings(services, ctx, before, next, before.isActive);
  try {
    await deleteTenantRows(services, from, tables);
  } catch (e) {
    // the tenant already reads the new database: the old copy is unused, and a later move
    // back to that database is refused until it is cleared
    console.warn(`tenant ${before.id} moved, but its rows could not be removed from the previous database:`, e);
  }
}

/** Reachability of a saved connection string; `Default` is also opened (and migrated). */
export async function checkConnectionString(services: Services, id: string, name: string) {
  const row = await findRow(services, id);
  const found = row.connectionStrings.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) throw notFound('TenantConnectionString', name);
  const result = isDefaultConnection(found.name)
    ? await openTenantDatabase(services, asCurrent(row))
    : await checkValue(services, found.value);
  return { name: found.name, ...result };
}

/** Reachability of a connection string before it is saved. */
export async function checkValue(services: Services, value: string) {
  let url: string;
  try {
    url = canonicalDatabaseUrl(services, value, 'value');
  } catch {
    return { reachable: false, message: 'unsupported connection string (postgres://… or pglite:/folder)' };
  }
  return probeDatabase(url);
}
