/**
 * Issue 3, "Must show": opens pages from the menu, uses every tab action, switches theme colour and
 * language and sees the change, sees the drawer at 991 px and the sidebar at 1280 px. Screenshots of
 * the dashboard (desktop and phone) go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  activeTab,
  artifact,
  DEMO_ADMIN,
  DESKTOP,
  eventually,
  expectPageShown,
  HOST_ADMIN,
  PHONE,
  pathOf,
  readSession,
  tabNames,
  text,
  usersPageOrMissing,
  withPage,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

const CJK = /[\u4e00-\u9fff]/;

/** Breadcrumb items as [text, clickable]. */
async function crumbs(page: Page): Promise<Array<[string, boolean]>> {
  return page
    .getByTestId('breadcrumb')
    .locator('li:not(.ant-breadcrumb-separator)')
    .evaluateAll((items) =>
      items.map((li) => [(li.textContent ?? '').trim(), li.querySelector('a') !== null] as [string, boolean]),
    );
}

/**
 * Opens a sidebar entry inside a group (expanding the group when it is closed) and waits for the
 * page to be shown with its tab active (the URL changes before the new page is committed).
 */
async function openFromMenu(page: Page, group: string, entry: string, path: string) {
  const item = page.getByTestId(`menu-${entry}`);
  if (!(await item.isVisible())) await page.getByTestId(`menu-${group}`).click();
  await item.click();
  await waitForPath(page, path);
  await expectActive(page, entry);
}

async function rightClickTab(page: Page, name: string) {
  await page.getByTestId(`tab-${name}`).click({ button: 'right' });
  await page.getByTestId('tab-context-menu').waitFor();
}

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((u) => u.pathname === path);
}

/** The tab bar follows the URL one render later: wait for it. */
const expectTabs = (page: Page, names: string[]) =>
  eventually(async () => assert.deepEqual(await tabNames(page), names));
const expectActive = (page: Page, name: string) => eventually(async () => assert.equal(await activeTab(page), name));

const bg = (page: Page, testid: string) =>
  page.getByTestId(testid).evaluate((el) => getComputedStyle(el).backgroundColor);

test('opens pages from the sidebar: breadcrumb, page title and tabs follow (dashboard screenshot)', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    // the home tab: Dashboard, affixed, with real figures
    await expectTabs(page, ['Dashboard']);
    const dashboardTitle = await text(page.getByTestId('page-title'));
    assert.match(dashboardTitle, CJK);
    assert.deepEqual(await crumbs(page), [[dashboardTitle, false]], 'Dashboard alone, not clickable');
    assert.equal(await page.title(), `${dashboardTitle} - Seller Admin`);
    // the admin holds every role's work: the tiles of each group, with their figures
    await page.getByTestId('tiles-stock').getByTestId('tile-ToShip').waitFor();
    await page.getByTestId('tiles-sales').locator('a').first().waitFor();
    await page.screenshot({ path: artifact('dashboard-desktop.png'), animations: 'disabled' });

    // Admin → Users
    await openFromMenu(page, 'Admin', 'Users', '/admin/users');
    const groupLabel = await text(page.getByTestId('menu-Admin'));
    const usersLabel = await text(page.getByTestId('menu-Users'));
    assert.match(usersLabel, CJK);
    await eventually(async () => assert.equal(await text(page.getByTestId('page-title')), usersLabel));
    const trail = await crumbs(page);
    assert.equal(trail.length, 3);
    assert.equal(trail[0][1], true, 'Dashboard crumb is a link');
    assert.equal(trail[1][0], groupLabel);
    assert.deepEqual(trail[2], [usersLabel, false], 'last crumb not clickable');
    assert.equal(await page.title(), `${usersLabel} - Seller Admin`);
    await expectTabs(page, ['Dashboard', 'Users']);
    await expectActive(page, 'Users');
    // the users page, or (in a build without it) the clear "not in this version" state
    t.diagnostic(`users page in this build: ${await usersPageOrMissing(page)}`);

    // Admin → Roles
    await openFromMenu(page, 'Admin', 'Roles', '/admin/roles');
    const rolesLabel = await text(page.getByTestId('menu-Roles'));
    await eventually(async () => assert.equal(await text(page.getByTestId('page-title')), rolesLabel));
    assert.equal((await crumbs(page))[2][0], rolesLabel);
    await expectPageShown(page);
    await expectTabs(page, ['Dashboard', 'Users', 'Roles']);

    // Auditing → Audit log (another group)
    await openFromMenu(page, 'Auditing', 'AuditLog', '/auditing/audit-log');
    await expectTabs(page, ['Dashboard', 'Users', 'Roles', 'AuditLog']);
    await expectActive(page, 'AuditLog');
    await expectPageShown(page);

    // the Dashboard crumb goes home; opening a visited page adds no second tab
    await page.getByTestId('breadcrumb').locator('a').first().click();
    await waitForPath(page, '/dashboard');
    await page.getByTestId('dashboard-stats').waitFor();
    await openFromMenu(page, 'Admin', 'Users', '/admin/users');
    await expectTabs(page, ['Dashboard', 'Users', 'Roles', 'AuditLog']);
    // clicking a tab navigates to it
    await page.getByTestId('tab-Roles').click();
    await waitForPath(page, '/admin/roles');
    await expectActive(page, 'Roles');
  });
});

