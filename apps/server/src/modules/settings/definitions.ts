import { Cultures, ThemeColors } from '@seller/contracts';
import {
  type SettingDefinition,
  type SettingGroupDefinition,
  type SettingProvider,
  SettingValueType,
} from '../../core/definitions/settings.ts';
import type { TextResources } from '../../core/module.ts';

type Text = { en: string; 'zh-Hans': string };
const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return v.length > 0;
  } catch {
    return false;
  }
};

const ALL: SettingProvider[] = ['G', 'T', 'U'];
const HOST_AND_TENANT: SettingProvider[] = ['G', 'T'];
const text = (en: string, zh: string): Text => ({ en, 'zh-Hans': zh });

export const appSettings: SettingGroupDefinition = {
  name: 'App',
  displayName: text('Application', '应用'),
  settings: [
    {
      name: 'App.Theme.Color',
      defaultValue: ThemeColors[0],
      valueType: SettingValueType.Option,
      isVisibleToClients: true,
      providers: ALL,
      displayName: text('Theme colour', '主题色'),
      description: text('Primary colour of the interface.', '界面的主色调。'),
      options: ThemeColors.map((c) => ({ value: c, name: text(c, c) })),
    },
    {
      name: 'App.SiteName',
      defaultValue: '',
      valueType: SettingValueType.String,
      isVisibleToClients: true,
      providers: HOST_AND_TENANT,
      maxLength: 64,
      displayName: text('Site name', '站点名称'),
      description: text(
        'Shown in the sidebar and the page title; empty uses the name the host gave the tenant (feature App.SiteName).',
        '显示在侧边栏和页面标题中;为空时使用宿主为租户设定的名称(功能 App.SiteName)。',
      ),
    },
    {
      name: 'App.PluginDownloadUrl',
      // the collector page, which explains the browser extension and offers its files
      defaultValue: '/product/collector',
      valueType: SettingValueType.String,
      isVisibleToClients: true,
      providers: HOST_AND_TENANT,
      maxLength: 512,
      displayName: text('Plugin download URL', '插件下载地址'),
      description: text(
        'Target of the plugin download button in the top bar: a page of this admin (starting with /) or an http(s) address (opened in a new tab).',
        '顶栏插件下载按钮的链接:本系统的页面(以 / 开头)或 http(s) 地址(在新标签页打开)。',
      ),
      // an in-app path ("//host" would leave the app) or an http(s) address
      validate: (v) => v === '' || /^\/(?!\/)/.test(v) || /^https?:\/\//i.test(v),
    },
  ],
};

export const localizationSettings: SettingGroupDefinition = {
  name: 'Localization',
  displayName: text('Localization', '本地化'),
  settings: [
    {
      name: 'Abp.Localization.DefaultLanguage',
      defaultValue: 'zh-Hans',
      valueType: SettingValueType.Option,
      isVisibleToClients: true,
      providers: ALL,
      displayName: text('Default language', '默认语言'),
      description: text('Language used when the browser names none.', '浏览器未指定语言时使用的语言。'),
      options: Cultures.map((c) => ({
        value: c,
        name: c === 'en' ? text('English', 'English') : text('简体中文', '简体中文'),
      })),
    },
  ],
};

export const timingSettings: SettingGroupDefinition = {
  name: 'Timing',
  displayName: text('Time', '时间'),
  settings: [
    {
      name: 'Abp.Timing.TimeZone',
      defaultValue: 'Asia/Shanghai',
      valueType: SettingValueType.String,
      isVisibleToClients: true,
      providers: ALL,
      maxLength: 64,
      displayName: text('Time zone', '时区'),
      description: text('IANA time zone in which times are shown.', '显示时间所用的 IANA 时区。'),
      validate: isTimeZone,
    },
  ],
};

const identityNumber = (
  name: string,
  defaultValue: number,
  min: number,
  max: number,
  displayName: Text,
  description: Text,
  isVisibleToClients = true,
): SettingDefinition => ({
  name,
  defaultValue: String(defaultValue),
  valueType: SettingValueType.Number,
  isVisibleToClients,
  providers: HOST_AND_TENANT,
  min,
  max,
  displayName,
  description,
});

const identityFlag = (
  name: string,
  defaultValue: boolean,
  displayName: Text,
  description: Text,
): SettingDefinition => ({
  name,
  defaultValue: String(defaultValue),
  valueType: SettingValueType.Boolean,
  isVisibleToClients: true,
  providers: HOST_AND_TENANT,
  displayName,
  description,
});

