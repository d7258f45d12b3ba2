import type { RequestContext } from '../../core/context.ts';
import { AppError, type ValidationErrorItem } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { identitySetting } from './settings.ts';

/**
 * The password policy is the tenant's `Abp.Identity.Password.*` settings (ABP defaults: ≥ 6
 * chars, a digit, a lower- and an upper-case letter, a non-alphanumeric character), read at run
 * time, so it is checked here and not by the shared schema (`@seller/contracts/identity`), which
 * only bounds the string. Messages are text keys, localized by the error handler.
 */
export { passwordSchema, phoneSchema } from '@seller/contracts/identity';

/** 400 naming `member` with every rule of the policy that `password` breaks. */
export async function checkPasswordPolicy(
  services: Services,
  ctx: Pick<RequestContext, 'tenant'>,
  password: string,
  member: string,
) {
  const setting = <N extends Parameters<typeof identitySetting>[2]>(name: N) => identitySetting(services, ctx, name);
  const minLength = await setting('Abp.Identity.Password.RequiredLength');
  const uniqueChars = await setting('Abp.Identity.Password.RequiredUniqueChars');
  const rules: [boolean, string, unknown[]?][] = [
    [password.length < minLength, 'PasswordTooShort', [minLength]],
    [new Set(password).size < uniqueChars, 'PasswordRequiresUniqueChars', [uniqueChars]],
    [
      (await setting('Abp.Identity.Password.RequireNonAlphanumeric')) && !/[^a-zA-Z0-9]/.test(password),
      'PasswordRequiresNonAlphanumeric',
    ],
    [(await setting('Abp.Identity.Password.RequireDigit')) && !/\d/.test(password), 'PasswordRequiresDigit'],
    [(await setting('Abp.Identity.Password.RequireLowercase')) && !/[a-z]/.test(password), 'PasswordRequiresLower'],
    [(await setting('Abp.Identity.Password.RequireUppercase')) && !/[A-Z]/.test(password), 'PasswordRequiresUpper'],
  ];
  const errors: ValidationErrorItem[] = rules
    .filter(([broken]) => broken)
    .map(([, key, params]) => ({ message: `AbpIdentity::${key}`, members: [member], params }));
  if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
}