test('tab actions: refresh, close, close others, close all, middle-click; Dashboard stays', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    await openFromMenu(page, 'Admin', 'Users', '/admin/users');
    await openFromMenu(page, 'Admin', 'Roles', '/admin/roles');
    await openFromMenu(page, 'Admin', 'OrganizationUnit', '/admin/organization-unit');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await waitForPath(page, '/profile/index');
    await expectTabs(page, ['Dashboard', 'Users', 'Roles', 'OrganizationUnit', 'PersonalInfo']);

    // pages stay alive between tabs: an unsaved edit survives a tab switch …
    const name = page.getByTestId('profile-name');
    await eventually(async () => assert.equal(await page.getByTestId('profile-username').inputValue(), 'admin'));
    const savedName = await name.inputValue();
    await name.fill('edited, not saved');
    await page.getByTestId('tab-Users').click();
    await waitForPath(page, '/admin/users');
    await page.getByTestId('tab-PersonalInfo').click();
    await waitForPath(page, '/profile/index');
    assert.equal(await name.inputValue(), 'edited, not saved', 'kept alive');

    // … and "refresh" re-mounts the page (the edit is gone). The menu is 105 px wide.
    await rightClickTab(page, 'PersonalInfo');
    const menu = page.getByTestId('tab-context-menu');
    assert.equal((await menu.boundingBox())?.width, 105);
    for (const id of ['tab-menu-refresh', 'tab-menu-close', 'tab-menu-close-others', 'tab-menu-close-all']) {
      assert.ok(await page.getByTestId(id).isVisible(), `${id} offered`);
    }
    await page.getByTestId('tab-menu-refresh').click();
    await eventually(async () => assert.equal(await page.getByTestId('profile-name').inputValue(), savedName));
    assert.equal(await menu.count(), 0, 'menu closed');
    assert.equal(pathOf(page), '/profile/index');

    // Dashboard cannot be closed: no close icon, no "close" entry, middle-click does nothing
    assert.equal(await page.getByTestId('tag-close-Dashboard').count(), 0);
    await rightClickTab(page, 'Dashboard');
    assert.equal(await page.getByTestId('tab-menu-close').count(), 0);
    assert.ok(await page.getByTestId('tab-menu-close-others').isVisible());
    await page.getByTestId('page-title').click(); // a click elsewhere closes the menu
    assert.equal(await menu.count(), 0);
    await page.getByTestId('tab-Dashboard').click({ button: 'middle' });
    await expectTabs(page, ['Dashboard', 'Users', 'Roles', 'OrganizationUnit', 'PersonalInfo']);
    assert.equal(pathOf(page), '/profile/index');

    // middle-click closes a (non-active) tab and stays put
    await page.getByTestId('tab-Users').click({ button: 'middle' });
    await expectTabs(page, ['Dashboard', 'Roles', 'OrganizationUnit', 'PersonalInfo']);
    assert.equal(pathOf(page), '/profile/index');

    // context menu "close" on a non-active tab
    await rightClickTab(page, 'Roles');
    await page.getByTestId('tab-menu-close').click();
    await expectTabs(page, ['Dashboard', 'OrganizationUnit', 'PersonalInfo']);
    assert.equal(pathOf(page), '/profile/index');

    // closing the active tab goes to the last remaining one (here with its close icon)
    await page.getByTestId('tag-close-PersonalInfo').click();
    await waitForPath(page, '/admin/organization-unit');
    await expectTabs(page, ['Dashboard', 'OrganizationUnit']);
    await expectActive(page, 'OrganizationUnit');

    // and with the context menu: the last remaining tab is Dashboard
    await rightClickTab(page, 'OrganizationUnit');
    await page.getByTestId('tab-menu-close').click();
    await waitForPath(page, '/dashboard');
    await expectTabs(page, ['Dashboard']);

    // close others: keeps Dashboard and the chosen tab, and shows the chosen tab
    await openFromMenu(page, 'Admin', 'Users', '/admin/users');
    await openFromMenu(page, 'Admin', 'Roles', '/admin/roles');
    await openFromMenu(page, 'Admin', 'ClaimType', '/admin/claim-type');
    await expectTabs(page, ['Dashboard', 'Users', 'Roles', 'ClaimType']);
    await rightClickTab(page, 'Users');
    await page.getByTestId('tab-menu-close-others').click();
    await waitForPath(page, '/admin/users');
    await expectTabs(page, ['Dashboard', 'Users']);

    // close all: Dashboard only, and we are on it
    await openFromMenu(page, 'Admin', 'Roles', '/admin/roles');
    await rightClickTab(page, 'Roles');
    await page.getByTestId('tab-menu-close-all').click();
    await waitForPath(page, '/dashboard');
    await expectTabs(page, ['Dashboard']);
    await expectActive(page, 'Dashboard');
    await page.getByTestId('dashboard-stats').waitFor();

    // middle-click on the active tab closes it too, going to the last remaining tab
    await openFromMenu(page, 'Admin', 'Roles', '/admin/roles');
    await page.getByTestId('tab-Roles').click({ button: 'middle' });
    await waitForPath(page, '/dashboard');
    await expectTabs(page, ['Dashboard']);
  });
});

