/**
 * Issue 3, "Must show": signs in with the password (host, tenant field, tenant host name) and with
 * the phone code read from the development inbox (after registering on /register), and is sent back
 * to the page it asked for.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ADMIN,
  artifact,
  CodePurpose,
  eventually,
  inboxCode,
  pathOf,
  readSession,
  signIn,
  submitPasswordForm,
  tabNames,
  tenantUrl,
  text,
  withPage,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

test('the login screen renders in zh-Hans by default (screenshot)', { timeout: 60_000 }, async (t) => {
  await withPage(app.browser, t, async (page) => {
    await page.goto(`${app.server.url}/login`);
    await page.getByTestId('login-submit').waitFor();
    assert.equal(await page.locator('h1').textContent(), '系统登录');
    // antd puts a space between two CJK characters of a button
    assert.equal((await text(page.getByTestId('login-submit'))).replace(/\s/g, ''), '登录');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
    for (const id of ['login-tenant', 'login-username', 'login-password', 'login-register', 'login-forgot-password']) {
      assert.ok(await page.getByTestId(id).isVisible(), `${id} visible`);
    }
    assert.match(await page.title(), /系统登录/);
    await page.screenshot({ path: artifact('login.png'), animations: 'disabled' });
  });
});

test('password sign-in on the host (empty tenant field)', { timeout: 60_000 }, async (t) => {
  await app.withSignedInPage(t, { as: { tenant: '', ...ADMIN } }, async (page) => {
    // the dashboard names the host as the current tenant
    assert.equal(await text(page.getByTestId('stat-tenant').locator('.ant-statistic-content')), '宿主');
    const session = await readSession(page);
    assert.ok(session.accessToken && session.refreshToken, 'tokens stored');
    assert.equal(session.tenant, undefined);
    // the host administrator sees the tenants page in the admin group
    await page.getByTestId('menu-Admin').click();
    await page.getByTestId('menu-Tenants').waitFor();
  });
});

test('password sign-in on tenant demo through the tenant field', { timeout: 60_000 }, async (t) => {
  await withPage(app.browser, t, async (page) => {
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/abp/multi-tenancy/tenants/by-name/')) lookups.push(new URL(r.url()).pathname);
    });
    await signIn(page, app.server.url, { tenant: 'demo', ...ADMIN });
    // the tenant is checked with the by-name look-up before signing in
    assert.deepEqual(lookups, ['/api/abp/multi-tenancy/tenants/by-name/demo']);
    assert.equal(await text(page.getByTestId('stat-tenant').locator('.ant-statistic-content')), 'demo');
    assert.equal((await readSession(page)).tenant?.name, 'demo');
    // tenant admins do not manage tenants
    await page.getByTestId('menu-Admin').click();
    await page.getByTestId('menu-Users').waitFor();
    assert.equal(await page.getByTestId('menu-Tenants').count(), 0);
  });
});

test('an unknown tenant is refused before signing in', { timeout: 60_000 }, async (t) => {
  await withPage(app.browser, t, async (page) => {
    const tokenPosts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/connect/token')) tokenPosts.push(r.url());
    });
    await page.goto(`${app.server.url}/login`);
    await submitPasswordForm(page, { tenant: 'no-such-tenant', ...ADMIN });
    const error = page.getByTestId('login-error');
    await error.waitFor();
    assert.match(await text(error), /no-such-tenant/);
    assert.equal(pathOf(page), '/login');
    assert.deepEqual(tokenPosts, [], 'no sign-in attempted');
  });
});

test('password sign-in under demo.localhost: the host name selects the tenant', { timeout: 60_000 }, async (t) => {
  await withPage(app.browser, t, async (page) => {
    const base = tenantUrl(app.server, 'demo');
    await page.goto(`${base}/login`);
    await page.getByTestId('login-username').waitFor();
    assert.equal(await page.getByTestId('login-tenant').count(), 0, 'tenant field hidden');
    await signIn(page, base, ADMIN);
    assert.equal(await text(page.getByTestId('stat-tenant').locator('.ant-statistic-content')), 'demo');
  });
});

test('redirected back to the requested page after sign-in', { timeout: 60_000 }, async (t) => {
  await withPage(app.browser, t, async (page) => {
    await page.goto(`${app.server.url}/profile/index`);
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/profile/index');
    await submitPasswordForm(page, { tenant: 'demo', ...ADMIN });
    await page.waitForURL((u) => u.pathname === '/profile/index');
    await page.getByTestId('profile-form').waitFor();
    await eventually(async () => assert.equal(await page.getByTestId('profile-username').inputValue(), 'admin'));
    await eventually(async () => assert.deepEqual(await tabNames(page), ['Dashboard', 'PersonalInfo']));
    // a signed-in user opening /login goes to the root (→ /dashboard)
    await page.goto(`${app.server.url}/login`);
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});

test('register on /register with a phone code, then sign in with a phone code', { timeout: 90_000 }, async (t) => {
  const base = tenantUrl(app.server, 'demo');
  const phone = '13912345678';
  const userName = 'phone-e2e';
  const password = 'Phone1q2w3E*';
  await withPage(app.browser, t, async (page) => {
    await page.goto(`${base}/login`);
    await page.getByTestId('login-register').click();
    await page.waitForURL((u) => u.pathname === '/register');
    assert.equal(await page.getByTestId('register-tenant').count(), 0, 'tenant from the host name');

    const sentAt = Date.now() - 1000;
    await page.getByTestId('register-phone').fill(phone);
    await page.getByTestId('register-send-code').click();
    // resend countdown in seconds
    await eventually(async () => assert.match(await text(page.getByTestId('register-send-code')), /\d+/));
    assert.ok(await page.getByTestId('register-send-code').isDisabled());
    const registerCode = await inboxCode(app.server.url, 'demo', phone, CodePurpose.register, sentAt);
    await page.getByTestId('register-code').fill(registerCode);
    await page.getByTestId('register-username').fill(userName);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-submit').click();
    await page.waitForURL((u) => u.pathname === '/login');

    await page.getByTestId('login-tab-phone').click();
    assert.equal(await page.getByTestId('login-username').count(), 0);
    const signinAt = Date.now() - 1000;
    await page.getByTestId('login-phone').fill(phone);
    await page.getByTestId('login-send-code').click();
    const signinCode = await inboxCode(app.server.url, 'demo', phone, CodePurpose.signin, signinAt);
    assert.notEqual(signinCode, registerCode);
    await eventually(async () => assert.ok(await page.getByTestId('login-send-code').isDisabled()));
    await page.getByTestId('login-code').fill(signinCode);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('dashboard-stats').waitFor();
    assert.equal(await text(page.getByTestId('user-menu')), userName);
    assert.equal(await text(page.getByTestId('stat-tenant').locator('.ant-statistic-content')), 'demo');
  });
});
