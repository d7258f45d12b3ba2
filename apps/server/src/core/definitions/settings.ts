import { registerResource } from '../localization/index.ts';

/** Where a setting value may be stored: global (host-wide), per tenant, per user. */
export type SettingProvider = 'G' | 'T' | 'U';

/** Wire values of `valueType` (enums go out as integers). */
export const SettingValueType = { String: 0, Number: 1, Boolean: 2, Option: 3 } as const;
export type SettingValueType = (typeof SettingValueType)[keyof typeof SettingValueType];

type Text = { en: string; 'zh-Hans': string };

export interface SettingDefinition {
  name: string;
  defaultValue: string;
  valueType: SettingValueType;
  /** Sent to every client in the application configuration. */
  isVisibleToClients: boolean;
  /** Levels that may hold a value; the others fall through. */
  providers: SettingProvider[];
  displayName: Text;
  description?: Text;
  /** Number settings: inclusive bounds. */
  min?: number;
  max?: number;
  /** String settings: maximum length (default 1024). */
  maxLength?: number;
  /** Option settings: allowed values with their labels. */
  options?: { value: string; name: Text }[];
  /** Extra rule on the string value (after the type check). */
  validate?: (value: string) => boolean;
}

export interface SettingGroupDefinition {
  name: string;
  displayName: Text;
  settings: SettingDefinition[];
}

const groups: SettingGroupDefinition[] = [];
const byName = new Map<string, { group: SettingGroupDefinition; definition: SettingDefinition }>();

/**
 * Registers a group of settings (the kernel calls it for each module's `settings`) and its texts in the
 * `AbpSettingManagement` resource: `Group:<name>`, `DisplayName:<setting>`,
 * `Description:<setting>`, `Option:<setting>:<value>`.
 */
export function defineSettingGroup(group: SettingGroupDefinition) {
  let target = groups.find((g) => g.name === group.name);
  if (!target) {
    target = { ...group, settings: [] };
    groups.push(target);
  }
  const en: Record<string, string> = { [`Group:${group.name}`]: group.displayName.en };
  const zh: Record<string, string> = { [`Group:${group.name}`]: group.displayName['zh-Hans'] };
  for (const s of group.settings) {
    if (byName.has(s.name)) throw new Error(`Setting ${s.name} is defined twice`);
    target.settings.push(s);
    byName.set(s.name, { group: target, definition: s });
    en[`DisplayName:${s.name}`] = s.displayName.en;
    zh[`DisplayName:${s.name}`] = s.displayName['zh-Hans'];
    if (s.description) {
      en[`Description:${s.name}`] = s.description.en;
      zh[`Description:${s.name}`] = s.description['zh-Hans'];
    }
    for (const o of s.options ?? []) {
      en[`Option:${s.name}:${o.value}`] = o.name.en;
      zh[`Option:${s.name}:${o.value}`] = o.name['zh-Hans'];
    }
  }
  registerResource('AbpSettingManagement', { en, 'zh-Hans': zh });
}

export const settingGroups = (): readonly SettingGroupDefinition[] => groups;
export const settingDefinition = (name: string) => byName.get(name)?.definition;
export const allSettingDefinitions = () => [...byName.values()].map((e) => e.definition);

/** Whether `value` is acceptable for the definition. */
export function isValidSettingValue(def: SettingDefinition, value: string): boolean {
  switch (def.valueType) {
    case SettingValueType.Number: {
      if (!/^-?\d+$/.test(value.trim())) return false;
      const n = Number(value);
      if (def.min !== undefined && n < def.min) return false;
      if (def.max !== undefined && n > def.max) return false;
      break;
    }
    case SettingValueType.Boolean:
      if (value !== 'true' && value !== 'false') return false;
      break;
    case SettingValueType.Option:
      if (!def.options?.some((o) => o.value === value)) return false;
      break;
    default:
      if (value.length > (def.maxLength ?? 1024)) return false;
  }
  return def.validate ? def.validate(value) : true;
}