test('switching the theme colour recolours the UI, says "compiling theme", and is remembered', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: HOST_ADMIN }, async (page) => {
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-drawer').waitFor();
    // antd primary colour (a checked Switch) and the shell's active tab start with the default #409EFF
    const defaultBlue = 'rgb(64, 158, 255)';
    await eventually(async () => assert.equal(await bg(page, 'setting-tags-view'), defaultBlue));
    assert.equal(await bg(page, 'tab-Dashboard'), defaultBlue);
    assert.equal(await page.getByTestId('theme-color-409EFF').getAttribute('aria-pressed'), 'true');

    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') stylesheets.push(r.url());
    });
    await page.getByTestId('theme-color-f5222d').click();
    await page.getByText('正在编译主题!').waitFor();
    const red = 'rgb(245, 34, 45)';
    await eventually(async () => assert.equal(await bg(page, 'setting-tags-view'), red));
    await eventually(async () => assert.equal(await bg(page, 'tab-Dashboard'), red));
    assert.equal(await page.getByTestId('theme-color-f5222d').getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByTestId('theme-color-409EFF').getAttribute('aria-pressed'), 'false');
    assert.deepEqual(stylesheets, [], 'no stylesheet downloaded for the theme');
    assert.equal((await readSession(page)).settings?.theme, '#f5222d');

    // persisted: after a reload the UI is still red
    await page.reload();
    await page.getByTestId('dashboard-stats').waitFor();
    await eventually(async () => assert.equal(await bg(page, 'tab-Dashboard'), red));
    await page.getByTestId('settings-button').click();
    await eventually(async () => assert.equal(await bg(page, 'setting-tags-view'), red));

    // another preset, picked from the reloaded app
    await page.getByTestId('theme-color-11a983').click();
    await eventually(async () => assert.equal(await bg(page, 'setting-tags-view'), 'rgb(17, 169, 131)'));
  });
});

