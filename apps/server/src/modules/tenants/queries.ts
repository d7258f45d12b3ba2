import { tenantList } from '@seller/contracts/tenants';
import { eq } from 'drizzle-orm';
import type { CrudContext } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { notFound } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { canonicalDatabaseUrl, probeDatabase } from './databases.ts';
import { tenants } from './schema.ts';
import { live, TENANT, type Tenant, toTenantDto } from './service.ts';

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

function found(tenant: { id: string; name: string; isActive: boolean }): TenantLookupResult {
  return {
    success: true,
    tenantId: tenant.id,
    name: tenant.name,
    normalizedName: normalizeName(tenant.name),
    isActive: tenant.isActive,
  };
}

/** The tenant registry as the host's list (the kit adds "not deleted": a host table has no tenant). */
const list = listService(tenantList, {
  table: tenants,
  search: [tenants.name],
  filters: {},
  // the unique index on the normalized name serves the order (names differ only in case at most)
  sorts: { name: tenants.normalizedName },
  items: (_tx, _ctx, rows: Tenant[]) => rows.map(toTenantDto),
});

/** The live tenant `id`'s record: 404 when there is none. */
async function row(tx: Tx, id: string): Promise<Tenant> {
  const [found] = await tx
    .select()
    .from(tenants)
    .where(live(eq(tenants.id, id)))
    .limit(1);
  if (!found) throw notFound(TENANT, id);
  return found;
}

/** The tenant's connection string `name` (case-insensitive): 404 when it has none of that name. */
function connectionOf(tenant: Tenant, name: string) {
  const found = tenant.connectionStrings.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) throw notFound('TenantConnectionString', name);
  return found;
}

/**
 * The tenants module's reads (the service shape, `docs/architecture.md`): those of the records
 * take the open unit's `tx` (on the main database) and the context. The anonymous look-ups read
 * through the kernel's tenants port (cached) and `checkValue` probes a database: both take
 * `services` and open no unit.
 */
export const tenantQueries = {
  list,
  row: (tx: Tx, _ctx: CrudContext, id: string) => row(tx, id),
  get: async (tx: Tx, _ctx: CrudContext, id: string) => toTenantDto(await row(tx, id)),
  connectionStrings: async (tx: Tx, _ctx: CrudContext, id: string) => ({
    items: (await row(tx, id)).connectionStrings.map((c) => ({ name: c.name, value: c.value })),
  }),
  connectionString: async (tx: Tx, _ctx: CrudContext, id: string, name: string) => {
    const found = connectionOf(await row(tx, id), name);
    return { name: found.name, value: found.value };
  },
  connectionOf,

  /** Finds a tenant by its name (case-insensitive). Deleted tenants are not found. */
  async byName(services: Services, name: string): Promise<TenantLookupResult> {
    const normalized = normalizeName(name);
    if (!normalized) return NOT_FOUND;
    const tenant = await services.tenants.find(name.trim());
    return tenant && normalizeName(tenant.name) === normalized ? found(tenant) : NOT_FOUND;
  },

  /** Finds a tenant by its id. Deleted tenants are not found. */
  async byId(services: Services, id: string): Promise<TenantLookupResult> {
    if (!GUID.test(id)) return NOT_FOUND;
    const tenant = await services.tenants.find(id);
    return tenant && tenant.id.toLowerCase() === id.toLowerCase() ? found(tenant) : NOT_FOUND;
  },

  /** Reachability of a connection string before it is saved (an outside call: no unit). */
  async checkValue(services: Services, value: string) {
    let url: string;
    try {
      url = canonicalDatabaseUrl(services, value, 'value');
    } catch {
      return { reachable: false, message: 'unsupported connection string (postgres://… or pglite:/folder)' };
    }
    return probeDatabase(url);
  },
};
