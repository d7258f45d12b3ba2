import type { FeatureChange } from '@seller/contracts/features';
import { and, eq } from 'drizzle-orm';
import type { EntityChange } from '../../core/audit-changes.ts';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import { recordChange } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { featureDefinition, isValidFeatureValue } from '../../core/definitions/features.ts';
import { AppError } from '../../core/errors.ts';
import { itemRefusals, storeProviderValues } from '../../core/provider-values.ts';
import type { Services } from '../../core/services.ts';
import { FeaturesChanged } from './events.ts';
import { featureValues } from './schema.ts';
import { PROVIDER, providerKeyOf } from './service.ts';

type FeatureContext = Pick<RequestContext, 'user' | 'tenant'> & { entityChanges?: EntityChange[] };

/** Every unknown name and bad value of `items`, as field errors naming `features.<i>.…`. */
const refusals = (items: FeatureChange[]) =>
  itemRefusals('features', items, (item) => {
    const def = featureDefinition(item.name)?.definition;
    if (!def) return { message: 'AbpFeatureManagement::UnknownFeature', member: 'name', params: [item.name] };
    if (item.value !== null && !isValidFeatureValue(def, item.value))
      return { message: 'AbpFeatureManagement::InvalidFeatureValue', member: 'value', params: [item.name] };
  });

const FEATURE_VALUES = { table: featureValues, entity: 'Feature' };

/**
 * The features module's writes (the service shape, `docs/architecture.md`), each taking the open
 * transaction (on the main database: the values are the host's) and the context, and raising
 * `FeaturesChanged`, whose after-commit handler drops the cached values and configuration.
 */
export const featureCommands = (services: Pick<Services, 'events'>) => ({
  /** Sets feature values of a tenant (or the host); a value equal to the default is removed. */
  async change(tx: Tx, ctx: FeatureContext, tenant: CurrentTenant | null, items: FeatureChange[]) {
    const errors = refusals(items);
    if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
    const tenantId = tenant?.id ?? null;
    await storeProviderValues(
      tx,
      ctx,
      FEATURE_VALUES,
      { name: PROVIDER, key: providerKeyOf(tenantId) },
      items,
      (item) => item.value === featureDefinition(item.name)!.definition.defaultValue,
    );
    await services.events.emit(tx, FeaturesChanged, { tenantId });
  },

  /** Drops every stored value of the tenant (or the host): back to the defaults. */
  async reset(tx: Tx, ctx: FeatureContext, tenant: CurrentTenant | null) {
    const tenantId = tenant?.id ?? null;
    const removed = await tx
      .delete(featureValues)
      .where(and(eq(featureValues.providerName, PROVIDER), eq(featureValues.providerKey, providerKeyOf(tenantId))))
      .returning();
    for (const row of removed) recordChange(ctx, 'Feature', 2, row.id, row, {});
    await services.events.emit(tx, FeaturesChanged, { tenantId });
  },
});
