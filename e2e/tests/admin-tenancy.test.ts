/**
 * Issue 4, tenancy part: the host administrator creates a tenant with its own database from the
 * tenants page, checks its connection string, gives it a site name through the features dialog, and
 * signs in to it (the sidebar shows the name; its admin lives in the new database); settings of the
 * global and user levels are changed and kept; the tenant's administrator adds a public menu in the
 * menu tree editor and assigns menus to a role, and a plain user sees the new menu after their next
 * configuration load; finally the tenant is deactivated and deleted from the list.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN,
  apiJson,
  artifact,
  eventually,
  passwordToken,
  registerPhoneUser,
  signIn,
  text,
  withPage,
} from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
const dbDir = mkdtempSync(join(tmpdir(), 'seller-e2e-tenantdb-'));
const TENANT = 'acme';
const TENANT_PASSWORD = 'Acme1234!';
const SITE_NAME = 'Acme Trading';

before(
  async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  },
  { timeout: 150_000 },
);

after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dbDir, { recursive: true, force: true });
});

const HOST_ADMIN = { tenant: '', ...ADMIN };
const TENANT_ADMIN = { tenant: TENANT, userName: 'admin', password: TENANT_PASSWORD };

/** Closes the error notifications (they cover the drawer's buttons for 5 s). */
async function dismissNotifications(page: Page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => {});
}

test('the host creates a tenant with its own database, checks it and names it', { timeout: 120_000 }, async (t) => {
  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, HOST_ADMIN);
    await page.goto(`${server.url}/admin/tenants`);
    await page.getByTestId('tenant-row-demo').waitFor();

    // create: a weak password comes back from the server on its field
    await page
      .getByTestId('tenants')
      .getByRole('button', { name: /新建|New/ })
      .click();
    await page.getByTestId('tenant-name').fill(TENANT);
    await page.getByTestId('tenant-admin-email').fill('boss@acme.test');
    await page.getByTestId('tenant-admin-password').fill('weak');
    await page.getByTestId('tenant-connection').fill(`pglite:${join(dbDir, 'acme')}`);
    await page.getByTestId('tenant-form-submit').click();
    await eventually(async () =>
      assert.ok(await page.locator('#adminPassword_help, .ant-form-item-explain-error').count()),
    );
    await dismissNotifications(page);
    await page.getByTestId('tenant-admin-password').fill(TENANT_PASSWORD);
    await page.getByTestId('tenant-form-submit').click();
    await page.getByTestId(`tenant-row-${TENANT}`).waitFor({ timeout: 60_000 });
    const row = page.locator('tr', { has: page.getByTestId(`tenant-row-${TENANT}`) });
    assert.match(await text(row), /独立|Own/);
    assert.ok(existsSync(join(dbDir, 'acme')) && readdirSync(join(dbDir, 'acme')).length > 0, 'tenant database folder');

    // connection strings: Default is listed and reachable
    await page.getByTestId(`tenant-connections-${TENANT}`).click();
    await page.getByTestId('connections-dialog').waitFor();
    await page.getByTestId('connection-check-Default').click();
    await eventually(async () =>
      assert.match(await text(page.getByTestId('connection-status-Default')), /可连接|Reachable/),
    );
    await page.screenshot({ path: artifact('tenancy-connection-strings.png'), animations: 'disabled' });
    await page.keyboard.press('Escape');

    // features: the site name shown in the tenant's sidebar
    await page.getByTestId(`tenant-features-${TENANT}`).click();
    await page.getByTestId('features-dialog').waitFor();
    await eventually(async () =>
      assert.equal(await page.getByTestId('feature-App.SiteName').inputValue(), 'Seller Admin'),
    );
    await page.getByTestId('feature-App.SiteName').fill(SITE_NAME);
    await page.getByTestId('features-save').click();
    await page.getByTestId('features-dialog').waitFor({ state: 'hidden' });

    // the delete confirmation says what happens
    await page.getByTestId(`tenant-delete-${TENANT}`).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.waitFor();
    assert.match(await text(confirm), /acme/);
    assert.match(await text(confirm), /登录|sign in/);
    await page.screenshot({ path: artifact('tenancy-tenants.png'), animations: 'disabled' });
    await confirm.getByRole('button', { name: /取\s*消|Cancel/ }).click();
  });
});

test("the tenant's admin signs in against its own database and sees its site name", { timeout: 60_000 }, async (t) => {
  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, TENANT_ADMIN);
    await eventually(async () => assert.match(await text(page.getByTestId('sidebar')), new RegExp(SITE_NAME)));
    assert.match(await page.title(), new RegExp(SITE_NAME));
    const config = await page.evaluate(() =>
      fetch('/api/abp/application-configuration', {
        headers: {
          authorization: `Bearer ${JSON.parse(localStorage.getItem('seller.session') ?? '{}').state.accessToken}`,
        },
      }).then((r) => r.json()),
    );
    assert.equal(config.currentTenant.name, TENANT);
    assert.equal(config.features.values['App.SiteName'], SITE_NAME);
  });
});

