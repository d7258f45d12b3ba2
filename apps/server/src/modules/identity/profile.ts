import type { ChangePasswordInput, UpdateProfileInput } from '@seller/contracts/identity';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, getOwned, updateOwned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { fieldError, unauthorized } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { UserSignInsEnded } from './events.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { users } from './schema.ts';
import { writeSecurityLog } from './security-log.ts';
import { identitySetting } from './settings.ts';
import type { User } from './sign-in.ts';
import { ensureUnique } from './users.ts';
import { assertPasswordPolicy, type PasswordPolicy } from './validation.ts';

/** The signed-in user's own profile (`/api/identity/my-profile`). */
export type ProfileContext = RequestContext & CrudContext;

export const toProfileDto = (u: User) => ({
  userName: u.userName,
  email: u.email,
  emailConfirmed: u.emailConfirmed,
  name: u.name,
  surname: u.surname,
  phoneNumber: u.phoneNumber,
  phoneNumberConfirmed: u.phoneNumberConfirmed,
  isExternal: false,
  hasPassword: !!u.passwordHash,
  concurrencyStamp: u.concurrencyStamp,
  extraProperties: u.extraProperties,
});

function currentUserId(ctx: ProfileContext): string {
  if (!ctx.user) throw unauthorized();
  return ctx.user.id;
}

export async function getProfile(tx: Tx, ctx: ProfileContext) {
  return toProfileDto(await getOwned(tx, ctx, users, 'IdentityUser', currentUserId(ctx)));
}

/** Which of the profile's names the tenant lets its users change (settings, read before the unit). */
export async function profileSettings(services: Services, ctx: Pick<RequestContext, 'tenant'>) {
  return {
    userNameEditable: await identitySetting(services, ctx, 'Abp.Identity.User.IsUserNameUpdateEnabled'),
    emailEditable: await identitySetting(services, ctx, 'Abp.Identity.User.IsEmailUpdateEnabled'),
  };
}

/**
 * A changed e-mail or phone number is no longer confirmed; user name and e-mail stay as they
 * are where the tenant's settings forbid changing them. A stale stamp is a 409.
 */
export async function updateProfile(
  tx: Tx,
  ctx: ProfileContext,
  editable: Awaited<ReturnType<typeof profileSettings>>,
  input: UpdateProfileInput,
) {
  const id = currentUserId(ctx);
  const before = await getOwned(tx, ctx, users, 'IdentityUser', id);
  const userName = editable.userNameEditable ? input.userName : before.userName;
  const email = editable.emailEditable ? input.email?.trim() || null : before.email;
  const phoneNumber = input.phoneNumber?.trim() || null;
  await ensureUnique(tx, { userName, email, phoneNumber, exceptUserId: id });
  const updated = await updateOwned(
    tx,
    ctx,
    users,
    'IdentityUser',
    id,
    {
      userName,
      normalizedUserName: normalizeName(userName),
      name: input.name?.trim() || null,
      surname: input.surname?.trim() || null,
      email,
      normalizedEmail: email ? normalizeName(email) : null,
      emailConfirmed: email === before.email ? before.emailConfirmed : false,
      phoneNumber,
      phoneNumberConfirmed: phoneNumber === before.phoneNumber ? before.phoneNumberConfirmed : false,
    },
    input.concurrencyStamp,
  );
  return toProfileDto(updated);
}

/**
 * Checks the current password, stores the new one, logs the change and ends the user's other
 * sessions. A wrong current password is a 400 on `currentPassword`.
 */
export async function changePassword(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: ProfileContext,
  policy: PasswordPolicy,
  input: ChangePasswordInput,
) {
  const id = currentUserId(ctx);
  assertPasswordPolicy(policy, input.newPassword, 'newPassword');
  const user = await getOwned(tx, ctx, users, 'IdentityUser', id);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw fieldError('currentPassword', 'AbpIdentity::PasswordMismatch');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await updateOwned(tx, ctx, users, 'IdentityUser', id, { passwordHash, securityStamp: crypto.randomUUID() });
  // the session this change is made in stays signed in
  await services.events.emit(tx, UserSignInsEnded, {
    tenantId: ctx.tenant?.id ?? null,
    userId: id,
    exceptSessionId: ctx.user?.sessionId ?? null,
  });
  await writeSecurityLog(tx, ctx, {
    identity: 'Identity',
    action: 'ChangePassword',
    userId: id,
    userName: user.userName,
  });
}
