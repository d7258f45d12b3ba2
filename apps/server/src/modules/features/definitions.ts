import type { FeatureGroupDefinition } from '../../core/definitions/features.ts';
import type { TextResources } from '../../core/module.ts';

type Text = { en: string; 'zh-Hans': string };
const text = (en: string, zh: string): Text => ({ en, 'zh-Hans': zh });

export const appFeatures: FeatureGroupDefinition = {
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
};

export const identityFeatures: FeatureGroupDefinition = {
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
};

export const notificationFeatures: FeatureGroupDefinition = {
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
};

export const featureErrorTexts: TextResources = {
  AbpFeatureManagement: {
    en: {
      UnknownFeature: 'The feature {0} does not exist.',
      InvalidFeatureValue: 'The value of the feature {0} is not valid.',
      Tenant: 'Tenant',
    },
    'zh-Hans': {
      UnknownFeature: '功能 {0} 不存在。',
      InvalidFeatureValue: '功能 {0} 的值无效。',
      Tenant: '租户',
    },
  },
};
