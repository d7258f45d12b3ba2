import { eq, or } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName, type TenantSource } from '../../core/tenancy.ts';
import { tenants } from './schema.ts';

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

/** The ABP tenant lookup answer (wire contract §7): not found is `success: false` with nulls. */
export interface TenantLookupResult {
  success: boolean;
  tenantId: string | null;
  name: string | null;
  normalizedName: string | null;
  isActive: boolean | null;
}

const NOT_FOUND: TenantLookupResult = {
  success: false,
  tenantId: null,
  name: null,
  normalizedName: null,
  isActive: null,
};

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function found(tenant: CurrentTenant): TenantLookupResult {
  return {
    success: true,
    tenantId: tenant.id,
    name: tenant.name,
    normalizedName: normalizeName(tenant.name),
    isActive: tenant.isActive,
  };
}

/** Finds a tenant by its name (case-insensitive). Deleted tenants are not found. */
export async function findTenantByName(services: Services, name: string): Promise<TenantLookupResult> {
  const normalized = normalizeName(name);
  if (!normalized) return NOT_FOUND;
  const tenant = await services.tenants.find(name.trim());
  return tenant && normalizeName(tenant.name) === normalized ? found(tenant) : NOT_FOUND;
}

/** Finds a tenant by its id. Deleted tenants are not found. */
export async function findTenantById(services: Services, id: string): Promise<TenantLookupResult> {
  if (!GUID.test(id)) return NOT_FOUND;
  const tenant = await services.tenants.find(id);
  return tenant && tenant.id.toLowerCase() === id.toLowerCase() ? found(tenant) : NOT_FOUND;
}