test('settings: a global value and a personal value are saved and kept', { timeout: 60_000 }, async (t) => {
  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, HOST_ADMIN);
    await page.goto(`${server.url}/admin/settings`);
    const interval = page.getByTestId('setting-Abp.Identity.User.SmsRepetInterval');
    await eventually(async () => assert.equal(await interval.inputValue(), '1'));
    await interval.fill('3');
    await page.getByTestId('settings-save-global-Identity').click();
    await eventually(async () => {
      const res = await apiJson<{ items: { settings: { name: string; value: string }[] }[] }>(
        server.url,
        '/api/setting-management/settings/by-global',
        { token: (await passwordToken(server.url, HOST_ADMIN)).access_token },
      );
      const values = res.body.items.flatMap((g) => g.settings);
      assert.equal(values.find((s) => s.name === 'Abp.Identity.User.SmsRepetInterval')?.value, '3');
    });
    await page.screenshot({ path: artifact('tenancy-settings.png'), animations: 'disabled' });

    await page.getByTestId('settings-tab-user').click();
    const zone = page.getByTestId('setting-Abp.Timing.TimeZone');
    await zone.waitFor();
    await zone.click();
    await page.keyboard.type('Europe/Berlin');
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-save-user-Timing').click();
    await page.reload();
    await page.getByTestId('settings-tab-user').click();
    await eventually(async () =>
      assert.match(await text(page.getByTestId('settings-group-user-Timing')), /Europe\/Berlin/),
    );
  });
});

test('menus: a new public menu reaches a user at their next load; menus are assigned to a role', {
  timeout: 120_000,
}, async (t) => {
  const plain = { tenant: TENANT, userName: 'plainuser', password: 'Plain123!' };
  // a user without roles or permissions (self-registered by phone in the tenant's own database)
  await registerPhoneUser(server.url, TENANT, { phoneNumber: '13800138123', ...plain });
  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, TENANT_ADMIN);
    await page.goto(`${server.url}/container/menus`);
    await page.getByTestId('menu-node-Dashboard').waitFor();

    await page.getByTestId('menu-create').click();
    await page.getByTestId('menu-name').fill('Handbook');
    await page.getByTestId('menu-display-name').fill('Handbook');
    await page.getByTestId('menu-path').fill('/handbook');
    await page.getByTestId('menu-component').fill('dashboard/index');
    await page.getByTestId('menu-meta-title').fill('Handbook');
    await page.getByTestId('menu-public').click();
    await page.getByTestId('menu-form-submit').click();
    await page.getByTestId('menu-node-Handbook').waitFor();
    await page.getByTestId('menu-details').waitFor();
    assert.match(await text(page.getByTestId('menu-details')), /\/handbook/);
    await page.screenshot({ path: artifact('tenancy-menus.png'), animations: 'disabled' });

    // assign: the salesman role gets the Users and Handbook menus, Handbook as its start page
    await page.getByTestId('menus-tab-assign').click();
    await page.getByTestId('assign-role').click();
    await page.keyboard.type('salesman');
    await page.keyboard.press('Enter');
    await page.getByTestId('assign-node-Handbook').waitFor();
    await page.getByTestId('assign-node-Handbook').click();
    await page.getByTestId('assign-node-Users').click();
    await page.getByTestId('assign-startup').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '/handbook' }).click();
    await page.getByTestId('assign-save').click();
    const token = (await passwordToken(server.url, TENANT_ADMIN)).access_token;
    await eventually(async () => {
      const res = await apiJson<{ items: { name: string; startup: boolean }[] }>(
        server.url,
        '/api/platform/menus/by-role/salesman/56',
        { token, tenant: TENANT },
      );
      const byName = Object.fromEntries(res.body.items.map((m) => [m.name, m.startup]));
      assert.equal(byName.Handbook, true);
      assert.equal(byName.Users, false);
    });

    // the admin's own sidebar shows the public menu after the next configuration load (reload)
    await page.reload();
    await eventually(async () => assert.match(await text(page.getByTestId('sidebar')), /Handbook/));
  });

  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, plain);
    await eventually(async () => assert.match(await text(page.getByTestId('sidebar')), /Handbook/));
    assert.doesNotMatch(await text(page.getByTestId('sidebar')), /菜单管理|Menus/);
  });
});

test('the host deactivates and deletes the tenant', { timeout: 60_000 }, async (t) => {
  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, HOST_ADMIN);
    await page.goto(`${server.url}/admin/tenants`);
    await page.getByTestId(`tenant-toggle-${TENANT}`).click();
    const row = page.locator('tr', { has: page.getByTestId(`tenant-row-${TENANT}`) });
    await eventually(async () => assert.match(await text(row), /停用|Inactive/));
    const denied = await fetch(`${server.url}/connect/token`, {
      method: 'POST',
      headers: { __tenant: TENANT },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'web-admin',
        username: 'admin',
        password: TENANT_PASSWORD,
      }),
    });
    assert.notEqual(denied.status, 200, 'an inactive tenant cannot be signed in to');

    await page.getByTestId(`tenant-delete-${TENANT}`).click();
    await page.getByTestId('tenant-delete-confirm').click();
    await page.getByTestId(`tenant-row-${TENANT}`).waitFor({ state: 'detached' });
    const lookup = await apiJson<{ success: boolean }>(server.url, `/api/abp/multi-tenancy/tenants/by-name/${TENANT}`);
    assert.equal(lookup.body.success, false);
  });
});
