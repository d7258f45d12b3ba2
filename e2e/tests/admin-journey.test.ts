/**
 * Issue 4, the administrator's journey through the UI. In the demo tenant: the administrator
 * creates a role with a subset of the permissions in the permission editor, gives it menus with a
 * startup page, and creates a user in it; that user signs in, lands on the startup page and sees
 * exactly the allowed menus and buttons; the administrator impersonates the user and comes back,
 * and finds all of it in the audit and security logs. On the host: the administrator creates a
 * tenant with its own database, checks it and names it; its administrator signs in to it; the
 * creation is in the host's audit log; the tenant is deactivated and deleted. Screenshots go to
 * e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { after, before, type TestContext, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  apiJson,
  artifact,
  DEMO_ADMIN,
  eventually,
  filterBox,
  HOST_ADMIN,
  newButtonOf,
  openNewForm,
  readSession,
  signIn,
  text,
  tokenRequest,
  withPage,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';
import { newTenantDatabase, type TenantDatabase } from '../support/tenant-db.ts';

const app = useServerAndBrowser();
let tenantDb: TenantDatabase;

before(async () => {
  tenantDb = await newTenantDatabase();
});

after(async () => {
  await tenantDb?.drop().catch(() => {});
});

const AUDITOR = { tenant: 'demo', userName: 'audrey', password: 'Audit0r!x' };
const TENANT = { tenant: 'acme', userName: 'admin', password: 'Acme1234!' };
const SITE_NAME = 'Acme Trading';

/** Entries of the dropdown menu that is open. */
const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');

/** An option of the select dropdown that is open. */
const option = (page: Page, label: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label });

/** Closes the error notifications (they cover the drawer's buttons for 5 s). */
async function dismissNotifications(page: Page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => {});
}

/** The permission's checkbox in the open permission editor. */
const permissionBox = (page: Page, permission: string) =>
  page.locator('.ant-tree-treenode', { has: page.getByTestId(`perm-${permission}`) }).locator('.ant-tree-checkbox');

const isTicked = (page: Page, permission: string) =>
  permissionBox(page, permission).evaluate((el) => el.classList.contains('ant-tree-checkbox-checked'));

/** Route names of the sidebar's entries, in order (a group's children once it is open). */
const sidebarEntries = (page: Page) =>
  page
    .getByTestId('sidebar')
    .locator('[data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').slice('menu-'.length)));

/** The text of each row of a list (none when it shows its empty state). */
const rows = (table: Locator) =>
  table.locator('tbody tr.ant-table-row').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));

/**
 * One step of a journey, reported as a subtest. The steps build on each other: a failed one
 * stops the journey (and `withPage` keeps a screenshot of where it stopped).
 */
async function step(t: TestContext, name: string, run: (st: TestContext) => Promise<void>) {
  let failure: unknown;
  await t.test(name, async (st) => {
    try {
      await run(st);
    } catch (e) {
      failure = e;
      throw e;
    }
  });
  if (failure) throw failure;
}

