import { VerifyType } from '@seller/contracts';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, insertOwned, updateOwned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import {
  assertPasswordPolicy,
  ensureUnique,
  findUserByConfirmedPhone,
  hashPassword,
  roles,
  UserSignInsEnded,
  userRoles,
  users,
  writeSecurityLog,
} from '../identity/index.ts';
import { createPhoneCode, verifyPhoneCode } from './phone-codes.ts';
import { accountQueries, type PhoneSettings } from './queries.ts';

/** Account by phone (contract §9): sending codes, registering, resetting the password. */
export type AccountContext = RequestContext & CrudContext;

/**
 * A refusal the unit of work must commit before it is raised (a wrong code's counted try and its
 * security-log row): the command returns it, the caller throws it after the commit.
 */
export type Refusal = AppError | undefined;

const accountError = (key: string, params?: unknown[]) =>
  new AppError({ status: 403, code: `AbpAccount::${key}`, messageKey: `AbpAccount::${key}`, params });

function assertSelfRegistration(settings: PhoneSettings) {
  if (!settings.selfRegistration) throw accountError('SelfRegistrationDisabledMessage');
}

async function assertPhoneFree(tx: Tx, ctx: AccountContext, phoneNumber: string) {
  if (await accountQueries.phoneTaken(tx, ctx, phoneNumber)) throw accountError('DuplicatePhoneNumber', [phoneNumber]);
}

async function confirmedPhoneUser(tx: Tx, phoneNumber: string) {
  const user = await findUserByConfirmedPhone(tx, phoneNumber);
  if (!user) throw accountError('PhoneNumberNotRegistered');
  return user;
}

/**
 * Checks and consumes the code; a wrong one counts a try and is logged as SecurityCodeFailed in
 * this unit, and comes back as the refusal to raise once it has committed.
 */
async function codeRefusal(
  tx: Tx,
  ctx: AccountContext,
  phoneNumber: string,
  purpose: number,
  code: string,
  user?: { id: string; userName: string },
): Promise<Refusal> {
  if (await verifyPhoneCode(tx, phoneNumber, purpose, code)) return undefined;
  await writeSecurityLog(tx, ctx, {
    identity: 'Account',
    action: 'SecurityCodeFailed',
    userId: user?.id,
    userName: user?.userName ?? phoneNumber,
  });
  return accountError('InvalidVerifyCode');
}

export interface PhoneRegisterInput {
  phoneNumber: string;
  name?: string | null;
  userName?: string | null;
  emailAddress?: string | null;
  password: string;
  code: string;
}

export interface ResetPasswordInput {
  phoneNumber: string;
  newPassword: string;
  code: string;
}

/**
 * The account module's writes (the service shape, `docs/architecture.md`), each taking the open
 * transaction (the request's tenant), the context and the settings read before the unit. None
 * opens a unit of work. A wrong code is not thrown but returned (`Refusal`), so that its counted
 * try and its security-log row commit with the unit; the route raises it afterwards. The text
 * message of a new code is sent after the commit, by the route (`sms.ts`).
 */
export const accountCommands = (services: Pick<Services, 'events'>) => ({
  /** A new code for `purpose` once the purpose's own precondition holds; returns the code to send. */
  async createCode(tx: Tx, ctx: AccountContext, settings: PhoneSettings, phoneNumber: string, purpose: number) {
    if (purpose === VerifyType.Register) {
      assertSelfRegistration(settings);
      await assertPhoneFree(tx, ctx, phoneNumber);
    } else {
      await confirmedPhoneUser(tx, phoneNumber);
    }
    return createPhoneCode(tx, ctx, phoneNumber, purpose, settings.resendMinutes);
  },

  /** A new user with a confirmed phone and the tenant's default roles. */
  async register(tx: Tx, ctx: AccountContext, settings: PhoneSettings, input: PhoneRegisterInput): Promise<Refusal> {
    assertSelfRegistration(settings);
    const { phoneNumber } = input;
    const userName = input.userName?.trim() || phoneNumber;
    const email = input.emailAddress?.trim() || null;
    assertPasswordPolicy(settings.passwordPolicy, input.password, 'password');
    await assertPhoneFree(tx, ctx, phoneNumber);
    await ensureUnique(tx, { userName, email, emailMember: 'emailAddress' });
    const refusal = await codeRefusal(tx, ctx, phoneNumber, VerifyType.Register, input.code);
    if (refusal) return refusal;

    const user = await insertOwned(tx, ctx, users, 'IdentityUser', {
      userName,
      normalizedUserName: normalizeName(userName),
      name: input.name?.trim() || null,
      email,
      normalizedEmail: email ? normalizeName(email) : null,
      phoneNumber,
      phoneNumberConfirmed: true,
      passwordHash: await hashPassword(input.password),
      securityStamp: crypto.randomUUID(),
      lockoutEnabled: settings.lockoutForNewUsers,
    });
    const defaults = await tx.select({ id: roles.id }).from(roles).where(eq(roles.isDefault, true));
    if (defaults.length) {
      await tx
        .insert(userRoles)
        .values(defaults.map((r) => ({ tenantId: ctx.tenant?.id ?? null, userId: user.id, roleId: r.id })));
    }
    await writeSecurityLog(tx, ctx, {
      identity: 'Account',
      action: 'PhoneNumberRegister',
      userId: user.id,
      userName: user.userName,
    });
  },

  /** A new password for the user of a confirmed phone; every session of the user ends. */
  async resetPassword(
    tx: Tx,
    ctx: AccountContext,
    settings: PhoneSettings,
    input: ResetPasswordInput,
  ): Promise<Refusal> {
    assertPasswordPolicy(settings.passwordPolicy, input.newPassword, 'newPassword');
    const user = await confirmedPhoneUser(tx, input.phoneNumber);
    const refusal = await codeRefusal(tx, ctx, input.phoneNumber, VerifyType.ResetPassword, input.code, user);
    if (refusal) return refusal;
    await updateOwned(tx, ctx, users, 'IdentityUser', user.id, {
      passwordHash: await hashPassword(input.newPassword),
      securityStamp: crypto.randomUUID(),
      accessFailedCount: 0,
      lockoutEnd: null,
    });
    await services.events.emit(tx, UserSignInsEnded, { tenantId: ctx.tenant?.id ?? null, userId: user.id });
    await writeSecurityLog(tx, ctx, {
      identity: 'Account',
      action: 'ResetPassword',
      userId: user.id,
      userName: user.userName,
    });
  },
});
