import { randomBytes } from 'node:crypto';
import { VerifyType } from '@seller/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { roles } from '../identity/schema.ts';
import { createUser, findUser, securityLogRows } from '../identity/test-support.ts';
import { settingValues } from '../settings/schema.ts';
import { phoneCodes } from './schema.ts';
import { LogSmsSender } from './sms.ts';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const SIGNIN_PHONE = '13800000001';

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, { userName: 'phoebe', password: PASSWORD, phoneNumber: SIGNIN_PHONE });
  await createUser(t.services, t.demo, {
    userName: 'unconfirmed',
    password: PASSWORD,
    phoneNumber: '13800000009',
    phoneNumberConfirmed: false,
  });
});
afterAll(() => t.close());
beforeEach(() => t.services.rateLimiter.reset());

const demo = { __tenant: 'demo' };

function api(method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url: `/api/account/phone/${url}`,
    headers: { 'accept-language': 'en', ...demo, ...headers },
    payload: body as object,
  });
}

function token(form: Record<string, string>, headers: Record<string, string> = demo) {
  return t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers },
    payload: new URLSearchParams({ client_id: 'web-admin', scope: 'openid roles offline_access', ...form }).toString(),
  });
}

async function inbox(phoneNumber: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/account/phone/dev-inbox?phoneNumber=${phoneNumber}` });
  expect(res.statusCode).toBe(200);
  return res.json().items as { phoneNumber: string; text: string; code: string; purpose: number }[];
}

/** Makes the codes of `phone` older than the resend interval (instead of waiting a minute). */
function ageCodes(phone: string) {
  return t.services.data.inTenant({ tenant: t.demo }, (tx) =>
    tx
      .update(phoneCodes)
      .set({ creationTime: sql`${phoneCodes.creationTime} - interval '2 minutes'` })
      .where(eq(phoneCodes.phoneNumber, phone)),
  );
}

const phoneSignIn = (phone: string, code: string, headers?: Record<string, string>) =>
  token({ grant_type: 'phone_verify', phone_number: phone, phone_verify_code: code }, headers);

describe('sign-in codes', () => {
  it('sends a code, signs in with it once, and refuses resending within the interval', async () => {
    const sent = await api('POST', 'send-signin-code', { phoneNumber: SIGNIN_PHONE });
    expect(sent.statusCode).toBe(204);
    const [message] = await inbox(SIGNIN_PHONE);
    expect(message.purpose).toBe(VerifyType.Signin);
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code);

    const again = await api('POST', 'send-signin-code', { phoneNumber: SIGNIN_PHONE });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('Phone verification code cannot be sent repeatedly within 1 minutes!');
    const zh = await api('POST', 'send-signin-code', { phoneNumber: SIGNIN_PHONE }, { 'accept-language': 'zh-Hans' });
    expect(zh.json().error.message).toBe('手机验证码不能在 1 分钟内重复发送!');

    const wrongCode = message.code === '000000' ? '111111' : '000000';
    const wrong = await phoneSignIn(SIGNIN_PHONE, wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'phone verification code failed!' });
    expect((await securityLogRows(t.services, t.demo, 'SecurityCodeFailed')).length).toBe(1);

    const ok = await phoneSignIn(SIGNIN_PHONE, message.code);
    expect(ok.statusCode).toBe(200);
    const claims = decodeJwt(ok.json().access_token);
    expect(claims).toMatchObject({ preferred_username: 'phoebe', tenantid: t.demo.id, phone_number: SIGNIN_PHONE });
    expect((await findUser(t.services, t.demo, 'phoebe'))!.accessFailedCount).toBe(0);

    const reused = await phoneSignIn(SIGNIN_PHONE, message.code, { ...demo, 'accept-language': 'zh-Hans' });
    expect(reused.json()).toEqual({ error: 'invalid_grant', error_description: '手机验证码无效或已过期!' });
  });

  it('refuses codes of another purpose, another tenant, and missing or unknown phones', async () => {
    await ageCodes(SIGNIN_PHONE);
    await api('POST', 'send-password-reset-code', { phoneNumber: SIGNIN_PHONE });
    const [reset] = await inbox(SIGNIN_PHONE);
    expect(reset.purpose).toBe(VerifyType.ResetPassword);
    expect((await phoneSignIn(SIGNIN_PHONE, reset.code)).json().error_description).toBe(
      'phone verification code failed!',
    );

    await ageCodes(SIGNIN_PHONE);
    await api('POST', 'send-signin-code', { phoneNumber: SIGNIN_PHONE });
    const [signin] = await inbox(SIGNIN_PHONE);
    const other = await phoneSignIn(SIGNIN_PHONE, signin.code, { __tenant: 'other' });
    expect(other.json().error_description).toBe('The registered mobile phone number is not registered!');
    expect((await phoneSignIn(SIGNIN_PHONE, signin.code)).statusCode).toBe(200);

    const missing = await token({ grant_type: 'phone_verify', phone_number: SIGNIN_PHONE });
    expect(missing.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Phone number or verify code not found!',
    });
    const zh = await token({ grant_type: 'phone_verify' }, { ...demo, 'accept-language': 'zh-Hans' });
    expect(zh.json().error_description).toBe('手机号码或手机验证码未输入!');
    expect((await phoneSignIn('13899999999', '123456')).json().error_description).toBe(
      'The registered mobile phone number is not registered!',
    );
  });

  it('sends sign-in codes only to confirmed phones of the tenant, and validates input', async () => {
    for (const phoneNumber of ['13899999999', '13800000009']) {
      const res = await api('POST', 'send-signin-code', { phoneNumber });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('The registered mobile phone number is not registered!');
    }
    const other = await api('POST', 'send-signin-code', { phoneNumber: SIGNIN_PHONE }, { __tenant: 'other' });
    expect(other.statusCode).toBe(403);
    const bad = await api('POST', 'send-signin-code', { phoneNumber: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['phoneNumber']);
    const none = await api('POST', 'send-signin-code', {});
    expect(none.json().error.validationErrors[0].members).toEqual(['phoneNumber']);
    const unknownTenant = await api('POST', 'send-signin-code', { phoneNumber: SIGNIN_PHONE }, { __tenant: 'nope' });
    expect(unknownTenant.statusCode).toBe(404);
    expect(unknownTenant.json().error.message).toBe('the given tenant is not available (nope)');
  });

  it('limits code sending per IP with 429', async () => {
    const ip = { 'x-forwarded-for': '10.1.0.1', 'accept-language': 'zh-Hans' };
    for (let i = 0; i < 20; i++) {
      expect(
        (await api('POST', 'send-register-code', { phoneNumber: `1390000${String(i).padStart(4, '0')}` }, ip))
          .statusCode,
      ).toBe(204);
    }
    const limited = await api('POST', 'send-register-code', { phoneNumber: '13900009999' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('您的操作过快,请稍后再试!');
  });
});

describe('register', () => {
  const phone = '13700000001';

  it('registers a user with a confirmed phone and the default roles', async () => {
    await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx.update(roles).set({ isDefault: true }).where(eq(roles.name, 'salesman')),
    );
    expect((await api('POST', 'send-register-code', { phoneNumber: phone })).statusCode).toBe(204);
    const [message] = await inbox(phone);
    expect(message.purpose).toBe(VerifyType.Register);

    const weak = await api('POST', 'register', { phoneNumber: phone, password: 'abc', code: message.code });
    expect(weak.statusCode).toBe(400);
    const members = weak.json().error.validationErrors.map((v: { members: string[] }) => v.members[0]);
    expect(new Set(members)).toEqual(new Set(['password']));
    expect(weak.json().error.validationErrors.map((v: { message: string }) => v.message)).toContain(
      "Passwords must have at least one uppercase ('A'-'Z').",
    );
    const wrong = await api('POST', 'register', {
      phoneNumber: phone,
      password: PASSWORD,
      code: message.code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('The verification code is invalid or expired!');

    const taken = await api('POST', 'register', {
      phoneNumber: phone,
      userName: 'phoebe',
      password: PASSWORD,
      code: message.code,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.validationErrors[0].members).toEqual(['userName']);

    const ok = await api('POST', 'register', {
      phoneNumber: phone,
      name: 'Reg',
      password: PASSWORD,
      code: message.code,
    });
    expect(ok.statusCode).toBe(204);
    const user = await findUser(t.services, t.demo, phone);
    expect(user).toMatchObject({ phoneNumber: phone, phoneNumberConfirmed: true, name: 'Reg' });
    expect((await securityLogRows(t.services, t.demo, 'PhoneNumberRegister')).length).toBe(1);

    const signedIn = await token({ grant_type: 'password', username: phone, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect(decodeJwt(signedIn.json().access_token).role).toEqual(['salesman']);

    const consumed = await api('POST', 'register', { phoneNumber: phone, password: PASSWORD, code: message.code });
    expect(consumed.statusCode).toBe(403);
    const again = await api('POST', 'send-register-code', { phoneNumber: phone }, { 'accept-language': 'zh-Hans' });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(`手机号码 '${phone}' 已被使用。`);
  });

  it('a code of one tenant does not register in another', async () => {
    const p = '13700000002';
    await api('POST', 'send-register-code', { phoneNumber: p });
    const [message] = await inbox(p);
    const res = await api(
      'POST',
      'register',
      { phoneNumber: p, password: PASSWORD, code: message.code },
      { __tenant: 'other' },
    );
    expect(res.statusCode).toBe(403);
    expect(await findUser(t.services, t.other, p)).toBeNull();
  });
});

describe('reset password', () => {
  const phone = '13600000001';

  it('resets the password with a code and ends the old sessions', async () => {
    await createUser(t.services, t.demo, { userName: 'forgetful', password: PASSWORD, phoneNumber: phone });
    const session = (await token({ grant_type: 'password', username: 'forgetful', password: PASSWORD })).json();
    await api('POST', 'send-password-reset-code', { phoneNumber: phone });
    const [message] = await inbox(phone);
    const newPassword = 'N3w-Passw0rd';

    const bad = await api('PUT', 'reset-password', { phoneNumber: phone, newPassword: 'short', code: message.code });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['newPassword']);

    const ok = await api('PUT', 'reset-password', { phoneNumber: phone, newPassword, code: message.code });
    expect(ok.statusCode).toBe(204);
    expect((await token({ grant_type: 'password', username: 'forgetful', password: PASSWORD })).statusCode).toBe(400);
    expect((await token({ grant_type: 'password', username: 'forgetful', password: newPassword })).statusCode).toBe(
      200,
    );
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(refreshed.statusCode).toBe(400);
    expect((await securityLogRows(t.services, t.demo, 'ResetPassword')).length).toBe(1);

    const consumed = await api('PUT', 'reset-password', { phoneNumber: phone, newPassword, code: message.code });
    expect(consumed.statusCode).toBe(403);
  });

  it('five wrong tries invalidate the code', async () => {
    await ageCodes(phone);
    await api('POST', 'send-password-reset-code', { phoneNumber: phone });
    const [message] = await inbox(phone);
    const wrongCode = message.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api('PUT', 'reset-password', {
        phoneNumber: phone,
        newPassword: 'An0ther!pw',
        code: wrongCode,
      });
      expect(res.statusCode).toBe(403);
    }
    const right = await api('PUT', 'reset-password', {
      phoneNumber: phone,
      newPassword: 'An0ther!pw',
      code: message.code,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().error.message).toBe('The verification code is invalid or expired!');
  });

  it('refuses unknown phones', async () => {
    const res = await api('POST', 'send-password-reset-code', { phoneNumber: '13611111111' });
    expect(res.statusCode).toBe(403);
  });
});

describe('settings', () => {
  async function setForOther(name: string, value: string) {
    await t.services.data.unscoped((tx) =>
      tx.insert(settingValues).values({ name, value, providerName: 'T', providerKey: t.other.id }),
    );
    await t.services.cache.invalidate('settings:');
  }

  it("follows the tenant's resend interval and self-registration settings", async () => {
    await setForOther('Abp.Identity.User.SmsRepetInterval', '3');
    const other = { __tenant: 'other' };
    expect((await api('POST', 'send-register-code', { phoneNumber: '13500000077' }, other)).statusCode).toBe(204);
    const again = await api('POST', 'send-register-code', { phoneNumber: '13500000077' }, other);
    expect(again.json().error.message).toBe('Phone verification code cannot be sent repeatedly within 3 minutes!');

    await setForOther('Abp.Account.IsSelfRegistrationEnabled', 'false');
    const off = await api('POST', 'send-register-code', { phoneNumber: '13500000078' }, other);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe('Self-registration is disabled for this application!');
    expect((await api('POST', 'send-register-code', { phoneNumber: '13500000078' })).statusCode).toBe(204);
  });
});

describe('SMS sender', () => {
  it('masks the code in production logs and keeps no inbox', async () => {
    const info = vi.fn();
    const log = { info, warn: vi.fn() } as unknown as FastifyBaseLogger;
    const sender = new LogSmsSender(log, true);
    await sender.send('13812345678', 'Your code is 123456.', { code: '123456', purpose: 10 });
    expect(info).toHaveBeenCalledWith({ phoneNumber: '138****78' }, 'SMS: Your code is ******.');
    expect(sender.inbox).toEqual([]);
  });

  it('has no development inbox route in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ISSUER: 'https://admin.example.com',
      LOG_LEVEL: 'silent',
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/account/phone/dev-inbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
