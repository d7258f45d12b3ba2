import type { FeatureChange, FeatureDto, FeatureGroupList, FeatureValueType } from '@seller/contracts/features';
import { and, eq, inArray } from 'drizzle-orm';
import type { EntityChange } from '../../core/audit-changes.ts';
import { invalidateConfiguration } from '../../core/configuration-cache.ts';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import { recordChange } from '../../core/crud.ts';
import {
  allFeatureDefinitions,
  type FeatureDefinition,
  featureDefinition,
  featureGroups,
  isValidFeatureValue,
} from '../../core/definitions/features.ts';
import { AppError, notFound, type ValidationErrorItem } from '../../core/errors.ts';
import { t } from '../../core/localization/index.ts';
import type { Services } from '../../core/services.ts';
import { featureValues } from './schema.ts';

/** Tenant features are stored under provider `T` with the tenant id; the host's under `T` with ''. */
const PROVIDER = 'T';
const keyOf = (tenantId: string | null) => tenantId ?? '';
const cacheKey = (tenantId: string | null) => `features:${tenantId ?? 'host'}`;

async function storedValues(services: Services, tenantId: string | null): Promise<Record<string, string>> {
  return services.cache.getOrLoad(cacheKey(tenantId), async () => {
    const rows = await services.data.readShared((tx) =>
      tx
        .select({ name: featureValues.name, value: featureValues.value })
        .from(featureValues)
        .where(and(eq(featureValues.providerName, PROVIDER), eq(featureValues.providerKey, keyOf(tenantId)))),
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  });
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

/** The tenant the request names (`providerKey`), or null for the host's own features. */
export async function featureTarget(services: Services, providerKey: string): Promise<CurrentTenant | null> {
  if (!providerKey) return null;
  const tenant = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(providerKey)
    ? await services.tenants.find(providerKey)
    : null;
  if (!tenant || tenant.id.toLowerCase() !== providerKey.toLowerCase()) throw notFound('Tenant', providerKey);
  return tenant;
}

function wireValueType(def: FeatureDefinition): FeatureValueType {
  const vt = def.valueType;
  switch (vt.kind) {
    case 'number':
      return {
        name: 'FreeTextStringValueType',
        properties: {},
        validator: { name: 'NUMERIC', properties: { MinValue: vt.min, MaxValue: vt.max } },
      };
    case 'toggle':
      return { name: 'ToggleStringValueType', properties: {}, validator: { name: 'BOOLEAN', properties: {} } };
    case 'selection':
      return {
        name: 'SelectionStringValueType',
        properties: {},
        itemSource: {
          items: vt.items.map((i) => ({
            value: i.value,
            displayText: { resourceName: 'AbpFeatureManagement', name: `Option:${def.name}:${i.value}` },
          })),
        },
        validator: { name: 'NULL', properties: {} },
      };
    default:
      return {
        name: 'FreeTextStringValueType',
        properties: {},
        validator: {
          name: 'STRING',
          properties: {
            AllowNull: false,
            MaxLength: vt.maxLength,
            ...(vt.regex ? { RegularExpression: vt.regex.source } : {}),
          },
        },
      };
  }
}

/** Feature groups with the values in effect for the tenant (ABP `GetFeatureListResultDto`). */
export async function listFeatures(
  services: Services,
  ctx: Pick<RequestContext, 'culture'>,
  tenant: CurrentTenant | null,
): Promise<FeatureGroupList> {
  const tenantId = tenant?.id ?? null;
  const stored = await storedValues(services, tenantId);
  const L = (key: string) => t(ctx.culture, `AbpFeatureManagement::${key}`);
  const groups = featureGroups().map((g) => {
    const features: FeatureDto[] = [];
    const add = (f: FeatureDefinition) => {
      const meta = featureDefinition(f.name)!;
      const value = stored[f.name];
      features.push({
        name: f.name,
        displayName: L(`DisplayName:${f.name}`),
        description: f.description ? L(`Description:${f.name}`) : null,
        value: value ?? f.defaultValue,
        provider: value === undefined ? { name: 'D', key: null } : { name: PROVIDER, key: keyOf(tenantId) || null },
        valueType: wireValueType(f),
        depth: meta.depth,
        parentName: meta.parentName,
      });
      for (const c of f.children ?? []) add(c);
    };
    for (const f of g.features) add(f);
    return { name: g.name, displayName: L(`Group:${g.name}`), features };
  });
  return { groups };
}

type FeatureContext = Pick<RequestContext, 'user' | 'tenant'> & { entityChanges?: EntityChange[] };

/** Sets feature values of a tenant (or the host); a value equal to the default is removed. */
export async function changeFeatures(
  services: Services,
  ctx: FeatureContext,
  tenant: CurrentTenant | null,
  items: FeatureChange[],
) {
  const errors: ValidationErrorItem[] = [];
  items.forEach((item, i) => {
    const def = featureDefinition(item.name)?.definition;
    if (!def)
      errors.push({
        message: 'AbpFeatureManagement::UnknownFeature',
        members: [`features.${i}.name`],
        params: [item.name],
      });
    else if (item.value !== null && !isValidFeatureValue(def, item.value))
      errors.push({
        message: 'AbpFeatureManagement::InvalidFeatureValue',
        members: [`features.${i}.value`],
        params: [item.name],
      });
  });
  if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });

  const tenantId = tenant?.id ?? null;
  const key = keyOf(tenantId);
  const names = [...new Set(items.map((i) => i.name))];
  await services.data.unscoped(async (tx) => {
    const existing = await tx
      .select()
      .from(featureValues)
      .where(
        and(
          eq(featureValues.providerName, PROVIDER),
          eq(featureValues.providerKey, key),
          inArray(featureValues.name, names),
        ),
      );
    const byName = new Map(existing.map((r) => [r.name, r]));
    for (const item of items) {
      const def = featureDefinition(item.name)!.definition;
      const row = byName.get(item.name);
      if (item.value === null || item.value === def.defaultValue) {
        if (!row) continue;
        await tx.delete(featureValues).where(eq(featureValues.id, row.id));
        byName.delete(item.name);
        recordChange(ctx, 'Feature', 2, row.id, row, {});
      } else if (row) {
        if (row.value === item.value) continue;
        const [after] = await tx
          .update(featureValues)
          .set({ value: item.value })
          .where(eq(featureValues.id, row.id))
          .returning();
        byName.set(item.name, after);
        recordChange(ctx, 'Feature', 1, row.id, row, after);
      } else {
        const [created] = await tx
          .insert(featureValues)
          .values({ name: item.name, value: item.value, providerName: PROVIDER, providerKey: key })
          .returning();
        byName.set(item.name, created);
        recordChange(ctx, 'Feature', 0, created.id, {}, created);
      }
    }
  });
  await afterChange(services, tenantId);
}

/** Drops every stored value of the tenant (or the host): back to the defaults. */
export async function resetFeatures(services: Services, ctx: FeatureContext, tenant: CurrentTenant | null) {
  const tenantId = tenant?.id ?? null;
  const removed = await services.data.unscoped((tx) =>
    tx
      .delete(featureValues)
      .where(and(eq(featureValues.providerName, PROVIDER), eq(featureValues.providerKey, keyOf(tenantId))))
      .returning(),
  );
  for (const row of removed) recordChange(ctx, 'Feature', 2, row.id, row, {});
  await afterChange(services, tenantId);
}

async function afterChange(services: Services, tenantId: string | null) {
  await services.cache.invalidate(cacheKey(tenantId));
  await invalidateConfiguration(services, { tenantId });
}
