/**
 * Category mapping through the UI (tenant demo, Chinese, the bundled simulator): a Lazada SG shop
 * authorized through the simulator's control API, then the catalogue category 家居 mapped in the
 * drawer to a Kitchenware leaf found by searching the platform tree; saving without the mandatory
 * attributes is refused on their rows, and saving with their defaults lists the mapping.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiItems, apiJson, artifact, DEMO_ADMIN, eventually, passwordToken, text } from '../support/app.ts';
import { simulatorControl } from '../support/marketplace-sim.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

/** A Lazada shop of the simulator's SG seller, authorized as the consent page would. */
async function authorizeSgShop(token: string): Promise<{ id: string; name: string }> {
  const redirectUri = `${app.server.url}/publishingPlatform/shop-callback`;
  const link = await apiJson<{ state: string }>(
    app.server.url,
    `/api/sitekit/shopes/authorize-url?platform=LAZADA&region=SG&redirectUri=${encodeURIComponent(redirectUri)}`,
    { token },
  );
  assert.equal(link.status, 200, JSON.stringify(link.body));
  const { code } = await simulatorControl(app.server)<{ code: string }>('POST', '/authorize', {
    platform: 'lazada',
    account: 'demo-sg',
    redirectUri,
    state: link.body.state,
  });
  const shop = await apiJson<{ id: string; name: string }>(app.server.url, '/api/sitekit/shopes/authorize', {
    method: 'POST',
    token,
    json: { code, state: link.body.state },
  });
  assert.equal(shop.status, 200, JSON.stringify(shop.body));
  return shop.body;
}

/** Waits until no select list is open; one left open (a tree select keeps its list after a pick) is closed with Escape. */
async function closeLists(page: Page) {
  const open = page.locator('.ant-select-dropdown:visible');
  try {
    await eventually(async () => assert.equal(await open.count(), 0), 3_000);
  } catch {
    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await open.count(), 0), 10_000);
  }
}

/** Picks an option of the antd select with `testid`, then waits until no select list is open. */
async function pick(page: Page, testid: string, option: string | RegExp) {
  await closeLists(page);
  await page.getByTestId(testid).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await eventually(async () => assert.equal(await page.locator('.ant-select-dropdown:visible').count(), 0), 10_000);
}

test('maps a catalogue category to a platform leaf with its mandatory attributes', { timeout: 180_000 }, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const shop = await authorizeSgShop(token);

  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/publishingPlatform/lazada/classified' }, async (page) => {
    await page.getByTestId('category-mappings').waitFor();
    await page.getByTestId('mapping-new').click();
    const drawer = page.getByTestId('mapping-drawer');
    await drawer.waitFor();

    await pick(page, 'mapping-catalog-category', /^家居$/);
    await pick(page, 'mapping-shop', shop.name);
    await eventually(async () => assert.match(await text(page.getByTestId('mapping-region')), /SG/));

    // the platform tree searched: a leaf's name path
    const tree = page.getByTestId('mapping-platform-category');
    await tree.click();
    await tree.locator('input').fill('Kitchenware');
    const leaf = page
      .locator('.ant-select-dropdown:visible .ant-select-tree-treenode', { hasText: 'Kitchenware' })
      .first();
    await leaf.waitFor({ timeout: 30_000 });
    await leaf.locator('.ant-select-tree-title').click();

    // the leaf's attributes, the mandatory ones marked
    const attributes = page.getByTestId('mapping-attributes');
    await attributes.waitFor({ timeout: 30_000 });
    await page.getByTestId('mapping-mandatory-warranty_type').waitFor();
    await page.getByTestId('mapping-mandatory-material').waitFor();

    await page.screenshot({ path: artifact('category-mapping-drawer.png') });

    // saving without them is refused, on the form
    await page.getByTestId('mapping-save').click();
    await page.getByTestId('mapping-errors').waitFor();
    assert.match(await text(page.getByTestId('mapping-errors')), /必填/);

    // a default for each mandatory attribute, and the catalogue's material mapped
    await pick(page, 'mapping-default-warranty_type', 'No Warranty');
    await pick(page, 'mapping-catalog-material', /材质/);
    await pick(page, 'mapping-value-material-棉', 'Cotton');
    await pick(page, 'mapping-default-material', 'Wood');
    await page.getByTestId('mapping-save').click();
    await eventually(
      async () => assert.equal(await page.locator('.ant-drawer-content-wrapper:visible').count(), 0),
      15_000,
    );

    // the new row (the demo seed maps 家居's subcategories too, on the demo shop's site)
    const created = await eventually(async () => {
      const list = await apiItems<{ id: string; catalogCategoryName: string; region: string }>(
        app.server.url,
        '/api/catalog/category-mapping?platform=LAZADA&region=SG&maxResultCount=100',
        token,
      );
      const found = list.find((m) => m.catalogCategoryName === '家居');
      assert.ok(found);
      return found;
    });
    await page
      .getByTestId('category-mappings')
      .getByPlaceholder(/搜索|Search/)
      .fill('Kitchenware');
    await page
      .getByTestId('category-mappings')
      .getByPlaceholder(/搜索|Search/)
      .press('Enter');
    const cell = page.getByTestId(`mapping-platform-category-${created.id}`);
    await cell.waitFor();
    assert.match(await text(cell), /Kitchenware/);
  });

  // the mapping as the API has it
  const list = await apiItems<{ catalogCategoryName: string; region: string; attributes: unknown[] }>(
    app.server.url,
    '/api/catalog/category-mapping?platform=LAZADA&region=SG',
    token,
  );
  const mapped = list.find((m) => m.catalogCategoryName === '家居');
  assert.ok(mapped, JSON.stringify(list));
  assert.deepEqual(
    (mapped.attributes as Array<{ attribute: string; defaultValue: string | null; valueMap: unknown[] }>).map((a) => [
      a.attribute,
      a.defaultValue,
      a.valueMap.length,
    ]),
    [
      ['warranty_type', 'No Warranty', 0],
      ['material', 'Wood', 1],
    ],
  );
});

test('pulls a shop’s items and logistics channels, and switches a channel off', { timeout: 120_000 }, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const shop = await authorizeSgShop(token);

  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/publishingPlatform/lazada/productLazada' }, async (page) => {
    await pick(page, 'items-shop', shop.name);
    await page.getByTestId('items-pull').click();
    const progress = page.getByTestId('items-pull-progress');
    await eventually(async () => assert.equal(await progress.getAttribute('data-status'), 'completed'), 30_000);
    await page.screenshot({ path: artifact('marketplace-items.png') });

    await page.goto(`${app.server.url}/publishingPlatform/lazada/logisticFreight`);
    await pick(page, 'channels-shop', shop.name);
    await page.getByTestId('channels-pull').click();
    const table = page.getByTestId('channels-table');
    const first = table.locator('[data-testid^="channel-enabled-"]').first();
    await first.waitFor();
    const channelId = ((await first.getAttribute('data-testid')) ?? '').replace('channel-enabled-', '');
    assert.equal(await first.getAttribute('aria-checked'), 'true');
    await first.click();
    await eventually(async () => assert.equal(await first.getAttribute('aria-checked'), 'false'));
    await page.screenshot({ path: artifact('marketplace-logistics-channels.png') });

    const channels = await apiItems<{ channelId: string; enabled: boolean }>(
      app.server.url,
      `/api/sitekit/shopes/${shop.id}/logistics-channels`,
      token,
    );
    assert.equal(channels.find((c) => c.channelId === channelId)?.enabled, false);
  });
});
