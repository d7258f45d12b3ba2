import type { FeatureDto, FeatureGroupList, FeatureValueType } from '@seller/contracts/features';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { type FeatureDefinition, featureDefinition, featureGroups } from '../../core/definitions/features.ts';
import { notFound } from '../../core/errors.ts';
import { t } from '../../core/localization/index.ts';
import type { Services } from '../../core/services.ts';
import { PROVIDER, providerKeyOf, readStoredValues } from './service.ts';

/**
 * The tenant the request names (`providerKey`), or null for the host's own features; a 404 for
 * an unknown one. Read before the unit of work, through the tenants port.
 */
async function target(services: Services, providerKey: string): Promise<CurrentTenant | null> {
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
async function list(
  tx: Tx,
  ctx: Pick<RequestContext, 'culture'>,
  tenant: CurrentTenant | null,
): Promise<FeatureGroupList> {
  const tenantId = tenant?.id ?? null;
  const stored = await readStoredValues(tx, tenantId);
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
        provider:
          value === undefined ? { name: 'D', key: null } : { name: PROVIDER, key: providerKeyOf(tenantId) || null },
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

/**
 * The features module's reads (the service shape, `docs/architecture.md`): `list` takes the open
 * unit's `tx` and the context; `target`, the tenant a request names, is read before the unit
 * (`services`). Other modules read values in effect through `getFeatures`/`getFeature` (cached).
 */
export const featureQueries = { target, list };
