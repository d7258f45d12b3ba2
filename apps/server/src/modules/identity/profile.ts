import type { ChangePasswordInput, UpdateProfileInput } from '@seller/contracts/identity';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, getOwned, updateOwned } from '../../core/crud.ts';
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
import { checkPasswordPolicy } from './validation.ts';

/** The signed-in user's own profile (`/api/identity/my-profile`). */
export type ProfileContext = RequestContext & CrudContext;

/** Password changes allowed per user per minute (guessing the current password). */
export const CHANGE_PASSWORD_LIMIT = { max: 10, windowSeconds: 60 };

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

export async function getProfile(services: Services, ctx: ProfileContext) {
  const id = currentUserId(ctx);
  return toProfileDto(await services.data.inTenant(ctx, (tx) => getOwned(tx, ctx, users, 'IdentityUser', id)));
}

/**
 * A changed e-mail or phone number is no longer confirmed; user name and e-mail stay as they
 * are where the tenant's settings forbid changing them. A stale stamp is a 409.
 */
export async function updateProfile(services: Services, ctx: ProfileContext, input: UpdateProfileInput) {
  const id = currentUserId(ctx);
  const userNameEditable = await identitySetting(services, ctx, 'Abp.Identity.User.IsUserNameUpdateEnabled');
  const emailEditable = await identitySetting(services, ctx, 'Abp.Identity.User.IsEmailUpdateEnabled');
  const before = await services.data.inTenant(ctx, (tx) => getOwned(tx, ctx, users, 'IdentityUser', id));
  const userName = userNameEditable ? input.userName : before.userName;
  const email = emailEditable ? input.email?.trim() || null : before.email;
  const phoneNumber = input.phoneNumber?.trim() || null;
  await ensureUnique(services, ctx, { userName, email, phoneNumber, exceptUserId: id });
  const updated = await services.data.inTenant(ctx, (tx) =>
    updateOwned(
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
    ),
  );
  return toProfileDto(updated);
}

/**
 * Checks the current password, stores the new one and ends the user's other sessions.
 * A wrong current password is a 400 on `currentPassword`.
 */
export async function changePassword(services: Services, ctx: ProfileContext, input: ChangePasswordInput) {
  const id = currentUserId(ctx);
  await services.rateLimiter.hit(`changepwd:${id}`, CHANGE_PASSWORD_LIMIT.max, CHANGE_PASSWORD_LIMIT.windowSeconds);
  await checkPasswordPolicy(services, ctx, input.newPassword, 'newPassword');
  const user = await services.data.inTenant(ctx, (tx) => getOwned(tx, ctx, users, 'IdentityUser', id));
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw fieldError('currentPassword', 'AbpIdentity::PasswordMismatch');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await services.data.inTenant(ctx, async (tx) => {
    await updateOwned(tx, ctx, users, 'IdentityUser', id, { passwordHash, securityStamp: crypto.randomUUID() });
    // the session this change is made in stays signed in
    await services.events.emit(tx, UserSignInsEnded, {
      tenantId: ctx.tenant?.id ?? null,
      userId: id,
      exceptSessionId: ctx.user?.sessionId ?? null,
    });
  });
  await writeSecurityLog(services, ctx, {
    identity: 'Identity',
    action: 'ChangePassword',
    userId: id,
    userName: user.userName,
  });
}
