import type { SettingGroupDto, SettingLevel } from '@seller/contracts/settings';
import type { RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { settingGroups } from '../../core/definitions/settings.ts';
import { t } from '../../core/localization/index.ts';
import { CHAIN, LEVEL_PROVIDER, layersIn, resolve, type SettingContext } from './service.ts';

/** The settings changeable at `level`, grouped, with the values in effect there. */
async function list(
  tx: Tx,
  ctx: SettingContext & Pick<RequestContext, 'culture'>,
  level: SettingLevel,
): Promise<{ items: SettingGroupDto[] }> {
  const stack = await layersIn(tx, ctx, CHAIN[level]);
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
 * The settings module's reads (the service shape, `docs/architecture.md`), taking the open unit's
 * `tx` (on the main database) and the context. Other modules read values in effect through
 * `getSetting` and its kin (cached, `service.ts`).
 */
export const settingQueries = { list };
