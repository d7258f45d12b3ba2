/**
 * Issue 4, audit and security logs + impersonation: an administrator finds their writes in the
 * audit log (with entity changes in the detail drawer), filters and bulk-deletes, reads the
 * security log, impersonates a user from it (banner shown, the user's own security log in the
 * profile), comes back through the banner and through the user menu, and finds the impersonation in
 * both logs. Screenshots go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, artifact, eventually, passwordToken, readSession, signIn, withPage } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let demoAdminToken: string;
let aliceId: string;

const DEMO_ADMIN = { tenant: 'demo', ...ADMIN };
const ALICE = { tenant: 'demo', userName: 'zhang.wei', password: ADMIN.password };

async function api(path: string, init: RequestInit & { token: string }) {
  const { token, ...rest } = init;
  return fetch(`${server.url}${path}`, {
    ...rest,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
  });
}

/**
 * The journey's user: the seeded demo salesman (the users API is not used here, so this file does
 * not depend on the users page's server work). '' when the seed has no such user.
 */
async function findUser(): Promise<string> {
  try {
    const tokens = await passwordToken(server.url, ALICE); // signing in puts her in the security log
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()) as {
      sub: string;
    };
    return claims.sub;
  } catch {
    return '';
  }
}

before(
  async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    demoAdminToken = (await passwordToken(server.url, DEMO_ADMIN)).access_token;
    aliceId = await findUser();
  },
  { timeout: 150_000 },
);

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(page: Page, path: string, testid: string) {
  await page.goto(`${server.url}${path}`);
  await page.getByTestId(testid).waitFor();
}

test('audit log: a write is listed with its entity changes; filters, detail drawer, bulk delete', {
  timeout: 90_000,
}, async (t) => {
  // a write to find: a layout created through the API as the demo admin
  const res = await api('/api/platform/layouts', {
    method: 'POST',
    token: demoAdminToken,
    body: JSON.stringify({ name: 'E2EAudited', displayName: 'E2E audited', path: 'Layout', platformType: 56 }),
  });
  assert.equal(res.status, 200);

  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, DEMO_ADMIN);
    await openPage(page, '/auditing/audit-log', 'audit-log');
    const table = page.getByTestId('audit-log');
    await table.getByText('/api/platform/layouts').first().waitFor();

    // filter: POST to layouts with status 200
    await page.getByTestId('audit-filter-url').fill('/api/platform/layouts');
    await page.getByTestId('audit-filter-status').fill('200');
    await page.getByTestId('audit-filter-submit').click();
    await eventually(async () => {
      const rows = await table.locator('tbody tr.ant-table-row').count();
      assert.equal(rows, 1);
    });
    await page.screenshot({ path: artifact('audit-log-list.png') });

    // detail drawer: request info and the entity change old → new
    await table.getByTestId('audit-log-detail-open').first().click();
    const drawer = page.getByTestId('audit-log-detail');
    await drawer.getByTestId('audit-request-info').waitFor();
    const change = drawer.getByTestId('audit-entity-change');
    await change.waitFor();
    assert.match(String(await change.textContent()), /Layout/);
    assert.match(String(await change.textContent()), /E2EAudited/);
    await page.screenshot({ path: artifact('audit-log-detail.png') });
    await page.keyboard.press('Escape');

    // bulk delete of the filtered row, after confirmation
    await page.getByTestId('audit-filter-status').fill('');
    await page.getByTestId('audit-filter-url').fill('/api/platform/layouts');
    await page.getByTestId('audit-filter-submit').click();
    await table.locator('thead .ant-checkbox-input').check();
    await page.getByTestId('audit-log-bulk-delete').click();
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await eventually(async () => {
      assert.equal(await table.locator('tbody tr.ant-table-row').count(), 0);
    });
  });
});

test('security log and impersonation: act as a user, banner, own log in the profile, come back', {
  timeout: 120_000,
}, async (t) => {
  if (!aliceId) {
    t.skip('no user to impersonate: the seeded demo user zhang.wei is not available');
    return;
  }
  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, DEMO_ADMIN);
    await openPage(page, '/auditing/security-log', 'security-log');
    const table = page.getByTestId('security-log');
    await page.getByTestId('security-filter-user').fill(ALICE.userName);
    await page.getByTestId('security-filter-submit').click();
    await table.getByText(ALICE.userName).first().waitFor();
    await page.screenshot({ path: artifact('security-log-list.png') });

    // impersonate alice from her security-log entry
    await table.getByTestId('security-log-detail-open').first().click();
    await page.getByTestId('security-log-impersonate').click();
    await page.getByTestId('impersonate-confirm').click();
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 20_000 });
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor();
    assert.ok(String(await banner.textContent()).includes(ALICE.userName));
    assert.match(String(await banner.textContent()), /admin/);
    const session = await readSession(page);
    assert.equal(session.refreshToken, undefined, 'no refresh token while impersonating');
    await page.screenshot({ path: artifact('impersonation-banner.png') });

    // alice's own security log shows the impersonation, naming the administrator
    await page.goto(`${server.url}/profile/setting`);
    const mine = page.getByTestId('my-security-log');
    await mine.getByText('Impersonation started').or(mine.getByText('开始模拟登录')).first().waitFor();
    assert.ok(String(await mine.textContent()).includes(`admin → ${ALICE.userName}`));
    await page.screenshot({ path: artifact('my-security-log.png') });

    // back through the banner
    await page.getByTestId('impersonation-back').click();
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 20_000 });
    await page.getByTestId('dashboard-stats').waitFor();
    await eventually(async () => assert.equal(await page.getByTestId('impersonation-banner').count(), 0));

    // again, and back through the user menu this time
    await openPage(page, '/auditing/security-log', 'security-log');
    await page.getByTestId('security-filter-user').fill(ALICE.userName);
    await page.getByTestId('security-filter-submit').click();
    await table.getByTestId('security-log-detail-open').first().click();
    await page.getByTestId('security-log-impersonate').click();
    await page.getByTestId('impersonate-confirm').click();
    await page.getByTestId('impersonation-banner').waitFor({ timeout: 20_000 });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('back-to-impersonator').click();
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 20_000 });
    await page.getByTestId('dashboard-stats').waitFor();
    await eventually(async () => assert.equal(await page.getByTestId('impersonation-banner').count(), 0));

    // the security log shows both impersonations for both people
    await openPage(page, '/auditing/security-log', 'security-log');
    await page.getByTestId('security-filter-action').click();
    await page.keyboard.type('ImpersonationStarted');
    await page.keyboard.press('Enter');
    await page.getByTestId('security-filter-submit').click();
    await eventually(async () => assert.equal(await table.locator('tbody tr.ant-table-row').count(), 4));
    await page.screenshot({ path: artifact('security-log-impersonation.png') });
  });
});
