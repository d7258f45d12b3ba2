import type { SettingChange, SettingLevel } from '@seller/contracts/settings';
import type { Tx } from '../../core/db/client.ts';
import { isValidSettingValue, type SettingProvider, settingDefinition } from '../../core/definitions/settings.ts';
import { AppError } from '../../core/errors.ts';
import { itemRefusals, storeProviderValues } from '../../core/provider-values.ts';
import type { Services } from '../../core/services.ts';
import { SettingsChanged } from './events.ts';
import { settingValues } from './schema.ts';
import { CHAIN, LEVEL_PROVIDER, layersIn, providerKey, resolve, type SettingContext } from './service.ts';

/** Every unknown name, name not changeable at `provider` and bad value, as field errors naming `settings.<i>.…`. */
const refusals = (provider: SettingProvider, items: SettingChange[]) =>
  itemRefusals('settings', items, (item) => {
    const def = settingDefinition(item.name);
    if (!def) return { message: 'AbpSettingManagement::UnknownSetting', member: 'name', params: [item.name] };
    if (!def.providers.includes(provider))
      return { message: 'AbpSettingManagement::NotChangeableHere', member: 'name', params: [item.name] };
    if (item.value !== null && !isValidSettingValue(def, item.value))
      return { message: 'AbpSettingManagement::InvalidSettingValue', member: 'value', params: [item.name] };
  });

const SETTING_VALUES = { table: settingValues, entity: 'Setting' };

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
    await storeProviderValues(
      tx,
      ctx,
      SETTING_VALUES,
      { name: provider, key },
      items,
      (item) => item.value === resolve(settingDefinition(item.name)!, inherited),
    );
    await services.events.emit(tx, SettingsChanged, { provider, key, tenantId: ctx.tenant?.id ?? null });
  },
});
