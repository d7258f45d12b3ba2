/**
 * Issue 3, "Must show": expires the access token and watches the silent refresh; kills the refresh
 * token and gets the re-login dialog; signs out (and the server forgets the refresh token).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ADMIN,
  DEMO_ADMIN,
  eventually,
  patchSession,
  pathOf,
  readSession,
  recordTokenRequests,
  refreshRequest,
  revoke,
  spoilToken,
  text,
  withPage,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

test('an expired access token is refreshed silently, once, and the page works', { timeout: 60_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    const before = await readSession(page);
    assert.ok(before.accessToken && before.refreshToken);
    await patchSession(page, { accessToken: spoilToken(before.accessToken) });

    const tokens = recordTokenRequests(page);
    const unauthorized: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) unauthorized.push(new URL(r.url()).pathname);
    });
    await page.reload();
    await page.getByTestId('dashboard-stats').waitFor();
    await page.getByTestId('menu-Admin').waitFor();

    assert.deepEqual(unauthorized, ['/api/abp/application-configuration'], 'the spoiled token was refused once');
    assert.equal(tokens.all.length, 1, 'exactly one POST /connect/token');
    assert.equal(tokens.refreshes().length, 1, 'and it is a refresh_token grant');
    const form = new URLSearchParams(tokens.all[0].request.postData() ?? '');
    assert.equal(form.get('refresh_token'), before.refreshToken);
    assert.equal((await tokens.all[0].request.response())?.status(), 200);

    const afterRefresh = await readSession(page);
    assert.ok(afterRefresh.accessToken && afterRefresh.accessToken !== before.accessToken, 'new access token stored');
    assert.ok(afterRefresh.refreshToken && afterRefresh.refreshToken !== before.refreshToken, 'refresh token rotated');
    assert.equal(await page.getByTestId('relogin-dialog').count(), 0);
    // still signed in as the same user and the app keeps working
    assert.equal(await text(page.getByTestId('user-menu')), 'admin');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await page.waitForURL((u) => u.pathname === '/profile/index');
    await eventually(async () => assert.equal(await page.getByTestId('profile-username').inputValue(), 'admin'));
    assert.equal(tokens.all.length, 1, 'no further refresh');
  });
});

test('requests failing together with 401 share one refresh and are all retried', { timeout: 60_000 }, async (t) => {
  await withPage(app.browser, t, async (page) => {
    // sign in straight to the profile page: the dashboard's figures have not been loaded yet
    await page.goto(`${app.server.url}/profile/index`);
    await page.getByTestId('login-tenant').fill('demo');
    await page.getByTestId('login-username').fill(ADMIN.userName);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/profile/index');
    await page.getByTestId('profile-form').waitFor();
    const { accessToken: expired } = await readSession(page);
    assert.ok(expired);

    // from now on the server treats the current token as expired (any API call with it gets 401)
    const refused: string[] = [];
    await page.route('**/api/**', async (route) => {
      if (route.request().headers().authorization === `Bearer ${expired}`) {
        refused.push(new URL(route.request().url()).pathname);
        await route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'Volo.Authorization:010002', message: 'token expired' } }),
        });
      } else await route.continue();
    });
    const tokens = recordTokenRequests(page);
    const retried: string[] = [];
    page.on('request', (r) => {
      const auth = r.headers().authorization;
      if (r.url().includes('/api/') && auth && auth !== `Bearer ${expired}`) retried.push(new URL(r.url()).pathname);
    });

    // the dashboard asks for users and roles at the same time
    await page.getByTestId('tab-Dashboard').click();
    await page.getByTestId('dashboard-stats').waitFor();
    await eventually(() =>
      assert.ok(retried.includes('/api/identity/users') && retried.includes('/api/identity/roles')),
    );
    assert.ok(refused.includes('/api/identity/users') && refused.includes('/api/identity/roles'), refused.join());
    assert.equal(tokens.refreshes().length, 1, `one refresh for ${refused.length} refused requests`);
    assert.equal(tokens.all.length, 1);
    assert.equal(await page.getByTestId('relogin-dialog').count(), 0);
    assert.notEqual((await readSession(page)).accessToken, expired);
  });
});

test('a dead refresh token ends in the re-login dialog; confirming goes to /login', { timeout: 60_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    const { refreshToken, accessToken } = await readSession(page);
    assert.ok(refreshToken && accessToken);
    // signed out elsewhere: the refresh token (and with it the whole session) is revoked
    await revoke(app.server.url, refreshToken);

    const tokens = recordTokenRequests(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click(); // loads the profile: 401, refresh refused
    const dialog = page.getByTestId('relogin-dialog');
    await dialog.waitFor();
    assert.match(await text(dialog), /身份令牌已过期/);
    assert.equal(tokens.refreshes().length, 1, 'one refresh attempt');
    assert.equal((await tokens.refreshes()[0].request.response())?.status(), 400);
    assert.ok(await page.getByTestId('relogin-cancel').isVisible());

    await page.getByTestId('relogin-confirm').click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/profile/index');
    await page.getByTestId('login-username').waitFor();
    assert.equal((await readSession(page)).accessToken, undefined, 'token cleared');
    // and signing in again works
    await page.getByTestId('login-tenant').fill('demo');
    await page.getByTestId('login-username').fill(ADMIN.userName);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/profile/index');
    assert.equal(await page.getByTestId('relogin-dialog').count(), 0);
  });
});

test('sign out: back to /login?redirect=…, local session cleared, refresh token revoked', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    await page.getByTestId('menu-Admin').click();
    await page.getByTestId('menu-Roles').click();
    await page.waitForURL((u) => u.pathname === '/admin/roles');
    const { refreshToken, accessToken } = await readSession(page);
    assert.ok(refreshToken && accessToken);

    const revocation = page.waitForRequest((r) => r.url().endsWith('/connect/revocation') && r.method() === 'POST');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    const form = new URLSearchParams((await revocation).postData() ?? '');
    assert.equal(form.get('token'), refreshToken);
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/admin/roles');
    await page.getByTestId('login-username').waitFor();

    const session = await readSession(page);
    assert.equal(session.accessToken, undefined);
    assert.equal(session.refreshToken, undefined);
    assert.equal(await page.evaluate(() => localStorage.getItem('seller.configuration')), null);

    // the server no longer honours the refresh token, nor the session's access token
    const refresh = await refreshRequest(app.server.url, refreshToken);
    assert.equal(refresh.status, 400);
    assert.equal(((await refresh.json()) as { error: string }).error, 'invalid_grant');
    const userinfo = await fetch(`${app.server.url}/connect/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    assert.equal(userinfo.status, 401);

    // signed-in pages now lead to the login screen
    await page.goto(`${app.server.url}/dashboard`);
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(pathOf(page), '/login');
  });
});

test('coming back with a dead session: /login?redirect=… and no re-login dialog over the login screen', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    const { refreshToken } = await readSession(page);
    assert.ok(refreshToken);
    await revoke(app.server.url, refreshToken); // the session ends while the tab is closed
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/dashboard');
    await page.getByTestId('login-username').waitFor();
    // the login screen is up and rendered twice since: a dialog asked for by then would show (the
    // refused refresh is what sends the app here, so it has been answered)
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await page.getByTestId('relogin-dialog').count(), 0, 'no "confirm logout" dialog on /login');
  });
});
