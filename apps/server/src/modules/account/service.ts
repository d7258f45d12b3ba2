import { VerifyType } from '@seller/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, insertOwned, updateOwned } from '../../core/crud.ts';
import { AppError } from '../../core/errors.ts';
import { t } from '../../core/localization/index.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import {
  checkPasswordPolicy,
  ensureUnique,
  findUserByConfirmedPhone,
  hashPassword,
  identitySetting,
  roles,
  UserSignInsEnded,
  userRoles,
  users,
  writeSecurityLog,
} from '../identity/index.ts';
import { CODE_LIFETIME_SECONDS, createPhoneCode, verifyPhoneCode } from './phone-codes.ts';
import { smsSender } from './sms.ts';

/** Account by phone (contract §9): sending codes, registering, resetting the password. */
export type AccountContext = RequestContext & CrudContext;

/** Codes sent per hour, per client IP and per tenant + phone number. */
export const SMS_LIMITS = { perIp: 20, perPhone: 10, windowSeconds: 3600 };

const accountError = (key: string, params?: unknown[]) =>
  new AppError({ status: 403, code: `AbpAccount::${key}`, messageKey: `AbpAccount::${key}`, params });

async function isPhoneTaken(services: Services, ctx: AccountContext, phoneNumber: string) {
  const [row] = await services.data.inTenant(ctx, (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phoneNumber, phoneNumber), eq(users.isDeleted, false)))
      .limit(1),
  );
  return !!row;
}

async function confirmedPhoneUser(services: Services, ctx: AccountContext, phoneNumber: string) {
  const user = await services.data.inTenant(ctx, (tx) => findUserByConfirmedPhone(tx, phoneNumber));
  if (!user) throw accountError('PhoneNumberNotRegistered');
  return user;
}

/** Sends a new code for `purpose` after the purpose's own precondition holds. */
export async function sendCode(
  services: Services,
  ctx: AccountContext,
  log: FastifyBaseLogger,
  phoneNumber: string,
  purpose: number,
) {
  const { perIp, perPhone, windowSeconds } = SMS_LIMITS;
  await services.rateLimiter.hit(`sms:ip:${ctx.clientIp}`, perIp, windowSeconds);
  await services.rateLimiter.hit(`sms:phone:${ctx.tenant?.id ?? 'host'}:${phoneNumber}`, perPhone, windowSeconds);
  if (purpose === VerifyType.Register) {
    if (!(await identitySetting(services, ctx, 'Abp.Account.IsSelfRegistrationEnabled'))) {
      throw accountError('SelfRegistrationDisabledMessage');
    }
    if (await isPhoneTaken(services, ctx, phoneNumber)) throw accountError('DuplicatePhoneNumber', [phoneNumber]);
  } else {
    await confirmedPhoneUser(services, ctx, phoneNumber);
  }
  const code = await createPhoneCode(services, ctx, phoneNumber, purpose);
  const text = t(ctx.culture, 'AbpAccount::PhoneVerifyCodeMessage', [code, CODE_LIFETIME_SECONDS / 60]);
  await smsSender(services, log).send(phoneNumber, text, { code, purpose, tenantId: ctx.tenant?.id ?? null });
}

/** Checks the code; a wrong one is logged as SecurityCodeFailed and refused. */
async function requireCode(
  services: Services,
  ctx: AccountContext,
  phoneNumber: string,
  purpose: number,
  code: string,
  user?: { id: string; userName: string },
) {
  if (await verifyPhoneCode(services, ctx, phoneNumber, purpose, code)) return;
  await writeSecurityLog(services, ctx, {
    identity: 'Account',
    action: 'SecurityCodeFailed',
    userId: user?.id,
    userName: user?.userName ?? phoneNumber,
  });
  throw accountError('InvalidVerifyCode');
}

export interface PhoneRegisterInput {
  phoneNumber: string;
  name?: string | null;
  userName?: string | null;
  emailAddress?: string | null;
  password: string;
  code: string;
}

/** A new user with a confirmed phone and the tenant's default roles. */
export async function registerByPhone(services: Services, ctx: AccountContext, input: PhoneRegisterInput) {
  if (!(await identitySetting(services, ctx, 'Abp.Account.IsSelfRegistrationEnabled'))) {
    throw accountError('SelfRegistrationDisabledMessage');
  }
  const { phoneNumber } = input;
  const userName = input.userName?.trim() || phoneNumber;
  const email = input.emailAddress?.trim() || null;
  await checkPasswordPolicy(services, ctx, input.password, 'password');
  if (await isPhoneTaken(services, ctx, phoneNumber)) throw accountError('DuplicatePhoneNumber', [phoneNumber]);
  await ensureUnique(services, ctx, { userName, email, emailMember: 'emailAddress' });
  await requireCode(services, ctx, phoneNumber, VerifyType.Register, input.code);

  const passwordHash = await hashPassword(input.password);
  const lockoutEnabled = await identitySetting(services, ctx, 'Abp.Identity.Lockout.AllowedForNewUsers');
  const user = await services.data.inTenant(ctx, async (tx) => {
    const created = await insertOwned(tx, ctx, users, 'IdentityUser', {
      userName,
      normalizedUserName: normalizeName(userName),
      name: input.name?.trim() || null,
      email,
      normalizedEmail: email ? normalizeName(email) : null,
      phoneNumber,
      phoneNumberConfirmed: true,
      passwordHash,
      securityStamp: crypto.randomUUID(),
      lockoutEnabled,
    });
    const defaults = await tx.select({ id: roles.id }).from(roles).where(eq(roles.isDefault, true));
    if (defaults.length) {
      await tx
        .insert(userRoles)
        .values(defaults.map((r) => ({ tenantId: ctx.tenant?.id ?? null, userId: created.id, roleId: r.id })));
    }
    return created;
  });
  await writeSecurityLog(services, ctx, {
    identity: 'Account',
    action: 'PhoneNumberRegister',
    userId: user.id,
    userName: user.userName,
  });
}

export interface ResetPasswordInput {
  phoneNumber: string;
  newPassword: string;
  code: string;
}

/** A new password for the user of a confirmed phone; every session of the user ends. */
export async function resetPasswordByPhone(services: Services, ctx: AccountContext, input: ResetPasswordInput) {
  await checkPasswordPolicy(services, ctx, input.newPassword, 'newPassword');
  const user = await confirmedPhoneUser(services, ctx, input.phoneNumber);
  await requireCode(services, ctx, input.phoneNumber, VerifyType.ResetPassword, input.code, user);
  const passwordHash = await hashPassword(input.newPassword);
  await services.data.inTenant(ctx, async (tx) => {
    await updateOwned(tx, ctx, users, 'IdentityUser', user.id, {
      passwordHash,
      securityStamp: crypto.randomUUID(),
      accessFailedCount: 0,
      lockoutEnd: null,
    });
    await services.events.emit(tx, UserSignInsEnded, { tenantId: ctx.tenant?.id ?? null, userId: user.id });
  });
  await writeSecurityLog(services, ctx, {
    identity: 'Account',
    action: 'ResetPassword',
    userId: user.id,
    userName: user.userName,
  });
}
