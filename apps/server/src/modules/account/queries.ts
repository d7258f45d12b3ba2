import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { identitySetting, passwordPolicy, users } from '../identity/index.ts';

/**
 * The settings the phone flows check, read before the unit of work: whether users may register
 * themselves, the resend interval of a code, whether new users can be locked out, the password
 * policy.
 */
async function phoneSettings(services: Services, ctx: Pick<RequestContext, 'tenant'>) {
  return {
    selfRegistration: await identitySetting(services, ctx, 'Abp.Account.IsSelfRegistrationEnabled'),
    /** Minutes between two codes of one purpose. */
    resendMinutes: await identitySetting(services, ctx, 'Abp.Identity.User.SmsRepetInterval'),
    lockoutForNewUsers: await identitySetting(services, ctx, 'Abp.Identity.Lockout.AllowedForNewUsers'),
    passwordPolicy: await passwordPolicy(services, ctx),
  };
}

export type PhoneSettings = Awaited<ReturnType<typeof phoneSettings>>;

/** Whether a user (not deleted) of the unit's tenant has `phoneNumber`, confirmed or not. */
async function phoneTaken(tx: Tx, _ctx: Pick<RequestContext, 'tenant'>, phoneNumber: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.isDeleted, false)))
    .limit(1);
  return !!row;
}

/**
 * The account module's reads (the service shape, `docs/architecture.md`): `phoneTaken` takes the
 * open unit's `tx` and the context; `settings` is read before the unit, through the settings.
 */
export const accountQueries = { settings: phoneSettings, phoneTaken };