test('switching the language to English and back to zh-Hans', { timeout: 60_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    await openFromMenu(page, 'Admin', 'Users', '/admin/users');
    const zhUsers = await text(page.getByTestId('menu-Users'));
    const zhAdmin = await text(page.getByTestId('menu-Admin'));
    assert.match(zhUsers, CJK);
    assert.match(zhAdmin, CJK);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');

    const configRequest = page.waitForRequest((r) => r.url().includes('/api/abp/application-configuration'));
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-en').click();
    // the server texts are read again in the new language
    assert.equal((await configRequest).headers()['accept-language'], 'en');
    await eventually(async () => assert.equal(await text(page.getByTestId('menu-Users')), 'Users'));
    assert.equal(await text(page.getByTestId('menu-Admin')), 'Administration');
    await eventually(async () => assert.equal(await text(page.getByTestId('page-title')), 'Users'));
    assert.equal((await crumbs(page))[0][0], 'Dashboard');
    assert.equal(await page.title(), 'Users - Seller Admin');
    assert.equal(await text(page.getByTestId('tab-Dashboard')), 'Dashboard');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.getByTestId('user-menu').click();
    assert.equal(await text(page.getByTestId('logout')), 'Log out');
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-Dashboard').click();
    await page.getByTestId('dashboard-stats').getByText('Current tenant').waitFor();
    assert.match(await text(page.locator('.dashboard h4')), /^Welcome back, admin/);
    await page.screenshot({ path: artifact('dashboard-en.png'), animations: 'disabled' });
    assert.equal((await readSession(page)).language, 'en');

    // remembered across a reload, then back to Chinese
    await page.reload();
    await page.getByTestId('dashboard-stats').getByText('Current tenant').waitFor();
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-zh-Hans').click();
    await eventually(async () => assert.equal(await text(page.getByTestId('menu-Admin')), zhAdmin));
    await page.getByTestId('menu-Admin').click();
    assert.equal(await text(page.getByTestId('menu-Users')), zhUsers);
    await page.getByTestId('dashboard-stats').getByText('当前租户').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
    assert.match(await page.title(), CJK);
  });
});

test('at 991 px the sidebar is a drawer that a route change closes; at 1280 px the sidebar is back', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(
    t,
    { as: DEMO_ADMIN, context: { viewport: { width: 991, height: 800 } } },
    async (page) => {
      // mobile: no fixed sidebar, no plugin / fullscreen / notification buttons
      assert.equal(await page.locator('.app-sider').count(), 0);
      assert.equal(await page.getByTestId('sidebar').count(), 0);
      for (const id of ['plugin-download', 'fullscreen', 'notification-bell']) {
        assert.equal(await page.getByTestId(id).count(), 0, `${id} hidden on mobile`);
      }
      assert.ok(await page.getByTestId('user-menu').isVisible());
      assert.ok(await page.getByTestId('language-switch').isVisible());

      // the hamburger opens the drawer with the menu; choosing a page closes it
      await page.getByTestId('sidebar-toggle').click();
      const drawer = page.getByTestId('mobile-drawer');
      await drawer.waitFor();
      await drawer.getByTestId('sidebar').waitFor();
      await page.getByTestId('menu-Admin').click();
      await page.getByTestId('menu-Users').click();
      await waitForPath(page, '/admin/users');
      await drawer.waitFor({ state: 'hidden' });
      await expectActive(page, 'Users');

      // a route change from outside the drawer closes it too
      await page.getByTestId('sidebar-toggle').click();
      await drawer.waitFor();
      await page.goBack();
      await waitForPath(page, '/dashboard');
      await drawer.waitFor({ state: 'hidden' });

      // 992 px is desktop (the breakpoint is "under 992")
      await page.setViewportSize({ width: 992, height: 800 });
      await page.locator('.app-sider').waitFor();
      // 1280 px: the sidebar and the desktop widgets
      await page.setViewportSize(DESKTOP);
      await page.locator('.app-sider').getByTestId('sidebar').waitFor();
      assert.ok((await page.locator('.app-sider').boundingBox())!.width >= 200);
      for (const id of ['plugin-download', 'fullscreen', 'notification-bell']) {
        assert.ok(await page.getByTestId(id).isVisible(), `${id} shown on desktop`);
      }
      assert.equal(await page.getByTestId('mobile-drawer').count(), 0);

      // back to a phone: drawer again (screenshot of the phone dashboard)
      await page.setViewportSize(PHONE);
      await eventually(async () => assert.equal(await page.locator('.app-sider').count(), 0));
      await page.getByTestId('dashboard-stats').waitFor();
      await page.screenshot({ path: artifact('dashboard-mobile.png'), animations: 'disabled' });
    },
  );
});

