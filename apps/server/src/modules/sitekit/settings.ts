import { type SettingGroupDefinition, SettingValueType } from '../../core/definitions/settings.ts';

export const SitekitSettings = {
  /** Hours the secret a rotation replaced keeps working (next-modules §1.3, Medusa's `revoke_in`). */
  SecretGraceHours: 'Sitekit.SecretGraceHours',
} as const;

export const sitekitSettings: SettingGroupDefinition = {
  name: 'Sitekit',
  displayName: { en: 'Storefronts', 'zh-Hans': '自建站' },
  settings: [
    {
      name: SitekitSettings.SecretGraceHours,
      defaultValue: '24',
      valueType: SettingValueType.Number,
      isVisibleToClients: true,
      providers: ['G', 'T'],
      maxLength: 3,
      validate: (v) => /^\d{1,3}$/.test(v) && Number(v) <= 720,
      displayName: { en: 'Old secret kept after a rotation (hours)', 'zh-Hans': '更换密钥后旧密钥保留(小时)' },
      description: {
        en: 'After a site secret is rotated, the old one keeps working this many hours (0 to 720; 0 ends it at once).',
        'zh-Hans': '站点密钥更换后,旧密钥在这么多小时内仍然有效(0 到 720;0 表示立即失效)。',
      },
    },
  ],
};
