import type { ListResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** Setting management calls (spec §7, wire contract §10): global, tenant and personal levels. */

/** Setting value types (server `SettingValueType`). */
export const SettingValueType = { String: 0, Number: 1, Boolean: 2, Option: 3 } as const;

export interface SettingDto {
  name: string;
  displayName: string;
  description: string | null;
  value: string;
  defaultValue: string;
  valueType: number;
  isVisibleToClients: boolean;
  options: { name: string; value: string }[];
}

export interface SettingGroup {
  name: string;
  displayName: string;
  settings: SettingDto[];
}

export type SettingLevel = 'global' | 'tenant' | 'user';

const SETTINGS = '/api/setting-management/settings';
const settingPaths: Record<SettingLevel, [string, string]> = {
  global: ['by-global', 'change-global'],
  tenant: ['by-current-tenant', 'change-current-tenant'],
  user: ['by-current-user', 'change-current-user'],
};

export const settingsApi = {
  get: (level: SettingLevel) => http.get<ListResult<SettingGroup>>(`${SETTINGS}/${settingPaths[level][0]}`),
  change: (level: SettingLevel, settings: { name: string; value: string | null }[]) =>
    http.put<ListResult<SettingGroup>>(`${SETTINGS}/${settingPaths[level][1]}`, { settings }),
};

/** Texts of the settings page (server resource AbpSettingManagement). */
export const LS = (key: string, ...args: unknown[]) => localize(`AbpSettingManagement::${key}`, ...args);
