import type { TextResources } from '../../core/module.ts';

/** Texts of the account module (phone codes, registration, password reset). */

/** This file's localization resources (registered by the kernel from the module definition). */
export const texts: TextResources[] = [
  {
    AbpAccount: {
      en: {
        SendRepeatPhoneVerifyCode: 'Phone verification code cannot be sent repeatedly within {0} minutes!',
        InvalidVerifyCode: 'The verification code is invalid or expired!',
        PhoneNumberNotRegistered: 'The registered mobile phone number is not registered!',
        DuplicatePhoneNumber: "Phone number '{0}' is already taken.",
        SelfRegistrationDisabledMessage: 'Self-registration is disabled for this application!',
        PhoneVerifyCodeMessage:
          'Your verification code is {0}. It is valid for {1} minutes; do not share it with anyone.',
      },
      'zh-Hans': {
        SendRepeatPhoneVerifyCode: '手机验证码不能在 {0} 分钟内重复发送!',
        InvalidVerifyCode: '验证码无效或已经过期!',
        PhoneNumberNotRegistered: '登录的手机号码未注册!',
        DuplicatePhoneNumber: "手机号码 '{0}' 已被使用。",
        SelfRegistrationDisabledMessage: '此应用程序未开放自助注册!',
        PhoneVerifyCodeMessage: '您的验证码是 {0},{1} 分钟内有效,请勿泄露给他人。',
      },
    },
  },
];