export const identitySettings: SettingGroupDefinition = {
  name: 'Identity',
  displayName: text('Identity management', '身份标识管理'),
  settings: [
    identityNumber(
      'Abp.Identity.Password.RequiredLength',
      6,
      2,
      128,
      text('Required length', '密码最小长度'),
      text('Minimum length of a password.', '密码的最小长度。'),
    ),
    identityNumber(
      'Abp.Identity.Password.RequiredUniqueChars',
      1,
      1,
      128,
      text('Required unique characters', '不同字符最少个数'),
      text('Minimum number of distinct characters in a password.', '密码中至少包含的不同字符个数。'),
    ),
    identityFlag(
      'Abp.Identity.Password.RequireNonAlphanumeric',
      true,
      text('Require non-alphanumeric', '必须包含特殊字符'),
      text('Passwords must contain a non-alphanumeric character.', '密码必须包含非字母数字字符。'),
    ),
    identityFlag(
      'Abp.Identity.Password.RequireLowercase',
      true,
      text('Require lowercase', '必须包含小写字母'),
      text('Passwords must contain a lowercase letter.', '密码必须包含小写字母。'),
    ),
    identityFlag(
      'Abp.Identity.Password.RequireUppercase',
      true,
      text('Require uppercase', '必须包含大写字母'),
      text('Passwords must contain an uppercase letter.', '密码必须包含大写字母。'),
    ),
    identityFlag(
      'Abp.Identity.Password.RequireDigit',
      true,
      text('Require digit', '必须包含数字'),
      text('Passwords must contain a digit.', '密码必须包含数字。'),
    ),
    identityFlag(
      'Abp.Identity.Lockout.AllowedForNewUsers',
      true,
      text('Lock out new users', '新用户启用锁定'),
      text('New users can be locked out after failed sign-ins.', '新用户在登录失败后可以被锁定。'),
    ),
    identityNumber(
      'Abp.Identity.Lockout.MaxFailedAccessAttempts',
      5,
      1,
      100,
      text('Max failed access attempts', '最大失败访问尝试次数'),
      text('Failed sign-ins before the account is locked out.', '账户被锁定前允许的登录失败次数。'),
      false,
    ),
    identityNumber(
      'Abp.Identity.Lockout.LockoutDuration',
      300,
      1,
      31_536_000,
      text('Lockout duration (seconds)', '锁定时长(秒)'),
      text('How long a locked-out account stays locked.', '账户被锁定的时长。'),
      false,
    ),
    identityNumber(
      'Abp.Identity.User.SmsRepetInterval',
      1,
      1,
      1440,
      text('SMS resend interval (minutes)', '短信重复发送间隔(分钟)'),
      text('A phone code cannot be sent again within this interval.', '在此间隔内不能重复发送手机验证码。'),
      false,
    ),
    identityFlag(
      'Abp.Identity.User.IsUserNameUpdateEnabled',
      true,
      text('Allow changing user name', '允许修改用户名'),
      text('Users may change their own user name.', '用户可以修改自己的用户名。'),
    ),
    identityFlag(
      'Abp.Identity.User.IsEmailUpdateEnabled',
      true,
      text('Allow changing e-mail', '允许修改邮箱'),
      text('Users may change their own e-mail address.', '用户可以修改自己的邮箱地址。'),
    ),
  ],
};

export const accountSettings: SettingGroupDefinition = {
  name: 'Account',
  displayName: text('Account', '账户'),
  settings: [
    {
      name: 'Abp.Account.IsSelfRegistrationEnabled',
      defaultValue: 'true',
      valueType: SettingValueType.Boolean,
      isVisibleToClients: true,
      providers: HOST_AND_TENANT,
      displayName: text('Self registration', '允许自助注册'),
      description: text('Visitors may register an account by phone.', '访客可以通过手机号注册账户。'),
    },
  ],
};

export const settingErrorTexts: TextResources = {
  AbpSettingManagement: {
    en: {
      UnknownSetting: 'The setting {0} does not exist.',
      NotChangeableHere: 'The setting {0} cannot be changed at this level.',
      InvalidSettingValue: 'The value of the setting {0} is not valid.',
    },
    'zh-Hans': {
      UnknownSetting: '设置 {0} 不存在。',
      NotChangeableHere: '设置 {0} 不能在此级别修改。',
      InvalidSettingValue: '设置 {0} 的值无效。',
    },
  },
};
