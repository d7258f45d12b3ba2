import type { TextResources } from '../../core/module.ts';

/** Impersonation texts: business errors and the web app's button and banner. */

/** This file's localization resources (registered by the kernel from the module definition). */
export const texts: TextResources[] = [
  {
    AbpIdentity: {
      en: {
        NestedImpersonationNotAllowed: 'You are already impersonating a user: go back to your own account first.',
        ImpersonateSelfNotAllowed: 'You cannot impersonate yourself.',
        ImpersonateOtherTenantNotAllowed: "You cannot impersonate another tenant's users.",
        ImpersonationTenantInactive: 'The tenant {name} is not active.',
        ImpersonationUserInactive: 'The user {userName} is not active.',
        NotImpersonating: 'You are not impersonating anyone.',
        ImpersonationTokenInvalid: 'The impersonation token is invalid, used or expired.',
        Impersonate: 'Impersonate',
        ImpersonateConfirm: 'Sign in as {0}? You will be signed out of your own account until you go back.',
        ImpersonateThisUser: 'this user',
        ImpersonatingBanner: 'You are signed in as {0}, impersonated by {1}.',
        BackToImpersonator: 'Back to my account',
      },
      'zh-Hans': {
        NestedImpersonationNotAllowed: '您已在模拟其他用户:请先返回您自己的帐户。',
        ImpersonateSelfNotAllowed: '不能模拟您自己。',
        ImpersonateOtherTenantNotAllowed: '不能模拟其他租户的用户。',
        ImpersonationTenantInactive: '租户 {name} 未启用。',
        ImpersonationUserInactive: '用户 {userName} 未启用。',
        NotImpersonating: '您当前没有模拟任何用户。',
        ImpersonationTokenInvalid: '模拟登录令牌无效、已使用或已过期。',
        Impersonate: '模拟登录',
        ImpersonateConfirm: '以 {0} 的身份登录?在返回之前,您将退出自己的帐户。',
        ImpersonateThisUser: '该用户',
        ImpersonatingBanner: '您正以 {0} 的身份登录,模拟者为 {1}。',
        BackToImpersonator: '返回我的帐户',
      },
    },
  },
];
