import type { TextResources } from '../../core/module.ts';

/** Texts of the token server (`/connect/*`): `error_description` of OAuth errors (contract §8). */

/** This file's localization resources (registered by the kernel from the module definition). */
export const texts: TextResources[] = [
  {
    AbpOpenIddict: {
      en: {
        InvalidUserNameOrPassword: 'Invalid username or password!',
        UserLockedOut:
          'The user account has been locked out due to invalid login attempts. Please wait a while and try again.',
        LoginIsNotAllowed:
          'You are not allowed to login! Your account is inactive or needs to confirm your email/phone number.',
        PhoneOrVerifyCodeNotFound: 'Phone number or verify code not found!',
        PhoneNumberNotRegistered: 'The registered mobile phone number is not registered!',
        PhoneVerifyCodeFailed: 'phone verification code failed!',
        InvalidClient: 'The client application is unknown, disabled or its credentials are invalid.',
        UnsupportedGrantType: 'The grant type "{0}" is not supported.',
        UnauthorizedClient: 'This client application is not allowed to use the grant type "{0}".',
        InvalidScope: 'The scope "{0}" is not allowed for this client application.',
        MissingParameter: 'The mandatory "{0}" parameter is missing.',
        InvalidRefreshToken: 'The refresh token is invalid, revoked or expired.',
      },
      'zh-Hans': {
        InvalidUserNameOrPassword: '用户名或密码错误!',
        UserLockedOut: '由于多次登录失败，用户帐户已被锁定，请稍后再试。',
        LoginIsNotAllowed: '您不能登录!您的帐户处于非活动状态或需要验证邮箱地址/手机号码。',
        PhoneOrVerifyCodeNotFound: '手机号码或手机验证码未输入!',
        PhoneNumberNotRegistered: '登录的手机号码未注册!',
        PhoneVerifyCodeFailed: '手机验证码无效或已过期!',
        InvalidClient: '客户端应用未知、已被禁用或其凭据无效。',
        UnsupportedGrantType: '不支持授权类型 "{0}"。',
        UnauthorizedClient: '此客户端应用不允许使用授权类型 "{0}"。',
        InvalidScope: '此客户端应用不允许使用范围 "{0}"。',
        MissingParameter: '缺少必需的参数 "{0}"。',
        InvalidRefreshToken: '刷新令牌无效、已被撤销或已过期。',
      },
    },
  },
];