test('demo tenant: a role with some permissions, a user in it, what they see, impersonation, the logs', {
  timeout: 180_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    await step(t, 'a role with a subset of the permission tree', async () => {
      await openNewForm(page, `${app.server.url}/admin/roles`, 'roles');
      await page.getByTestId('role-name').fill('auditor');
      await page.getByTestId('role-form-submit').click();
      await page.getByTestId('role-row-auditor').waitFor();
      // users without delete, permissions and impersonation; nothing of roles
      await page.getByTestId('role-permissions-auditor').click();
      await page.getByTestId('permission-editor').waitFor();
      await permissionBox(page, 'AbpIdentity.Users').click();
      assert.equal(await isTicked(page, 'AbpIdentity.Users.Delete'), true, 'a parent ticks its children');
      for (const child of ['Delete', 'ManagePermissions', 'Impersonation']) {
        await permissionBox(page, `AbpIdentity.Users.${child}`).click();
      }
      assert.equal(await isTicked(page, 'AbpIdentity.Users'), true);
      assert.equal(await isTicked(page, 'AbpIdentity.Users.Create'), true);
      assert.equal(await isTicked(page, 'AbpIdentity.Users.Delete'), false);
      assert.equal(await isTicked(page, 'AbpIdentity.Roles'), false);
      await page.screenshot({ path: artifact('journey-permission-editor.png') });
      await page.getByTestId('permissions-save').click();
      await page.getByTestId('permission-editor').waitFor({ state: 'detached' });
    });

    await step(t, "the role's menus, with the users page as its startup page", async () => {
      await page.goto(`${app.server.url}/container/menus`);
      await page.getByTestId('menus-tab-assign').click();
      await page.getByTestId('assign-role').click();
      await page.keyboard.type('auditor');
      await page.keyboard.press('Enter');
      // roles and claim types too: the role's permissions must keep them hidden
      for (const name of ['Users', 'Roles', 'ClaimType']) await page.getByTestId(`assign-node-${name}`).click();
      await page.getByTestId('assign-startup').click();
      await option(page, '(users)').click();
      await page.getByTestId('assign-save').click();
      await page.locator('.ant-message-success').first().waitFor();
    });

    await step(t, 'a user in the role (the password policy answers on the field), locked and unlocked', async () => {
      await openNewForm(page, `${app.server.url}/admin/users`, 'users');
      await page.getByTestId('user-userName').fill(AUDITOR.userName);
      await page.getByTestId('user-email').fill('audrey@demo.local');
      await page.getByTestId('user-password').fill('weak');
      await page.getByTestId('user-roles').click();
      await option(page, 'auditor').click();
      await page.keyboard.press('Escape');
      await page.getByTestId('user-form-submit').click();
      await eventually(async () =>
        assert.match(await text(page.getByTestId('user-form').locator('.ant-form-item-explain-error').first()), /\w/),
      );
      await dismissNotifications(page);
      await page.getByTestId('user-password').fill(AUDITOR.password);
      await page.getByTestId('user-form-submit').click();
      await page.getByTestId(`user-row-${AUDITOR.userName}`).waitFor();

      const row = page.locator('tr', { has: page.getByTestId(`user-row-${AUDITOR.userName}`) });
      await page.getByTestId(`user-more-${AUDITOR.userName}`).click();
      await openMenu(page)
        .filter({ hasText: /^Lock$|^锁定$/ })
        .click();
      await page.getByTestId('user-lock-confirm').click();
      await row.locator('.ant-tag-error').waitFor();
      await page.getByTestId(`user-more-${AUDITOR.userName}`).click();
      await openMenu(page)
        .filter({ hasText: /^Unlock$|^解锁$/ })
        .click();
      await row.locator('.ant-tag-error').waitFor({ state: 'detached' });

      // the search box filters on the server
      await page.getByTestId('users-search').locator('input').fill('audrey');
      await page.getByTestId('users-search').locator('input').press('Enter');
      await eventually(async () => assert.equal(await page.locator('[data-testid^="user-row-"]').count(), 1));
      await page.screenshot({ path: artifact('journey-users.png') });
    });

    await step(t, 'the user lands on the startup page and sees exactly the allowed menus and buttons', async (st) => {
      await withPage(app.browser, st, async (mine) => {
        await mine.goto(`${app.server.url}/login`);
        await mine.getByTestId('login-tenant').fill(AUDITOR.tenant);
        await mine.getByTestId('login-username').fill(AUDITOR.userName);
        await mine.getByTestId('login-password').fill(AUDITOR.password);
        await mine.getByTestId('login-submit').click();
        await mine.waitForURL((u) => u.pathname === '/admin/users');
        await mine.getByTestId('user-row-admin').waitFor();
        // the group is open on its page, so this is everything the user may see
        assert.deepEqual(await sidebarEntries(mine), ['Dashboard', 'Admin', 'Users']);
        await mine.screenshot({ path: artifact('journey-auditor.png') });

        assert.equal(await newButtonOf(mine.getByTestId('users')).count(), 1, 'create is granted');
        assert.ok((await mine.locator('[data-testid^="user-edit-"]').count()) > 0, 'edit is granted');
        assert.equal(await mine.locator('[data-testid^="user-delete-"]').count(), 0, 'no delete');
        assert.equal(await mine.locator('[data-testid^="user-impersonate-"]').count(), 0, 'no impersonation');
        await mine.getByTestId('user-more-admin').click();
        const more = await openMenu(mine).allTextContents();
        assert.ok(more.length > 0 && !more.some((x) => /权限|Permissions/.test(x)), `no permissions entry: ${more}`);
        await mine.keyboard.press('Escape');

        // the root opens the startup page too; a page outside the menu is refused
        await mine.goto(`${app.server.url}/`);
        await mine.waitForURL((u) => u.pathname === '/admin/users');
        await mine.goto(`${app.server.url}/admin/roles`);
        await mine.waitForURL((u) => u.pathname === '/401');
      });
    });

    await step(t, 'the administrator impersonates the user, acts as them, and comes back', async () => {
      await page.goto(`${app.server.url}/admin/users`);
      await page.getByTestId(`user-impersonate-${AUDITOR.userName}`).click();
      await page.getByTestId('impersonate-confirm').click();
      // signed in as audrey: her startup page, a banner naming both people, no refresh token
      await page.waitForURL((u) => u.pathname === '/admin/users', { timeout: 20_000 });
      const banner = page.getByTestId('impersonation-banner');
      await banner.waitFor();
      assert.match(await text(banner), /audrey/);
      assert.match(await text(banner), /admin/);
      assert.equal((await readSession(page)).refreshToken, undefined, 'no refresh token while impersonating');
      await page.screenshot({ path: artifact('journey-impersonation.png') });

      // a write as audrey (saving her own record), for the audit log
      await page.getByTestId(`user-edit-${AUDITOR.userName}`).click();
      await page.getByTestId('user-form-submit').click();
      await page.locator('.ant-message-success').first().waitFor();

      // her own security log shows the impersonation
      await page.goto(`${app.server.url}/profile/setting`);
      await page.getByTestId('my-security-log').getByText(`admin → ${AUDITOR.userName}`).first().waitFor();

      // back through the user menu
      await page.getByTestId('user-menu').click();
      await page.getByTestId('back-to-impersonator').click();
      await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 20_000 });
      await page.getByTestId('dashboard-stats').waitFor();
      await eventually(async () => assert.equal(await page.getByTestId('impersonation-banner').count(), 0));
      assert.match(await text(page.getByTestId('user-menu')), /admin/);
    });

    await step(t, 'the audit log has the role and the user created, and the write made as audrey', async () => {
      await page.goto(`${app.server.url}/auditing/audit-log`);
      const audit = page.getByTestId('audit-log');
      const filter = async (url: string, method: string) => {
        await filterBox(page, 'audit-log-filter-url').fill(url);
        await filterBox(page, 'audit-log-filter-url').press('Enter');
        await page.getByTestId('audit-log-filter-httpMethod').click();
        await option(page, new RegExp(`^${method}$`)).click();
      };
      await filter('/api/identity/roles', 'POST');
      await eventually(async () => {
        const found = await rows(audit);
        assert.ok(found.length && found.every((r) => r.includes('/api/identity/roles')), found.join('\n'));
      });
      // the detail drawer shows the entity change
      await audit.getByTestId('audit-log-detail-open').first().click();
      const drawer = page.getByTestId('audit-log-detail');
      await drawer.getByTestId('audit-request-info').waitFor();
      await eventually(async () =>
        assert.match(await text(drawer.getByTestId('audit-entity-change').first()), /auditor/),
      );
      await page.screenshot({ path: artifact('journey-audit-role.png') });
      await page.keyboard.press('Escape');

      await filter('/api/identity/users', 'POST');
      await eventually(async () => {
        const found = await rows(audit);
        assert.ok(found.length && found.every((r) => r.includes('/api/identity/users')), found.join('\n'));
      });
      // audrey's write, tagged with the administrator who was acting as her
      await filterBox(page, 'audit-log-filter-userName').fill(AUDITOR.userName);
      await filterBox(page, 'audit-log-filter-userName').press('Enter');
      await filter('/api/identity/users', 'PUT');
      await eventually(async () => {
        const found = await rows(audit);
        assert.equal(found.length, 1, found.join('\n'));
        assert.match(found[0], /audrey\s*admin/);
      });
    });

    await step(t, "the security log has audrey's sign-in and the impersonation naming both people", async () => {
      await page.goto(`${app.server.url}/auditing/security-log`);
      const security = page.getByTestId('security-log');
      await filterBox(page, 'security-log-filter-userName').fill(AUDITOR.userName);
      await filterBox(page, 'security-log-filter-userName').press('Enter');
      await eventually(async () => {
        const found = await rows(security);
        assert.ok(
          found.some((r) => /登录成功|Signed in/.test(r)),
          found.join('\n'),
        );
        assert.ok(
          found.some((r) => /开始模拟登录|Impersonation started/.test(r) && /admin\S* → audrey/.test(r)),
          found.join('\n'),
        );
      });
      await page.screenshot({ path: artifact('journey-security-log.png') });
    });
  });
});

