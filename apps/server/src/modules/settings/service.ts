import type { SettingChange, SettingGroupDto, SettingLevel } from '@seller/contracts/settings';
import { and, eq, inArray } from 'drizzle-orm';
import type { EntityChange } from '../../core/audit-changes.ts';
import { invalidateConfiguration } from '../../core/configuration-cache.ts';
import type { RequestContext } from '../../core/context.ts';
import { recordChange } from '../../core/crud.ts';
import {
  allSettingDefinitions,
  isValidSettingValue,
  type SettingDefinition,
  type SettingProvider,
  settingDefinition,
  settingGroups,
} from '../../core/definitions/settings.ts';
import { AppError, type ValidationErrorItem } from '../../core/errors.ts';
import { t } from '../../core/localization/index.ts';
import type { Services } from '../../core/services.ts';
import { settingValues } from './schema.ts';

export type SettingContext = Pick<RequestContext, 'tenant' | 'user'> & { entityChanges?: EntityChange[] };

const LEVEL_PROVIDER: Record<SettingLevel, SettingProvider> = { global: 'G', tenant: 'T', user: 'U' };

/** Resolution order, most specific first. */
const CHAIN: Record<SettingLevel, SettingProvider[]> = {
  global: ['G'],
  tenant: ['T', 'G'],
  user: ['U', 'T', 'G'],
};

const cacheKey = (provider: SettingProvider, key: string) => `settings:${provider}:${key}`;

function providerKey(ctx: SettingContext, provider: SettingProvider): string | null {
  if (provider === 'G') return '';
  if (provider === 'T') return ctx.tenant?.id ?? null;
  return ctx.user?.id ?? null;
}

/** The stored values of one provider (cached; settings are read on hot paths). */
async function storedValues(
  services: Services,
  provider: SettingProvider,
  key: string,
): Promise<Record<string, string>> {
  return services.cache.getOrLoad(cacheKey(provider, key), async () => {
    const rows = await services.data.readShared((tx) =>
      tx
        .select({ name: settingValues.name, value: settingValues.value })
        .from(settingValues)
        .where(and(eq(settingValues.providerName, provider), eq(settingValues.providerKey, key))),
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  });
}

/** The values each level of `chain` holds for the context, most specific first. */
async function layers(services: Services, ctx: SettingContext, chain: SettingProvider[]) {
  const out: { provider: SettingProvider; values: Record<string, string> }[] = [];
  for (const provider of chain) {
    const key = providerKey(ctx, provider);
    if (key === null) continue;
    out.push({ provider, values: await storedValues(services, provider, key) });
  }
  return out;
}

function resolve(def: SettingDefinition, stack: { provider: SettingProvider; values: Record<string, string> }[]) {
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

/** The settings changeable at `level`, grouped, with the values in effect there. */
export async function listSettings(
  services: Services,
  ctx: SettingContext & Pick<RequestContext, 'culture'>,
  level: SettingLevel,
): Promise<{ items: SettingGroupDto[] }> {
  const stack = await layers(services, ctx, CHAIN[level]);
  const provider = LEVEL_PROVIDER[level];
  const L = (key: string) => t(ctx.culture, `AbpSettingManagement::${key}`);
  const items: SettingGroupDto[] = [];
  for (const group of settingGroups()) {
    const settings = group.settings
      .filter((s) => s.providers.includes(provider))
      .map((s) => ({
        name: s.name,
        displayName: L(`DisplayName:${s.name}`),
        description: s.description ? L(`Description:${s.name}`) : null,
        value: resolve(s, stack),
        defaultValue: s.defaultValue,
        valueType: s.valueType,
        isVisibleToClients: s.isVisibleToClients,
        options: (s.options ?? []).map((o) => ({ name: L(`Option:${s.name}:${o.value}`), value: o.value })),
      }));
    if (settings.length) items.push({ name: group.name, displayName: L(`Group:${group.name}`), settings });
  }
  return { items };
}

/**
 * Stores values at `level` for the context. `null` (or the value inherited from the next
 * level) removes the stored value. All items are checked before anything is written.
 */
export async function changeSettings(
  services: Services,
  ctx: SettingContext,
  level: SettingLevel,
  items: SettingChange[],
): Promise<void> {
  const provider = LEVEL_PROVIDER[level];
  const key = providerKey(ctx, provider);
  if (key === null) throw new Error(`No ${level} to store settings for`);

  const errors: ValidationErrorItem[] = [];
  items.forEach((item, i) => {
    const def = settingDefinition(item.name);
    if (!def)
      errors.push({
        message: 'AbpSettingManagement::UnknownSetting',
        members: [`settings.${i}.name`],
        params: [item.name],
      });
    else if (!def.providers.includes(provider))
      errors.push({
        message: 'AbpSettingManagement::NotChangeableHere',
        members: [`settings.${i}.name`],
        params: [item.name],
      });
    else if (item.value !== null && !isValidSettingValue(def, item.value))
      errors.push({
        message: 'AbpSettingManagement::InvalidSettingValue',
        members: [`settings.${i}.value`],
        params: [item.name],
      });
  });
  if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });

  // What the level below would give: storing that value is the same as storing nothing.
  const inherited = await layers(services, ctx, CHAIN[level].slice(1));
  const names = [...new Set(items.map((i) => i.name))];
  await services.data.unscoped(async (tx) => {
    const existing = await tx
      .select()
      .from(settingValues)
      .where(
        and(
          eq(settingValues.providerName, provider),
          eq(settingValues.providerKey, key),
          inArray(settingValues.name, names),
        ),
      );
    const byName = new Map(existing.map((r) => [r.name, r]));
    for (const item of items) {
      const def = settingDefinition(item.name)!;
      const row = byName.get(item.name);
      const remove = item.value === null || item.value === resolve(def, inherited);
      if (remove) {
        if (!row) continue;
        await tx.delete(settingValues).where(eq(settingValues.id, row.id));
        byName.delete(item.name);
        recordChange(ctx, 'Setting', 2, row.id, row, {});
      } else if (row) {
        if (row.value === item.value) continue;
        const [after] = await tx
          .update(settingValues)
          .set({ value: item.value! })
          .where(eq(settingValues.id, row.id))
          .returning();
        byName.set(item.name, after);
        recordChange(ctx, 'Setting', 1, row.id, row, after);
      } else {
        const [created] = await tx
          .insert(settingValues)
          .values({ name: item.name, value: item.value!, providerName: provider, providerKey: key })
          .returning();
        byName.set(item.name, created);
        recordChange(ctx, 'Setting', 0, created.id, {}, created);
      }
    }
  });

  await services.cache.invalidate(cacheKey(provider, key));
  if (provider === 'G') await invalidateConfiguration(services);
  else if (provider === 'T') await invalidateConfiguration(services, { tenantId: key });
  else await invalidateConfiguration(services, { tenantId: ctx.tenant?.id ?? null, userId: key });
}
