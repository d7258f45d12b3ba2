import type { SettingLevel } from '@seller/contracts/settings';
import { and, eq } from 'drizzle-orm';
import type { EntityChange } from '../../core/audit-changes.ts';
import type { RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import {
  allSettingDefinitions,
  type SettingDefinition,
  type SettingProvider,
  settingDefinition,
} from '../../core/definitions/settings.ts';
import type { Services } from '../../core/services.ts';
import { settingValues } from './schema.ts';

/*
 * The setting values other modules read (`getSetting`, `getSettingValues`, …, exported by
 * `index.ts`): a cached registry read through `services.data.readShared` from wherever the caller
 * stands, and the resolution rules the module's `queries.ts` and `commands.ts` share. A write
 * raises `SettingsChanged`, which drops the cache (`events.ts`).
 */

export type SettingContext = Pick<RequestContext, 'tenant' | 'user'> & { entityChanges?: EntityChange[] };

export const LEVEL_PROVIDER: Record<SettingLevel, SettingProvider> = { global: 'G', tenant: 'T', user: 'U' };

/** Resolution order, most specific first. */
export const CHAIN: Record<SettingLevel, SettingProvider[]> = {
  global: ['G'],
  tenant: ['T', 'G'],
  user: ['U', 'T', 'G'],
};

/** The cache key of one provider's stored values. */
export const settingValuesKey = (provider: SettingProvider, key: string) => `settings:${provider}:${key}`;

export function providerKey(ctx: SettingContext, provider: SettingProvider): string | null {
  if (provider === 'G') return '';
  if (provider === 'T') return ctx.tenant?.id ?? null;
  return ctx.user?.id ?? null;
}

/** The values stored for one provider, by name, read with `tx`. */
async function readStoredValues(tx: Tx, provider: SettingProvider, key: string): Promise<Record<string, string>> {
  const rows = await tx
    .select({ name: settingValues.name, value: settingValues.value })
    .from(settingValues)
    .where(and(eq(settingValues.providerName, provider), eq(settingValues.providerKey, key)));
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** The stored values of one provider (cached; settings are read on hot paths). */
function storedValues(services: Services, provider: SettingProvider, key: string): Promise<Record<string, string>> {
  return services.cache.getOrLoad(settingValuesKey(provider, key), () =>
    services.data.readShared((tx) => readStoredValues(tx, provider, key)),
  );
}

type Layer = { provider: SettingProvider; values: Record<string, string> };

/** The values each level of `chain` holds for the context, most specific first, read by `read`. */
async function layersOf(
  ctx: SettingContext,
  chain: SettingProvider[],
  read: (provider: SettingProvider, key: string) => Promise<Record<string, string>>,
) {
  const out: Layer[] = [];
  for (const provider of chain) {
    const key = providerKey(ctx, provider);
    if (key === null) continue;
    out.push({ provider, values: await read(provider, key) });
  }
  return out;
}

const layers = (services: Services, ctx: SettingContext, chain: SettingProvider[]) =>
  layersOf(ctx, chain, (provider, key) => storedValues(services, provider, key));

/** The layers of `chain` read with the open unit's `tx` (the management pages and writes). */
export const layersIn = (tx: Tx, ctx: SettingContext, chain: SettingProvider[]) =>
  layersOf(ctx, chain, (provider, key) => readStoredValues(tx, provider, key));

/** The value of `def` in `stack`: the most specific layer that may hold it and does, else the default. */
export function resolve(def: SettingDefinition, stack: Layer[]) {
  for (const layer of stack) {
    if (!def.providers.includes(layer.provider)) continue;
    const v = layer.values[def.name];
    if (v !== undefined) return v;
  }
  return def.defaultValue;
}

function contextLevel(ctx: SettingContext): SettingLevel {
  return ctx.user ? 'user' : ctx.tenant ? 'tenant' : 'global';
}

/**
 * The effective value of a setting for the context: user, then tenant, then global, then
 * the definition's default. Unknown names are a programming error.
 */
export async function getSetting(services: Services, ctx: SettingContext, name: string): Promise<string> {
  const def = settingDefinition(name);
  if (!def) throw new Error(`Unknown setting ${name}`);
  return resolve(def, await layers(services, ctx, CHAIN[contextLevel(ctx)]));
}

/** The tenant's time zone (setting `Abp.Timing.TimeZone` at tenant level: one calendar per tenant). */
export const tenantTimeZone = (services: Services, ctx: Pick<RequestContext, 'tenant'>) =>
  getSetting(services, { tenant: ctx.tenant, user: null }, 'Abp.Timing.TimeZone');

export async function getSettingNumber(services: Services, ctx: SettingContext, name: string): Promise<number> {
  return Number(await getSetting(services, ctx, name));
}

export async function getSettingBoolean(services: Services, ctx: SettingContext, name: string): Promise<boolean> {
  return (await getSetting(services, ctx, name)) === 'true';
}

/** Every effective value for the context (`onlyVisibleToClients` for the application configuration). */
export async function getSettingValues(
  services: Services,
  ctx: SettingContext,
  opts: { onlyVisibleToClients?: boolean } = {},
): Promise<Record<string, string>> {
  const stack = await layers(services, ctx, CHAIN[contextLevel(ctx)]);
  const out: Record<string, string> = {};
  for (const def of allSettingDefinitions()) {
    if (opts.onlyVisibleToClients && !def.isVisibleToClients) continue;
    out[def.name] = resolve(def, stack);
  }
  return out;
}
