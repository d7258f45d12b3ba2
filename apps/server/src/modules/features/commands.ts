import type { FeatureChange } from '@seller/contracts/features';
import { and, eq, inArray } from 'drizzle-orm';
import type { EntityChange } from '../../core/audit-changes.ts';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import { recordChange } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { featureDefinition, isValidFeatureValue } from '../../core/definitions/features.ts';
import { AppError, type ValidationErrorItem } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { FeaturesChanged } from './events.ts';
import { featureValues } from './schema.ts';
import { PROVIDER, providerKeyOf } from './service.ts';

type FeatureContext = Pick<RequestContext, 'user' | 'tenant'> & { entityChanges?: EntityChange[] };

/** Every unknown name and bad value of `items`, as field errors naming `features.<i>.…`. */
function refusals(items: FeatureChange[]): ValidationErrorItem[] {
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
  return errors;
}

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
    const key = providerKeyOf(tenantId);
    const names = [...new Set(items.map((i) => i.name))];
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
