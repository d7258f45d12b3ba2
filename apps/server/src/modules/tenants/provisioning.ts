import type { ConnectionStringInput, TenantCreateInput } from '@seller/contracts/tenants';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import type { CrudContext } from '../../core/crud.ts';
import { businessError, fieldError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { checkPasswordPolicy } from '../identity/index.ts';
import { tenantCommands } from './commands.ts';
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
import { tenantQueries } from './queries.ts';
import type { ConnectionString } from './schema.ts';
import { asCurrent, type Tenant, toTenantDto } from './service.ts';

/*
 * Tenant provisioning (host side, spec §7 Tenants): the steps that span databases, so that no one
 * unit of work can hold them: setting up a new tenant (its record, then its own database and every
 * module's seed), and moving a tenant's data when its `Default` connection string changes. Each
 * step on the registry is a command or query of this module in a unit of its own, committed
 * before the next database is touched; a failed step undoes what the earlier ones wrote.
 */

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;

/** A database the tenant can use, or a 400 on `member` saying why not. */
async function usableDatabase(services: Services, value: string, member: string): Promise<string> {
  const url = canonicalDatabaseUrl(services, value, member);
  const probe = await probeDatabase(url);
  if (!probe.reachable) throw fieldError(member, 'AbpTenantManagement::DatabaseNotReachable', [probe.message]);
  return url;
}

const recordOf = (services: Services, ctx: Ctx, id: string) =>
  services.data.unscoped((tx) => tenantQueries.row(tx, ctx, id));

/**
 * Creates a tenant: the record, then (in the tenant's own database when one is given) its
 * roles, admin user, grants and menus. If any of that fails, what was written is removed
 * again and the tenant does not exist.
 */
export async function createTenant(services: Services, ctx: Ctx, input: TenantCreateInput) {
  const commands = tenantCommands(services);
  await checkPasswordPolicy(services, { tenant: null }, input.adminPassword, 'adminPassword');
  const connectionStrings: ConnectionString[] = [];
  if (input.defaultConnectionString) {
    const value = await usableDatabase(services, input.defaultConnectionString, 'defaultConnectionString');
    connectionStrings.push({ name: DEFAULT_CONNECTION, value });
  }
  const row = await services.data.unscoped((tx) => commands.create(tx, ctx, input.name, connectionStrings));
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
    await services.data.unscoped((tx) => commands.discard(tx, ctx, row.id));
    throw err;
  }
  return toTenantDto(row);
}

const defaultOf = (list: ConnectionString[]) => list.find((c) => isDefaultConnection(c.name))?.value || null;

/** Stores `next`, moving the tenant's data first when its `Default` changes. */
async function changeConnectionStrings(services: Services, ctx: Ctx, before: Tenant, next: ConnectionString[]) {
  if (defaultOf(next) !== defaultOf(before.connectionStrings)) await moveTenant(services, ctx, before, next);
  else await services.data.unscoped((tx) => tenantCommands(services).saveConnectionStrings(tx, ctx, before, next));
}

/**
 * Sets a connection string. A new `Default` moves the tenant and its data to that
 * database (see `moveTenant`); other names are only stored.
 */
export async function setConnectionString(services: Services, ctx: Ctx, id: string, input: ConnectionStringInput) {
  const before = await recordOf(services, ctx, id);
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
  await changeConnectionStrings(services, ctx, before, next);
  return { name, value };
}

/** Deletes a connection string; deleting `Default` moves the tenant's data back to the shared database. */
export async function deleteConnectionString(services: Services, ctx: Ctx, id: string, name: string) {
  const before = await recordOf(services, ctx, id);
  tenantQueries.connectionOf(before, name);
  const next = before.connectionStrings.filter((c) => c.name.toLowerCase() !== name.toLowerCase());
  await changeConnectionStrings(services, ctx, before, next);
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
  const commands = tenantCommands(services);
  const from = asCurrent(before);
  const to: CurrentTenant = { ...from, connectionStrings: next };
  const opened = await openTenantDatabase(services, to);
  if (!opened.reachable) throw fieldError('value', 'AbpTenantManagement::DatabaseNotReachable', [opened.message]);
  const tables = await tenantTables(services, to);
  const occupied = await firstTableWithRows(services, to, tables);
  if (occupied) {
    throw businessError('AbpTenantManagement::TenantDataInTarget', { Tenant: before.name, Table: occupied }, 409);
  }

  await services.data.unscoped((tx) => commands.lockForMove(tx, ctx, before));
  try {
    await copyTenantRows(services, from, to, tables);
  } catch (err) {
    await deleteTenantRows(services, to, tables).catch(() => {});
    await services.data.unscoped((tx) => commands.unlockAfterMove(tx, ctx, before));
    throw err;
  }
  await services.data.unscoped((tx) => commands.saveConnectionStrings(tx, ctx, before, next, before.isActive));
  try {
    await deleteTenantRows(services, from, tables);
  } catch (e) {
    // the tenant already reads the new database: the old copy is unused, and a later move
    // back to that database is refused until it is cleared
    console.warn(`tenant ${before.id} moved, but its rows could not be removed from the previous database:`, e);
  }
}

/** Reachability of a saved connection string; `Default` is also opened (and migrated). */
export async function checkConnectionString(services: Services, ctx: Ctx, id: string, name: string) {
  const row = await recordOf(services, ctx, id);
  const found = tenantQueries.connectionOf(row, name);
  const result = isDefaultConnection(found.name)
    ? await openTenantDatabase(services, asCurrent(row))
    : await tenantQueries.checkValue(services, found.value);
  return { name: found.name, ...result };
}