test('host: a tenant with its own database, checked and named; its admin signs in; audit; deactivate, delete', {
  timeout: 180_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: HOST_ADMIN }, async (page) => {
    const tenantRow = page.locator('tr', { has: page.getByTestId(`tenant-row-${TENANT.tenant}`) });

    await step(t, 'the tenant is created in its own database (a weak password is refused on its field)', async () => {
      await openNewForm(page, `${app.server.url}/admin/tenants`, 'tenants');
      await page.getByTestId('tenant-name').fill(TENANT.tenant);
      await page.getByTestId('tenant-admin-email').fill('boss@acme.test');
      await page.getByTestId('tenant-admin-password').fill('weak');
      await page.getByTestId('tenant-connection').fill(tenantDb.url);
      await page.getByTestId('tenant-form-submit').click();
      await page.getByTestId('tenant-form').locator('.ant-form-item-explain-error').first().waitFor();
      await dismissNotifications(page);
      await page.getByTestId('tenant-admin-password').fill(TENANT.password);
      await page.getByTestId('tenant-form-submit').click();
      await page.getByTestId(`tenant-row-${TENANT.tenant}`).waitFor({ timeout: 60_000 });
      assert.match(await text(tenantRow), /独立|Own/);

      // its Default connection string is listed and reachable
      await page.getByTestId(`tenant-connections-${TENANT.tenant}`).click();
      await page.getByTestId('connections-dialog').waitFor();
      await page.getByTestId('connection-check-Default').click();
      await eventually(async () =>
        assert.match(await text(page.getByTestId('connection-status-Default')), /可连接|Reachable/),
      );
      await page.screenshot({ path: artifact('journey-connection-strings.png'), animations: 'disabled' });
      await page.keyboard.press('Escape');

      // the site name shown in the tenant's sidebar, from the features dialog
      await page.getByTestId(`tenant-features-${TENANT.tenant}`).click();
      await page.getByTestId('features-dialog').waitFor();
      await eventually(async () =>
        assert.equal(await page.getByTestId('feature-App.SiteName').inputValue(), 'Seller Admin'),
      );
      await page.getByTestId('feature-App.SiteName').fill(SITE_NAME);
      await page.getByTestId('features-save').click();
      await page.getByTestId('features-dialog').waitFor({ state: 'hidden' });
      await page.screenshot({ path: artifact('journey-tenants.png'), animations: 'disabled' });
    });

    await step(t, "the tenant's admin signs in against its database, sees its name and its own log", async (st) => {
      await withPage(app.browser, st, async (mine) => {
        await signIn(mine, app.server.url, TENANT);
        await eventually(async () => assert.match(await text(mine.getByTestId('sidebar')), new RegExp(SITE_NAME)));
        assert.match(await mine.title(), new RegExp(SITE_NAME));
        await mine.goto(`${app.server.url}/auditing/security-log`);
        const security = mine.getByTestId('security-log');
        await eventually(async () => assert.ok((await rows(security)).some((r) => /登录成功|Signed in/.test(r))));
        assert.ok(
          (await rows(security)).every((r) => !r.includes('audrey')),
          'nothing of the demo tenant',
        );
      });
    });

    await t.test(
      "the host's audit log has the tenant's creation (then bulk-deleted); its security log the sign-ins",
      async () => {
        await page.goto(`${app.server.url}/auditing/audit-log`);
        const audit = page.getByTestId('audit-log');
        await filterBox(page, 'audit-log-filter-url').fill('/api/tenant-management/tenants');
        await filterBox(page, 'audit-log-filter-url').press('Enter');
        await page.getByTestId('audit-log-filter-httpMethod').click();
        await option(page, /^POST$/).click();
        await eventually(async () => assert.ok((await rows(audit)).some((r) => r.includes('200'))));
        await audit.getByTestId('audit-log-detail-open').first().click();
        const drawer = page.getByTestId('audit-log-detail');
        await eventually(async () =>
          assert.match(await text(drawer.getByTestId('audit-entity-change').first()), /acme/),
        );
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        await audit.locator('thead .ant-checkbox-input').check();
        await page.getByTestId('audit-log-bulk-delete').click();
        await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
        await eventually(async () => assert.equal((await rows(audit)).length, 0));

        await page.goto(`${app.server.url}/auditing/security-log`);
        const security = page.getByTestId('security-log');
        await eventually(async () => assert.ok((await rows(security)).some((r) => /登录成功|Signed in/.test(r))));
      },
    );

    await step(
      t,
      'the tenant is deactivated (no sign-in), then deleted after a confirmation saying what goes',
      async () => {
        await page.goto(`${app.server.url}/admin/tenants`);
        await page.getByTestId(`tenant-toggle-${TENANT.tenant}`).click();
        await eventually(async () => assert.match(await text(tenantRow), /停用|Inactive/));
        const refused = await tokenRequest(
          app.server.url,
          { grant_type: 'password', username: TENANT.userName, password: TENANT.password },
          TENANT.tenant,
        );
        assert.notEqual(refused.status, 200, 'an inactive tenant cannot be signed in to');

        await page.getByTestId(`tenant-delete-${TENANT.tenant}`).click();
        const confirm = page.locator('.ant-popconfirm');
        await confirm.waitFor();
        assert.match(await text(confirm), /acme/);
        assert.match(await text(confirm), /登录|sign in/);
        await page.getByTestId('tenant-delete-confirm').click();
        await page.getByTestId(`tenant-row-${TENANT.tenant}`).waitFor({ state: 'detached' });
        const lookup = await apiJson<{ success: boolean }>(
          app.server.url,
          `/api/abp/multi-tenancy/tenants/by-name/${TENANT.tenant}`,
        );
        assert.equal(lookup.body.success, false);
      },
    );
  });
});
