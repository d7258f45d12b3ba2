import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import { auditedFields } from '../../core/db/columns.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName, type TenantSource } from '../../core/tenancy.ts';
import { isDefaultConnection } from './databases.ts';
import { type ConnectionString, tenants } from './schema.ts';

/*
 * What the kernel and other modules reach of the tenants module outside a request (exported by
 * `index.ts`): the port's tenant source, the seed's `ensureTenant` and the jobs' `tenantBatches`,
 * each opening its own unit; and the shapes the module's `queries.ts` and `commands.ts` share.
 */

export type Tenant = typeof tenants.$inferSelect;

/** The entity name of a tenant's 404s and entity changes. */
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

export const asCurrent = (t: Tenant): CurrentTenant => ({
  id: t.id,
  name: t.name,
  isActive: t.isActive,
  connectionStrings: t.connectionStrings,
});

/** Connection strings as the audit log shows them: passwords replaced. */
export const masked = (list: ConnectionString[]) =>
  list.map((c) => ({ name: c.name, value: c.value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@') }));

/** Not deleted, and `extra`. */
export const live = (...extra: Parameters<typeof and>) => and(eq(tenants.isDeleted, false), ...extra)!;

/** The kernel's tenant source: one tenant by id or name, from the tenants table (deleted ones are null). */
export function tenantSource(services: Services): TenantSource {
  return async (idOrName, byId) => {
    const [row] = await services.data.readShared((tx) =>
      tx
        .select()
        .from(tenants)
        .where(
          byId
            ? or(eq(tenants.id, idOrName), eq(tenants.normalizedName, normalizeName(idOrName)))
            : eq(tenants.normalizedName, normalizeName(idOrName)),
        )
        .limit(1),
    );
    if (!row || row.isDeleted) return null;
    return { id: row.id, name: row.name, isActive: row.isActive, connectionStrings: row.connectionStrings };
  };
}

/** Creates the tenant record if missing (seeding, tests); returns it. */
export async function ensureTenant(services: Services, name: string): Promise<CurrentTenant> {
  const row = await services.data.unscoped(async (tx) => {
    const [found] = await tx
      .select()
      .from(tenants)
      .where(eq(tenants.normalizedName, normalizeName(name)))
      .limit(1);
    if (found) return found;
    const [created] = await tx
      .insert(tenants)
      .values({ name, normalizedName: normalizeName(name) })
      .returning();
    return created;
  });
  await services.tenants.invalidate();
  return { id: row.id, name: row.name, isActive: row.isActive, connectionStrings: row.connectionStrings };
}

/** Every live tenant, in batches by id, each batch read in a unit of its own (jobs that visit each tenant). */
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
