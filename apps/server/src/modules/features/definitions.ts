import { registerResource } from '../../core/localization/index.ts';

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
 * Registers a feature group (other modules may add theirs) and its texts in the
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

const text = (en: string, zh: string): Text => ({ en, 'zh-Hans': zh });

defineFeatureGroup({
  name: 'App',
  displayName: text('Application', '应用'),
  features: [
    {
      name: 'App.SiteName',
      defaultValue: 'Seller Admin',
      valueType: { kind: 'text', maxLength: 64 },
      displayName: text('Site name', '站点名称'),
      description: text('Name shown next to the logo in the sidebar.', '侧边栏标志旁显示的名称。'),
      isVisibleToClients: true,
    },
    {
      name: 'App.Logo',
      defaultValue: '',
      valueType: { kind: 'text', maxLength: 512, regex: /^(https?:\/\/|\/|data:image\/)/i },
      displayName: text('Logo', '站点标志'),
      description: text(
        'Address of the logo image; empty shows the default icon.',
        '标志图片的地址,为空时显示默认图标。',
      ),
      isVisibleToClients: true,
    },
  ],
});

defineFeatureGroup({
  name: 'Identity',
  displayName: text('Identity management', '身份标识管理'),
  features: [
    {
      name: 'Identity.MaxUserCount',
      defaultValue: '0',
      valueType: { kind: 'number', min: 0, max: 1_000_000 },
      displayName: text('Maximum users', '最大用户数'),
      description: text(
        'How many users the tenant may have; 0 means unlimited.',
        '租户可拥有的用户数量,0 表示不限制。',
      ),
      isVisibleToClients: true,
    },
    {
      name: 'Identity.TwoFactor',
      defaultValue: 'Optional',
      valueType: {
        kind: 'selection',
        items: [
          { value: 'Optional', displayName: text('Optional', '可选') },
          { value: 'Disabled', displayName: text('Disabled', '禁用') },
          { value: 'Forced', displayName: text('Forced', '强制') },
        ],
      },
      displayName: text('Two-factor authentication', '双因素身份验证'),
      description: text(
        'Whether users may, must or must not use a second factor.',
        '用户是否可以、必须或不能使用第二因素。',
      ),
      isVisibleToClients: true,
    },
  ],
});

defineFeatureGroup({
  name: 'Notifications',
  displayName: text('Notifications', '通知'),
  features: [
    {
      name: 'Notifications.Enable',
      defaultValue: 'true',
      valueType: { kind: 'toggle' },
      displayName: text('Notifications', '启用通知'),
      description: text('Live notifications for the tenant’s users.', '为租户用户启用实时通知。'),
      isVisibleToClients: true,
    },
  ],
});

registerResource('AbpFeatureManagement', {
  en: {
    UnknownFeature: 'The feature {1} does not exist.',
    InvalidFeatureValue: 'The value of the feature {1} is not valid.',
    Tenant: 'Tenant',
  },
  'zh-Hans': {
    UnknownFeature: '功能 {1} 不存在。',
    InvalidFeatureValue: '功能 {1} 的值无效。',
    Tenant: '租户',
  },
});
