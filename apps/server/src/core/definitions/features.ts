import { registerResource } from '../localization/index.ts';

type Text = { en: string; 'zh-Hans': string };

/** ABP's feature value types (the wire shape of `valueType`). */
export type FeatureValueType =
  | { kind: 'text'; maxLength: number; regex?: RegExp }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'toggle' }
  | { kind: 'selection'; items: { value: string; displayName: Text }[] };

export interface FeatureDefinition {
  name: string;
  defaultValue: string;
  valueType: FeatureValueType;
  displayName: Text;
  description?: Text;
  /** Shown to clients in the application configuration. */
  isVisibleToClients?: boolean;
  children?: FeatureDefinition[];
}

export interface FeatureGroupDefinition {
  name: string;
  displayName: Text;
  features: FeatureDefinition[];
}

const groups: FeatureGroupDefinition[] = [];
const byName = new Map<string, { definition: FeatureDefinition; parentName: string | null; depth: number }>();

/**
 * Registers a feature group (the kernel calls it for each module's `features`) and its texts in the
 * `AbpFeatureManagement` resource: `Group:<name>`, `DisplayName:<feature>`,
 * `Description:<feature>`, `Option:<feature>:<value>`.
 */
export function defineFeatureGroup(group: FeatureGroupDefinition) {
  let target = groups.find((g) => g.name === group.name);
  if (!target) {
    target = { ...group, features: [] };
    groups.push(target);
  }
  const en: Record<string, string> = { [`Group:${group.name}`]: group.displayName.en };
  const zh: Record<string, string> = { [`Group:${group.name}`]: group.displayName['zh-Hans'] };
  const add = (f: FeatureDefinition, parentName: string | null, depth: number) => {
    if (byName.has(f.name)) throw new Error(`Feature ${f.name} is defined twice`);
    byName.set(f.name, { definition: f, parentName, depth });
    en[`DisplayName:${f.name}`] = f.displayName.en;
    zh[`DisplayName:${f.name}`] = f.displayName['zh-Hans'];
    if (f.description) {
      en[`Description:${f.name}`] = f.description.en;
      zh[`Description:${f.name}`] = f.description['zh-Hans'];
    }
    if (f.valueType.kind === 'selection') {
      for (const item of f.valueType.items) {
        en[`Option:${f.name}:${item.value}`] = item.displayName.en;
        zh[`Option:${f.name}:${item.value}`] = item.displayName['zh-Hans'];
      }
    }
    for (const c of f.children ?? []) add(c, f.name, depth + 1);
  };
  for (const f of group.features) {
    target.features.push(f);
    add(f, null, 0);
  }
  registerResource('AbpFeatureManagement', { en, 'zh-Hans': zh });
}

export const featureGroups = (): readonly FeatureGroupDefinition[] => groups;
export const featureDefinition = (name: string) => byName.get(name);
export const allFeatureDefinitions = () => [...byName.values()].map((e) => e.definition);

/** Whether `value` is acceptable for the feature. */
export function isValidFeatureValue(def: FeatureDefinition, value: string): boolean {
  const vt = def.valueType;
  switch (vt.kind) {
    case 'number': {
      if (!/^-?\d+$/.test(value)) return false;
      const n = Number(value);
      return n >= vt.min && n <= vt.max;
    }
    case 'toggle':
      return value === 'true' || value === 'false';
    case 'selection':
      return vt.items.some((i) => i.value === value);
    default:
      return value.length <= vt.maxLength && (!vt.regex || value === '' || vt.regex.test(value));
  }
}
