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

/** The tenant's password policy, read from its settings before the unit of work. */
export async function passwordPolicy(services: Services, ctx: Pick<RequestContext, 'tenant'>) {
  const setting = <N extends Parameters<typeof identitySetting>[2]>(name: N) => identitySetting(services, ctx, name);
  return {
    minLength: await setting('Abp.Identity.Password.RequiredLength'),
    uniqueChars: await setting('Abp.Identity.Password.RequiredUniqueChars'),
    nonAlphanumeric: await setting('Abp.Identity.Password.RequireNonAlphanumeric'),
    digit: await setting('Abp.Identity.Password.RequireDigit'),
    lowercase: await setting('Abp.Identity.Password.RequireLowercase'),
    uppercase: await setting('Abp.Identity.Password.RequireUppercase'),
  };
}

export type PasswordPolicy = Awaited<ReturnType<typeof passwordPolicy>>;

/** 400 naming `member` with every rule of `policy` that `password` breaks. */
export function assertPasswordPolicy(policy: PasswordPolicy, password: string, member: string) {
  const rules: [boolean, string, unknown[]?][] = [
    [password.length < policy.minLength, 'PasswordTooShort', [policy.minLength]],
    [new Set(password).size < policy.uniqueChars, 'PasswordRequiresUniqueChars', [policy.uniqueChars]],
    [policy.nonAlphanumeric && !/[^a-zA-Z0-9]/.test(password), 'PasswordRequiresNonAlphanumeric'],
    [policy.digit && !/\d/.test(password), 'PasswordRequiresDigit'],
    [policy.lowercase && !/[a-z]/.test(password), 'PasswordRequiresLower'],
    [policy.uppercase && !/[A-Z]/.test(password), 'PasswordRequiresUpper'],
  ];
  const errors: ValidationErrorItem[] = rules
    .filter(([broken]) => broken)
    .map(([, key, params]) => ({ message: `AbpIdentity::${key}`, members: [member], params }));
  if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
}

/** Both at once, for a caller outside any unit (a tenant's set-up checks its admin's password). */
export async function checkPasswordPolicy(
  services: Services,
  ctx: Pick<RequestContext, 'tenant'>,
  password: string,
  member: string,
) {
  assertPasswordPolicy(await passwordPolicy(services, ctx), password, member);
}
