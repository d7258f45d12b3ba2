import type { RequestContext } from '../../core/context.ts';
import { settingDefinition } from '../../core/definitions/settings.ts';
import type { Services } from '../../core/services.ts';
import { getSetting } from '../settings/index.ts';

/**
 * Identity and account settings this module reads, with their defaults (ABP names). Values
 * come from the settings module (tenant, then global, then its definition's default); these
 * defaults apply only where the settings module does not define the name.
 */
export const IdentitySettingDefaults = {
  'Abp.Identity.Password.RequiredLength': 6,
  'Abp.Identity.Password.RequiredUniqueChars': 1,
  'Abp.Identity.Password.RequireNonAlphanumeric': true,
  'Abp.Identity.Password.RequireLowercase': true,
  'Abp.Identity.Password.RequireUppercase': true,
  'Abp.Identity.Password.RequireDigit': true,
  'Abp.Identity.Lockout.AllowedForNewUsers': true,
  'Abp.Identity.Lockout.MaxFailedAccessAttempts': 5,
  /** Seconds. */
  'Abp.Identity.Lockout.LockoutDuration': 300,
  /** Minutes between two phone codes of one purpose. */
  'Abp.Identity.User.SmsRepetInterval': 1,
  'Abp.Identity.User.IsUserNameUpdateEnabled': true,
  'Abp.Identity.User.IsEmailUpdateEnabled': true,
  'Abp.Account.IsSelfRegistrationEnabled': true,
} as const;

export type IdentitySettingName = keyof typeof IdentitySettingDefaults;
type Value<N extends IdentitySettingName> = (typeof IdentitySettingDefaults)[N] extends boolean ? boolean : number;

/** The tenant-level value (never a user's own) of an identity setting. */
export async function identitySetting<N extends IdentitySettingName>(
  services: Services,
  ctx: Pick<RequestContext, 'tenant'>,
  name: N,
): Promise<Value<N>> {
  const fallback = IdentitySettingDefaults[name];
  if (!settingDefinition(name)) return fallback as Value<N>;
  const raw = await getSetting(services, { tenant: ctx.tenant, user: null }, name);
  if (typeof fallback === 'boolean') return (raw === 'true') as Value<N>;
  const n = Number(raw);
  return (Number.isFinite(n) && n >= 0 ? n : fallback) as Value<N>;
}
