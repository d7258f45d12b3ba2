import { and, eq } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { allFeatureDefinitions, featureDefinition } from '../../core/definitions/features.ts';
import type { Services } from '../../core/services.ts';
import { featureValues } from './schema.ts';

/*
 * The feature values other modules read (`getFeatures`, `getFeature`, exported by `index.ts`): a
 * cached registry, like the settings and tenants, read through `services.data.readShared` from
 * wherever the caller stands. The module's own management reads and writes are `queries.ts` and
 * `commands.ts`; a write raises `FeaturesChanged`, which drops this cache (`events.ts`).
 */

/** Tenant features are stored under provider `T` with the tenant id; the host's under `T` with ''. */
export const PROVIDER = 'T';
export const providerKeyOf = (tenantId: string | null) => tenantId ?? '';
/** The cache key of a tenant's (or the host's) stored values. */
export const featureValuesKey = (tenantId: string | null) => `features:${tenantId ?? 'host'}`;

/** The values stored for a tenant (or the host), by name, read with `tx`. */
export async function readStoredValues(tx: Tx, tenantId: string | null): Promise<Record<string, string>> {
  const rows = await tx
    .select({ name: featureValues.name, value: featureValues.value })
    .from(featureValues)
    .where(and(eq(featureValues.providerName, PROVIDER), eq(featureValues.providerKey, providerKeyOf(tenantId))));
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

function storedValues(services: Services, tenantId: string | null): Promise<Record<string, string>> {
  return services.cache.getOrLoad(featureValuesKey(tenantId), () =>
    services.data.readShared((tx) => readStoredValues(tx, tenantId)),
  );
}

/**
 * The feature values in effect for a tenant (or the host when `tenant` is null): the
 * tenant's value, else the definition's default. Cached; changed only through this module.
 */
export async function getFeatures(
  services: Services,
  tenant: Pick<CurrentTenant, 'id'> | null,
  opts: { onlyVisibleToClients?: boolean } = {},
): Promise<Record<string, string>> {
  const stored = await storedValues(services, tenant?.id ?? null);
  const out: Record<string, string> = {};
  for (const def of allFeatureDefinitions()) {
    if (opts.onlyVisibleToClients && !def.isVisibleToClients) continue;
    out[def.name] = stored[def.name] ?? def.defaultValue;
  }
  return out;
}

/** One feature's value for a tenant (or the host). */
export async function getFeature(services: Services, tenant: Pick<CurrentTenant, 'id'> | null, name: string) {
  const def = featureDefinition(name)?.definition;
  if (!def) throw new Error(`Unknown feature ${name}`);
  return (await storedValues(services, tenant?.id ?? null))[name] ?? def.defaultValue;
}
