import { z } from 'zod';
import { describedNames, displayedName } from '../fields.ts';

/** Setting management (spec §7, wire contract §10): the levels, the groups read and the changes sent. */

/** How a setting's value is edited: text, whole number, on/off or one of its options. */
export const SettingValueType = { String: 0, Number: 1, Boolean: 2, Option: 3 } as const;

/** Where values are stored: for everyone (host), the current tenant or the current user. */
export type SettingLevel = 'global' | 'tenant' | 'user';

/** The paths under `/api/setting-management/settings` reading and changing each level. */
export const settingLevelPaths: Record<SettingLevel, { get: string; put: string }> = {
  global: { get: 'by-global', put: 'change-global' },
  tenant: { get: 'by-current-tenant', put: 'change-current-tenant' },
  user: { get: 'by-current-user', put: 'change-current-user' },
};

export const settingDto = z.object({
  ...describedNames,
  /** The value in effect at the level read (stored there or inherited). */
  value: z.string(),
  defaultValue: z.string(),
  valueType: z.number().int(),
  isVisibleToClients: z.boolean(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type SettingDto = z.infer<typeof settingDto>;

export const settingGroupDto = z.object({ ...displayedName, settings: z.array(settingDto) });
export type SettingGroupDto = z.infer<typeof settingGroupDto>;
export const settingGroupList = z.object({ items: z.array(settingGroupDto) });

/** One value to store; `null` removes the stored value (the inherited one applies again). */
export const settingChange = z.object({
  name: z.string().trim().min(1).max(128),
  value: z.string().max(2048).nullable(),
});
export type SettingChange = z.infer<typeof settingChange>;
export const settingChangeInput = z.object({ settings: z.array(settingChange).max(200) });
