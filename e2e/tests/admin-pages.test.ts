/**
 * Issue 4, the administration pages themselves. Each admin page once, on a 390 px phone in
 * English: no untranslated text (`Resource::Key`, raw i18n keys, Chinese outside the data), no
 * sideways scrolling of the page, and its drawers and dialogs fit the screen with their buttons
 * reachable; the settings are saved and kept. On a desktop (Chinese): the organization-unit tree
 * with members, claim types, and a new public menu reaching another user. Screenshots go to
 * e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  apiItems,
  apiJson,
  artifact,
  DEMO_ADMIN,
  eventually,
  HOST_ADMIN,
  passwordToken,
  registerPhoneUser,
  text,
} from '../support/app.ts';
import {
  type AdminPage,
  checkPages,
  clickOverlay,
  expectTranslatedAndFitting,
  firstDataCell,
  listPage,
  newOverlay,
  readyRow,
  usePageSweep,
} from '../support/page-checks.ts';

const app = usePageSweep();

const demoPages: AdminPage[] = [
  {
    path: '/admin/users',
    ...readyRow('user-row-admin'),
    overlays: [newOverlay('user', 'users', 'user')],
  },
  {
    path: '/admin/roles',
    ...readyRow('role-row-admin'),
    overlays: [
      newOverlay('role', 'roles', 'role'),
      clickOverlay('permissions', 'role-permissions-salesman', 'permissions-save'),
    ],
  },
  {
    path: '/admin/organization-unit',
    ready: 'unit-add-root',
    overlays: [clickOverlay('new unit', 'unit-add-root', 'unit-form-submit')],
  },
  {
    path: '/admin/claim-type',
    ...readyRow('claim-type-row-email'),
    overlays: [newOverlay('claim type', 'claim-types', 'claim-type')],
  },
  { path: '/admin/settings', ready: 'settings-level-tenant' },
  {
    path: '/container/menus',
    ready: 'menu-node-Dashboard',
    overlays: [clickOverlay('new menu', 'menu-create', 'menu-form-submit')],
  },
  {
    path: '/container/layouts',
    ready: 'layouts',
    overlays: [newOverlay('layout', 'layouts', 'layout')],
  },
  {
    path: '/auditing/audit-log',
    ready: 'audit-log-detail-open',
    overlays: [
      {
        name: 'details',
        open: (p) => p.getByTestId('audit-log-detail-open').first().click(),
        confirm: 'audit-request-info',
      },
    ],
  },
  {
    path: '/auditing/security-log',
    ready: 'security-log-detail-open',
    overlays: [
      {
        name: 'details',
        open: (p) => p.getByTestId('security-log-detail-open').first().click(),
        confirm: 'security-log-detail',
      },
    ],
  },
  listPage('/physical/Warehouse', 'warehouses-edit-SZ-01', 'warehouses', 'warehouse'),
  {
    path: '/physical/Physical',
    ready: 'carriers-edit-YUNEXPRESS',
    firstCell: firstDataCell('carriers'),
    overlays: [
      newOverlay('carrier', 'carriers'),
      clickOverlay('rate table', ['carrier-select-YUNEXPRESS', 'channel-rates-YUN-SEA-STD'], 'rates-table'),
    ],
  },
  listPage('/physical/Zone', 'zones-edit-新加坡', 'zones', 'zone'),
  { path: '/physical/Country', ready: 'countries-search' },
  listPage('/physical/FreightStrategy', 'strategies-edit-东南亚默认', 'strategies', 'strategy'),
  { path: '/physical/Charge', ready: 'estimate-submit' },
  { path: '/product/collector', ready: 'collector-download' },
  {
    path: '/product/gather-list',
    ready: 'gathers-by-urls',
    firstCell: firstDataCell('gathers'),
    overlays: [clickOverlay('gather by URLs', 'gathers-by-urls', 'gather-urls-start')],
  },
  listPage('/product/price-rules', 'price-calculator', 'price-rules', 'price rule'),
  { path: '/product/sku-download-img', ready: 'sku-images-start' },
  { path: '/publishingPlatform/lazada/shopLazada', ready: 'shops-lazada-authorize' },
  { path: '/publishingPlatform/shopee/shopShopee', ready: 'shops-shopee-authorize' },
  { path: '/publishingPlatform/lazada/classified', ready: 'mapping-new' },
  { path: '/publishingPlatform/lazada/productLazada', ready: 'items-pull' },
  { path: '/publishingPlatform/shopee/logisticFreight', ready: 'channels-pull' },
  { path: '/publishingPlatform/lazada/published', ready: 'listing-tab-all' },
  { path: '/publishingPlatform/publishs/publish-lazada-shopee', ready: 'publish-wizard' },
  { path: '/order/orders', ready: 'orders-pull' },
  { path: '/order/purchase', ready: 'po-replenish' },
  { path: '/order/receiving', ready: 'receipts' },
  { path: '/order/stock', ready: 'stock-adjust' },
  { path: '/order/shipment', ready: 'shipments-tab-all' },
  { path: '/order/shipment-record', ready: 'shipment-records' },
  { path: '/order/financial/statement', ready: 'pull' },
  { path: '/order/financial/arrival', ready: 'arrivals' },
  { path: '/order/statistics-order', ready: 'statistics-range' },
];

const hostPages: AdminPage[] = [
  {
    path: '/admin/tenants',
    ...readyRow('tenant-row-demo'),
    overlays: [
      newOverlay('tenant', 'tenants', 'tenant'),
      clickOverlay('connection strings', 'tenant-connections-demo', 'connection-test'),
      clickOverlay('features', 'tenant-features-demo', 'features-save'),
    ],
  },
  { path: '/admin/background-jobs', ready: 'queue-notifications.retention' },
  // last: the test goes on to save settings on this page
  { path: '/admin/settings', ready: 'settings-level-global' },
];

test('every admin page of a tenant on a 390 px phone, in English', { timeout: 300_000 }, async (t) => {
  // something in the audit log to open
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const layout = await apiJson(app.server.url, '/api/platform/layouts', {
    method: 'POST',
    token,
    json: { name: 'PhoneAudited', displayName: 'Phone audited', path: 'Layout', platformType: 56 },
  });
  assert.equal(layout.status, 200);

  await app.withPhoneInEnglish(t, DEMO_ADMIN, async (page) => {
    // the dashboard: the settings button sits in the top bar, clear of the cards; the
    // breadcrumb and the tab name the dashboard alike
    await expectTranslatedAndFitting(page, app.serverKey, '/dashboard');
    assert.equal(await page.locator('.app-settings-button').count(), 0, 'no floating settings button');
    const button = await page.getByTestId('settings-button').boundingBox();
    assert.ok(button);
    for (const card of await page.getByTestId('dashboard-stats').locator('.ant-card').all()) {
      const box = await card.boundingBox();
      if (!box) continue;
      const apart =
        button.x + button.width <= box.x ||
        box.x + box.width <= button.x ||
        button.y + button.height <= box.y ||
        box.y + box.height <= button.y;
      assert.ok(apart, 'the settings button covers a card');
    }
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-drawer').waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await text(page.getByTestId('breadcrumb')), 'Dashboard');
    assert.equal(await text(page.getByTestId('tab-Dashboard')), 'Dashboard');
    await page.screenshot({ path: artifact('phone-en-dashboard.png') });

    await checkPages(page, app, demoPages);
  });
});

test('the host admin pages on a 390 px phone, in English; settings are saved and kept', {
  timeout: 90_000,
}, async (t) => {
  await app.withPhoneInEnglish(t, HOST_ADMIN, async (page) => {
    await checkPages(page, app, hostPages);

    // a global value, then a personal one; both kept after a reload
    const interval = page.getByTestId('setting-Abp.Identity.User.SmsRepetInterval');
    await eventually(async () => assert.equal(await interval.inputValue(), '1'));
    await interval.fill('3');
    await page.getByTestId('settings-save-global-Identity').click();
    await page.locator('.ant-message-success').first().waitFor();
    await page.getByTestId('settings-tab-user').click();
    const zone = page.getByTestId('setting-Abp.Timing.TimeZone');
    await zone.click();
    await page.keyboard.type('Europe/Berlin');
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-save-user-Timing').click();
    await page.locator('.ant-message-success').first().waitFor();
    await page.reload();
    await eventually(async () => assert.equal(await interval.inputValue(), '3'));
    await page.getByTestId('settings-tab-user').click();
    await eventually(async () =>
      assert.match(await text(page.getByTestId('settings-group-user-Timing')), /Europe\/Berlin/),
    );
    await expectTranslatedAndFitting(page, app.serverKey, '/admin/settings (personal)');
  });
});

test('organization units: tree, move, members; claim types; a new public menu reaches a user', {
  timeout: 120_000,
}, async (t) => {
  const plain = { tenant: 'demo', userName: 'plainuser', password: 'Plain123!' };
  // a user without roles or permissions (self-registered by phone)
  await registerPhoneUser(app.server.url, 'demo', { phoneNumber: '13800138123', ...plain });

  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    // the breadcrumb names the dashboard as its menu and tab do, on it and on other pages
    const dashboardTab = await text(page.getByTestId('tab-Dashboard'));
    assert.equal(dashboardTab, '仪表盘');
    assert.equal(await text(page.getByTestId('breadcrumb')), dashboardTab);
    await page.goto(`${app.server.url}/admin/organization-unit`);
    await eventually(async () =>
      assert.equal(await text(page.getByTestId('breadcrumb').locator('li').first()), dashboardTab),
    );
    const addUnit = async (name: string, parent?: string) => {
      if (parent) {
        await page.getByTestId(`unit-actions-${parent}`).click();
        await page
          .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: /Add child|添加下级/ })
          .click();
      } else await page.getByTestId('unit-add-root').click();
      await page.getByTestId('unit-displayName').fill(name);
      await page.getByTestId('unit-form-submit').click();
      await page.getByTestId(`unit-${name}`).waitFor();
    };
    await addUnit('Head office');
    await addUnit('Sales', 'Head office');
    await addUnit('Warehouse');

    // move Warehouse under Head office with the dialog
    await page.getByTestId('unit-actions-Warehouse').click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: /^Move$|^移动$/ })
      .click();
    await page.getByTestId('unit-move-target').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'Head office' }).last().click();
    await page.locator('.ant-modal-footer button.ant-btn-primary').last().click();
    const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
    await eventually(async () => {
      const res = await apiItems<{ code: string; displayName: string }>(
        app.server.url,
        '/api/identity/organization-units/all',
        token,
      );
      const codes = res.map((u) => `${u.code} ${u.displayName}`);
      assert.deepEqual(codes, ['00001 Head office', '00001.00001 Sales', '00001.00002 Warehouse']);
    });

    // members: add li.na to Sales
    await page.getByTestId('unit-Sales').click();
    await page.getByTestId('unit-add-users').click();
    await page.getByTestId('unit-candidates-users').click();
    await page.keyboard.type('li.na');
    await page.locator('.ant-select-item-option', { hasText: 'li.na' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('unit-add-confirm').click();
    await page.getByTestId('unit-member-li.na').waitFor();
    await page.screenshot({ path: artifact('identity-organization-units.png') });

    // claim types: create one; static ones have no delete button
    await page.goto(`${app.server.url}/admin/claim-type`);
    await page.getByTestId('claim-type-row-email').waitFor();
    assert.equal(await page.getByTestId('claim-type-delete-email').count(), 0);
    await page
      .getByTestId('claim-types')
      .getByRole('button', { name: /新建|New/ })
      .click();
    await page.getByTestId('claim-type-name').fill('employee_no');
    await page.getByTestId('claim-type-regex').fill('^E\\d{4}$');
    await page.getByTestId('claim-type-form-submit').click();
    await page.getByTestId('claim-type-row-employee_no').waitFor();

    // menus: a new public menu, shown in the tree with its details
    await page.goto(`${app.server.url}/container/menus`);
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
    await page.screenshot({ path: artifact('container-menus.png'), animations: 'disabled' });
  });

  // another user sees it at their next configuration load (sign-in), and nothing of the admin's
  await app.withSignedInPage(t, { as: plain }, async (page) => {
    await eventually(async () => assert.match(await text(page.getByTestId('sidebar')), /Handbook/));
    assert.doesNotMatch(await text(page.getByTestId('sidebar')), /菜单管理|Menus/);
  });
});
