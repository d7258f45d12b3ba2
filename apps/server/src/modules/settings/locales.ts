import type { TextResources } from '../../core/module.ts';

/** Texts of the settings page (`AbpSettingManagement::<key>` in the web app). */

/** This file's localization resources (registered by the kernel from the module definition). */
export const texts: TextResources[] = [
  {
    AbpSettingManagement: {
      en: {
        Settings: 'Settings',
        'Level:Global': 'Global (host)',
        'Level:Tenant': 'Tenant',
        'Level:User': 'My settings',
        'LevelHint:Global': 'Defaults for the host and every tenant that does not set its own value.',
        'LevelHint:Tenant': 'Values for this tenant; empty fields inherit the global value.',
        'LevelHint:User': 'Your own values; they override the tenant and global values for you.',
        SaveGroup: 'Save',
        ResetToDefault: 'Reset',
        ResetHint: 'Back to the inherited value',
        DefaultValue: 'Default: {0}',
        NothingChanged: 'Nothing changed',
        SettingsSaved: 'Settings saved',
      },
      'zh-Hans': {
        Settings: '系统设置',
        'Level:Global': '全局(宿主)',
        'Level:Tenant': '租户',
        'Level:User': '我的设置',
        'LevelHint:Global': '宿主及未设置自有值的租户使用的默认值。',
        'LevelHint:Tenant': '本租户的设置值;未设置的项继承全局值。',
        'LevelHint:User': '你自己的设置值,对你而言优先于租户和全局值。',
        SaveGroup: '保存',
        ResetToDefault: '重置',
        ResetHint: '恢复为继承的值',
        DefaultValue: '默认值: {0}',
        NothingChanged: '没有修改',
        SettingsSaved: '设置已保存',
      },
    },
  },
];
