/**
 * Logistics, warehouses through the UI (tenant demo, Chinese): create one, edit it into the
 * default, delete it after the confirmation; the seeded Shenzhen warehouse is the default again.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiItems, artifact, DEMO_ADMIN, eventually, passwordToken, pickOption, text } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

const row = (list: Locator, code: string) => list.getByRole('row', { name: new RegExp(code) });
/** Waits until no drawer is shown (saved forms close theirs). */
const drawersClosed = (page: Page) =>
  eventually(async () => assert.equal(await page.locator('.ant-drawer-content-wrapper:visible').count(), 0));
/** Whether a row shows the default tag. */
const isDefault = async (list: Locator, code: string) =>
  (await row(list, code)
    .locator('.ant-tag', { hasText: /^默认$/ })
    .count()) === 1;

test('creates a warehouse, makes it the default, deletes it after confirming', { timeout: 60_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    await page.getByRole('menuitem', { name: /物流管理/ }).waitFor();

    await page.goto(`${app.server.url}/physical/Warehouse`);
    const list = page.getByTestId('warehouses');
    await row(list, 'SZ-01').waitFor();
    assert.equal(await isDefault(list, 'SZ-01'), true);

    // create
    await list.getByRole('button', { name: /新建|New/ }).click();
    await page.getByTestId('warehouse-code').fill('BKK-01');
    await page.getByTestId('warehouse-name').fill('曼谷仓');
    await pickOption(page, page.getByTestId('warehouse-type'), '第三方仓');
    await page.getByTestId('warehouse-country').fill('TH');
    await page.getByTestId('warehouses-form-submit').click();
    await row(list, 'BKK-01').waitFor();
    assert.match(await text(row(list, 'BKK-01')), /曼谷仓.*第三方仓.*TH/);
    assert.equal(await isDefault(list, 'BKK-01'), false);
    await drawersClosed(page);

    // edit: a new name, and the default
    await page.getByTestId('warehouses-edit-BKK-01').click();
    await page.getByTestId('warehouse-name').fill('曼谷第三方仓');
    await page.getByTestId('warehouse-default').click();
    await page.getByTestId('warehouses-form-submit').click();
    await row(list, 'BKK-01').getByText('曼谷第三方仓').waitFor();
    await eventually(async () => assert.equal(await isDefault(list, 'BKK-01'), true));
    assert.equal(await isDefault(list, 'SZ-01'), false);
    await drawersClosed(page);
    await page.screenshot({ path: artifact('logistics-warehouses.png') });

    // delete, after the confirmation: the oldest remaining warehouse is the default again
    await page.getByTestId('warehouses-delete-BKK-01').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /删\s?除|Delete/ })
      .click();
    await row(list, 'BKK-01').waitFor({ state: 'detached' });
    await eventually(async () => assert.equal(await isDefault(list, 'SZ-01'), true));
  });

  // what the page did, read back over the API
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const all = await apiItems<{ code: string; isDefault: boolean }>(
    app.server.url,
    '/api/logistics/warehouses/all',
    token,
  );
  assert.deepEqual(
    all.map((w) => [w.code, w.isDefault]),
    [
      ['MY-01', false],
      ['SZ-01', true],
    ],
  );
});
