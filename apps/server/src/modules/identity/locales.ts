import type { TextResources } from '../../core/module.ts';

/** Texts of the identity module: password rules, duplicates, profile. */

/** This file's localization resources (registered by the kernel from the module definition). */
export const texts: TextResources[] = [
  {
    AbpIdentity: {
      en: {
        PasswordTooShort: 'Passwords must be at least {0} characters.',
        PasswordRequiresUniqueChars: 'Passwords must use at least {0} different characters.',
        PasswordRequiresDigit: "Passwords must have at least one digit ('0'-'9').",
        PasswordRequiresLower: "Passwords must have at least one lowercase ('a'-'z').",
        PasswordRequiresUpper: "Passwords must have at least one uppercase ('A'-'Z').",
        PasswordRequiresNonAlphanumeric: 'Passwords must have at least one non alphanumeric character.',
        PasswordMismatch: 'Incorrect password.',
        DuplicateUserName: "User name '{0}' is already taken.",
        DuplicateEmail: "Email '{0}' is already taken.",
        DuplicatePhoneNumber: "Phone number '{0}' is already taken.",
        InvalidPhoneNumber: 'The phone number is not valid (6 to 15 digits, optionally starting with +).',
      },
      'zh-Hans': {
        PasswordTooShort: '密码长度至少为 {0} 个字符。',
        PasswordRequiresUniqueChars: '密码至少要使用 {0} 个不同的字符。',
        PasswordRequiresDigit: "密码至少包含一位数字 ('0'-'9')。",
        PasswordRequiresLower: "密码至少包含一位小写字母 ('a'-'z')。",
        PasswordRequiresUpper: "密码至少包含一位大写字母 ('A'-'Z')。",
        PasswordRequiresNonAlphanumeric: '密码至少包含一位非字母数字字符。',
        PasswordMismatch: '密码错误。',
        DuplicateUserName: "用户名 '{0}' 已被使用。",
        DuplicateEmail: "邮箱 '{0}' 已被使用。",
        DuplicatePhoneNumber: "手机号码 '{0}' 已被使用。",
        InvalidPhoneNumber: '手机号码无效(6 到 15 位数字,可以 + 开头)。',
      },
    },
  },
];
