/**
 * Stock follows the ledger to every shop (tenant demo, Chinese, the bundled simulator): a stock
 * adjustment of a listed SKU made on the stock page reaches every listing of that SKU at the
 * simulator (each demo shop offers all of its available stock), and the shop's stock sync page
 * shows the push in its log.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiJson, DEMO_ADMIN, eventually, passwordToken, pickOption } from '../support/app.ts';
import { simulatorControl } from '../support/marketplace-sim.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

interface Listing {
  id: string;
  shopId: string;
  shopName: string;
  platform: string;
  status: number;
  platformItemId: string | null;
}
interface SimItem {
  shopId: string;
  status: string;
  skus: { sellerSku: string | null; quantity: number; deleted: boolean }[];
}
interface Balance {
  sku: string;
  onHand: number;
  reserved: number;
  safety: number;
}

test('a stock adjustment reaches every listing of the SKU at the simulator, and the push log shows it', {
  timeout: 240_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const control = simulatorControl(app.server);
  // a live Lazada listing of the demo (published by the seed's queue once its shop is authorized)
  const { listing, sku } = await eventually(async () => {
    const page = await apiJson<{ items: Listing[] }>(
      app.server.url,
      '/api/catalog/listing?maxResultCount=100&platform=LAZADA',
      { token },
    );
    const live = page.body.items.find((l) => l.status === 3 && l.platformItemId);
    assert.ok(live, 'no live Lazada listing yet');
    const detail = await apiJson<{ skus: { sellerSku: string }[] }>(app.server.url, `/api/catalog/listing/${live.id}`, {
      token,
    });
    return { listing: live, sku: detail.body.skus[0]!.sellerSku };
  }, 150_000);

  /** Every SKU of that seller SKU on the simulator (both platforms): its quantities. */
  const atSimulator = async () => {
    const out: number[] = [];
    for (const platform of ['lazada', 'shopee']) {
      const { items } = await control<{ items: SimItem[] }>('GET', `/items?platform=${platform}&sellerSku=${sku}`);
      for (const i of items)
        for (const s of i.skus) if (s.sellerSku === sku && !s.deleted && i.status !== 'deleted') out.push(s.quantity);
    }
    return out;
  };
  /** The SKU's available stock over every warehouse (on hand − reserved − safety stock, each at least 0). */
  const available = async () => {
    const res = await apiJson<{ items: Balance[] }>(
      app.server.url,
      `/api/trade/stock?filter=${encodeURIComponent(sku)}&maxResultCount=100`,
      { token },
    );
    return res.body.items
      .filter((b) => b.sku === sku)
      .reduce((n, b) => n + Math.max(0, b.onHand - b.reserved - b.safety), 0);
  };

  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    // 1. an adjustment of +7 on the stock page
    await page.goto(`${app.server.url}/order/stock`);
    await page.getByTestId('stock-adjust').click();
    await page.getByTestId('stock-voucher-form').waitFor();
    const warehouse = page.getByTestId('stock-voucher-warehouse');
    if (!(await warehouse.locator('.ant-select-selection-item').count())) {
      await warehouse.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    }
    await page.getByTestId('stock-voucher-reason').fill('e2e 库存同步');
    await page.getByTestId('stock-line-0-sku').click();
    await page.keyboard.type(sku);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: sku }).first().click();
    await page.locator('[data-testid="stock-line-0-qty"]').fill('7');
    await page.getByTestId('stock-voucher-post').click();
    await page.getByTestId('stock-voucher-confirm').click();
    await page.getByTestId('stock-voucher-form').waitFor({ state: 'detached', timeout: 30_000 });

    // 2. every listing of the SKU at the simulator shows the new available stock
    const expected = await available();
    const quantities = await eventually(async () => {
      const q = await atSimulator();
      assert.ok(q.length > 0, `no item of ${sku} at the simulator`);
      assert.ok(
        q.every((n) => n === expected),
        `${sku} at the simulator: ${JSON.stringify(q)}, expected ${expected} each`,
      );
      return q;
    }, 60_000);
    assert.ok(quantities.length >= 1);

    // 3. the shop's push log shows the push
    await page.goto(`${app.server.url}/publishingPlatform/lazada/stockSync`);
    await pickOption(page, page.getByTestId('stock-sync-shop'), listing.shopName);
    const log = page.getByTestId('stock-pushes');
    await log.locator('tr', { hasText: sku }).first().waitFor({ timeout: 30_000 });
    const row = log.locator('tr', { hasText: sku }).first();
    assert.match((await row.textContent()) ?? '', new RegExp(String(expected)));
    await row.getByText('已接受').waitFor();
  });
});
