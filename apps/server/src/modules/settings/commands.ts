import type { SettingChange, SettingLevel } from '@seller/contracts/settings';
import { and, eq, inArray } from 'drizzle-orm';
import { recordChange } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { isValidSettingValue, type SettingProvider, settingDefinition } from '../../core/definitions/settings.ts';
import { AppError, type ValidationErrorItem } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { SettingsChanged } from './events.ts';
import { settingValues } from './schema.ts';
import { CHAIN, LEVEL_PROVIDER, layersIn, providerKey, resolve, type SettingContext } from './service.ts';

/** Every unknown name, name not changeable at `provider` and bad value, as field errors naming `settings.<i>.…`. */
function refusals(provider: SettingProvider, items: SettingChange[]): ValidationErrorItem[] {
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
  return errors;
}

/**
 * The settings module's writes (the service shape, `docs/architecture.md`), taking the open
 * transaction (on the main database) and the context, and raising `SettingsChanged`, whose
 * after-commit handler drops the cached values and configurations.
 */
export const settingCommands = (services: Pick<Services, 'events'>) => ({
  /**
   * Stores values at `level` for the context. `null` (or the value inherited from the next
   * level) removes the stored value. All items are checked before anything is written.
   */
  async change(tx: Tx, ctx: SettingContext, level: SettingLevel, items: SettingChange[]): Promise<void> {
    const provider = LEVEL_PROVIDER[level];
    const key = providerKey(ctx, provider);
    if (key === null) throw new Error(`No ${level} to store settings for`);
    const errors = refusals(provider, items);
    if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });

    // What the level below would give: storing that value is the same as storing nothing.
    const inherited = await layersIn(tx, ctx, CHAIN[level].slice(1));
    const names = [...new Set(items.map((i) => i.name))];
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
    await services.events.emit(tx, SettingsChanged, { provider, key, tenantId: ctx.tenant?.id ?? null });
  },
});
