import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, as, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { settingValues } from '../settings/schema.ts';
import { createUser, findUser, securityLogRows } from './test-support.ts';

let t: TestApp;
const PASSWORD = 'Passw0rd!';

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, { userName: 'bob', email: 'bob@demo.test', password: PASSWORD });
  await createUser(t.services, t.demo, { userName: 'carol', email: 'carol@demo.test', password: PASSWORD });
});
afterAll(() => t.close());
beforeEach(() => t.services.rateLimiter.reset());

const bob = () => signIn(t.app, { tenant: 'demo', username: 'bob', password: PASSWORD });

describe('my-profile', () => {
  it("reads the signed-in user's own profile, never another tenant's", async () => {
    const { access_token } = await bob();
    const res = await as(
      t.app,
      access_token,
    )({ method: 'GET', url: '/api/identity/my-profile', headers: { __tenant: 'other' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userName: 'bob',
      email: 'bob@demo.test',
      phoneNumber: null,
      hasPassword: true,
      isExternal: false,
      extraProperties: {},
    });
    expect(res.json().concurrencyStamp).toMatch(/^[0-9a-f]{32}$/);
    expect((await as(t.app, null)({ method: 'GET', url: '/api/identity/my-profile' })).statusCode).toBe(401);
  });

  it('updates the profile; a stale stamp is 409, bad or taken values are 400', async () => {
    const call = as(t.app, (await bob()).access_token);
    const before = (await call({ method: 'GET', url: '/api/identity/my-profile' })).json();
    const body = {
      userName: 'bob',
      name: 'Bob',
      surname: 'Builder',
      email: 'bob@demo.test',
      phoneNumber: '13500000001',
      concurrencyStamp: before.concurrencyStamp,
    };
    const ok = await call({ method: 'PUT', url: '/api/identity/my-profile', payload: body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      name: 'Bob',
      surname: 'Builder',
      phoneNumber: '13500000001',
      phoneNumberConfirmed: false,
    });
    expect(ok.json().concurrencyStamp).not.toBe(before.concurrencyStamp);

    const stale = await call({ method: 'PUT', url: '/api/identity/my-profile', payload: { ...body, name: 'Robert' } });
    expect(stale.statusCode).toBe(409);
    const fresh = { ...body, concurrencyStamp: ok.json().concurrencyStamp };

    const badEmail = await call({
      method: 'PUT',
      url: '/api/identity/my-profile',
      payload: { ...fresh, email: 'nope' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.validationErrors[0].members).toEqual(['email']);
    const noName = await call({ method: 'PUT', url: '/api/identity/my-profile', payload: { ...fresh, userName: '' } });
    expect(noName.json().error.validationErrors[0].members).toEqual(['userName']);
    const taken = await call({
      method: 'PUT',
      url: '/api/identity/my-profile',
      payload: { ...fresh, userName: 'CAROL' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.validationErrors[0]).toEqual({
      message: "User name 'CAROL' is already taken.",
      members: ['userName'],
    });
    const takenEmail = await call({
      method: 'PUT',
      url: '/api/identity/my-profile',
      payload: { ...fresh, email: 'carol@demo.test' },
    });
    expect(takenEmail.json().error.validationErrors[0].members).toEqual(['email']);

    // The same user name in another tenant is no conflict.
    expect(await findUser(t.services, t.other, 'bob')).toBeNull();
    const renamed = await call({
      method: 'PUT',
      url: '/api/identity/my-profile',
      payload: { ...fresh, userName: 'bobby' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().userName).toBe('bobby');
    const back = { ...fresh, concurrencyStamp: renamed.json().concurrencyStamp };
    expect((await call({ method: 'PUT', url: '/api/identity/my-profile', payload: back })).statusCode).toBe(200);
  });

  it('refuses a client token (no user)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=seller-service&client_secret=1q2w3e*',
    });
    const call = as(t.app, res.json().access_token);
    expect((await call({ method: 'GET', url: '/api/identity/my-profile' })).statusCode).toBe(401);
  });
});

describe('change-password', () => {
  it('checks the current password and the rules, then changes it and ends other sessions', async () => {
    await createUser(t.services, t.demo, { userName: 'dave', password: PASSWORD });
    const first = await signIn(t.app, { tenant: 'demo', username: 'dave', password: PASSWORD });
    const current = await signIn(t.app, { tenant: 'demo', username: 'dave', password: PASSWORD });
    const call = as(t.app, current.access_token);
    const url = '/api/identity/my-profile/change-password';

    const wrong = await call({ method: 'POST', url, payload: { currentPassword: 'nope', newPassword: 'N3w!pass' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.validationErrors).toEqual([
      { message: 'Incorrect password.', members: ['currentPassword'] },
    ]);
    const weak = await call({ method: 'POST', url, payload: { currentPassword: PASSWORD, newPassword: 'weakpass' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.validationErrors.every((v: { members: string[] }) => v.members[0] === 'newPassword')).toBe(
      true,
    );
    const zh = await as(
      t.app,
      current.access_token,
      'zh-Hans',
    )({
      method: 'POST',
      url,
      payload: { currentPassword: PASSWORD, newPassword: 'abcdef1!' },
    });
    expect(zh.json().error.validationErrors[0].message).toBe("密码至少包含一位大写字母 ('A'-'Z')。");

    const ok = await call({ method: 'POST', url, payload: { currentPassword: PASSWORD, newPassword: 'N3w!pass' } });
    expect(ok.statusCode).toBe(204);
    await expect(signIn(t.app, { tenant: 'demo', username: 'dave', password: PASSWORD })).rejects.toThrow(/400/);
    await signIn(t.app, { tenant: 'demo', username: 'dave', password: 'N3w!pass' });
    expect((await securityLogRows(t.services, t.demo, 'ChangePassword')).map((r) => r.userName)).toEqual(['dave']);

    // The session that changed the password lives on; the other one is signed out.
    expect((await call({ method: 'GET', url: '/connect/userinfo' })).statusCode).toBe(200);
    expect((await as(t.app, first.access_token)({ method: 'GET', url: '/connect/userinfo' })).statusCode).toBe(401);
  });

  it("changes only the caller's own tenant", async () => {
    const admin = await signIn(t.app, { tenant: 'demo' });
    const res = await as(
      t.app,
      admin.access_token,
    )({
      method: 'POST',
      url: '/api/identity/my-profile/change-password',
      headers: { __tenant: 'other' },
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'Chang3d!' },
    });
    expect(res.statusCode).toBe(204);
    await signIn(t.app, { tenant: 'other' });
    await signIn(t.app, { tenant: 'demo', password: 'Chang3d!' });
    await signIn(t.app);
  });

  it("follows the tenant's password policy and profile settings", async () => {
    const set = async (name: string, value: string) => {
      await t.services.data.unscoped((tx) =>
        tx.insert(settingValues).values({ name, value, providerName: 'T', providerKey: t.other.id }),
      );
      await t.services.cache.invalidate('settings:');
    };
    await set('Abp.Identity.Password.RequiredLength', '10');
    await set('Abp.Identity.Password.RequireNonAlphanumeric', 'false');
    await set('Abp.Identity.User.IsUserNameUpdateEnabled', 'false');
    const call = as(t.app, (await signIn(t.app, { tenant: 'other' })).access_token);
    const url = '/api/identity/my-profile/change-password';
    const short = await call({
      method: 'POST',
      url,
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'Abc1!xyz' },
    });
    expect(short.json().error.validationErrors).toEqual([
      { message: 'Passwords must be at least 10 characters.', members: ['newPassword'] },
    ]);
    const plain = await call({
      method: 'POST',
      url,
      payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'Abcdefgh12' },
    });
    expect(plain.statusCode).toBe(204);

    const profile = (await call({ method: 'GET', url: '/api/identity/my-profile' })).json();
    const renamed = await call({
      method: 'PUT',
      url: '/api/identity/my-profile',
      payload: { userName: 'boss', email: profile.email, name: 'Boss', concurrencyStamp: profile.concurrencyStamp },
    });
    expect(renamed.json()).toMatchObject({ userName: 'admin', name: 'Boss' });
  });

  it('needs a signed-in user', async () => {
    const res = await as(
      t.app,
      null,
    )({
      method: 'POST',
      url: '/api/identity/my-profile/change-password',
      payload: { currentPassword: 'x', newPassword: 'N3w!pass' },
    });
    expect(res.statusCode).toBe(401);
  });
});
