import {
  type SettingChange,
  type SettingDto,
  type SettingGroupDto,
  type SettingLevel,
  SettingValueType,
  settingLevelPaths,
} from '@seller/contracts/settings';
import type { ListResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** Setting management calls (spec §7, wire contract §10): global, tenant and personal levels. */

export type { SettingDto, SettingLevel };
export { SettingValueType };
export type SettingGroup = SettingGroupDto;

const SETTINGS = '/api/setting-management/settings';

export const settingsApi = {
  get: (level: SettingLevel) => http.get<ListResult<SettingGroup>>(`${SETTINGS}/${settingLevelPaths[level].get}`),
  change: (level: SettingLevel, settings: SettingChange[]) =>
    http.put<ListResult<SettingGroup>>(`${SETTINGS}/${settingLevelPaths[level].put}`, { settings }),
};

/** Texts of the settings page (server resource AbpSettingManagement). */
export const LS = (key: string, ...args: unknown[]) => localize(`AbpSettingManagement::${key}`, ...args);