test('the sidebar collapses and remembers it', { timeout: 60_000 }, async (t) => {
  await app.withSignedInPage(t, { as: HOST_ADMIN }, async (page) => {
    const sider = page.locator('.app-sider');
    assert.ok((await sider.boundingBox())!.width > 200);
    await page.getByTestId('sidebar-toggle').click();
    await eventually(async () => assert.ok((await sider.boundingBox())!.width < 80));
    await page.reload();
    await page.getByTestId('dashboard-stats').waitFor();
    await eventually(async () => assert.ok((await sider.boundingBox())!.width < 80));
    await page.getByTestId('sidebar-toggle').click();
    await eventually(async () => assert.ok((await sider.boundingBox())!.width > 200));
  });
});

// --- service worker (production build) ------------------------------------------------------

const controlled = (page: Page) =>
  eventually(async () => assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null)), 15_000);

/** The worker controls the page, is activated, and the page is settled. */
async function underWorker(page: Page) {
  await controlled(page);
  await eventually(async () =>
    assert.equal(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
      'activated',
    ),
  );
  await page.waitForLoadState('load');
  await page.getByTestId('login-submit').waitFor();
}

test('the production build registers /sw.js, which takes control and caches the built assets', {
  timeout: 60_000,
}, async (t) => {
  await withPage(
    app.browser,
    t,
    async (page) => {
      await page.goto(`${app.server.url}/login`);
      await underWorker(page);
      const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      assert.equal(scriptUrl, `${app.server.url}/sw.js`);
      // under its control the hashed assets go to its cache, and come from there next time
      await page.reload();
      await page.getByTestId('login-submit').waitFor();
      const fromWorker: boolean[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.startsWith('/assets/')) fromWorker.push(r.fromServiceWorker());
      });
      await page.reload();
      await page.getByTestId('login-submit').waitFor();
      assert.ok(fromWorker.length > 0 && fromWorker.every(Boolean), 'assets served by the worker');
      const cached = await page.evaluate(async () => (await (await caches.open('seller-assets-v1')).keys()).length);
      assert.ok(cached > 0);
    },
    { serviceWorkers: 'allow' },
  );
});

test('a new version shows "New content is available!"; Refresh switches to it', { timeout: 60_000 }, async (t) => {
  await withPage(
    app.browser,
    t,
    async (page) => {
      await page.goto(`${app.server.url}/login`);
      await underWorker(page);

      // deploy a new service worker, and let the hourly check happen now
      const sw = join(app.server.webDist, 'sw.js');
      writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// e2e: a new version\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByText('New content is available!').waitFor();
      const reloaded = page.waitForEvent('load');
      await page.getByTestId('sw-refresh').click();
      await reloaded; // the new version took over and the page reloaded
      await page.getByTestId('login-submit').waitFor();
      const state = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: reg?.waiting ?? null, active: reg?.active?.state };
      });
      assert.deepEqual(state, { waiting: null, active: 'activated' });
    },
    { serviceWorkers: 'allow' },
  );
});

test('a first visit is not reloaded when the service worker takes control (what was typed stays)', {
  timeout: 60_000,
}, async (t) => {
  await withPage(
    app.browser,
    t,
    async (page) => {
      let loads = 0;
      page.on('load', () => loads++);
      // a document the page leaves (a reload too) is noted as the page starts the navigation, before
      // the old document goes (the Navigation API's 'navigate' event; the app's own route changes
      // stay in the document)
      await page.addInitScript(() => {
        type Navigate = Event & { navigationType: string; destination: { sameDocument: boolean } };
        const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
        navigation?.addEventListener('navigate', (event) => {
          const e = event as Navigate;
          if (e.destination.sameDocument) return;
          sessionStorage.setItem(
            'e2e-navigations',
            `${sessionStorage.getItem('e2e-navigations') ?? ''}${e.navigationType};`,
          );
        });
      });
      await page.goto(`${app.server.url}/login`);
      await page.getByTestId('login-username').fill('admin');
      await controlled(page);
      // the controller is set and 'controllerchange' dispatched in one task, so by now the app's
      // handler has run, and a reload it asked for has fired 'navigate'
      assert.equal(await page.evaluate(() => sessionStorage.getItem('e2e-navigations')), null, 'no navigation');
      assert.equal(loads, 1, 'the page loaded once');
      assert.equal(await page.getByTestId('login-username').inputValue(), 'admin');
    },
    { serviceWorkers: 'allow' },
  );
});
