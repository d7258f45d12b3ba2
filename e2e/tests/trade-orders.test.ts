/**
 * Sales orders through the UI (tenant demo, Chinese, the bundled simulator): orders made on the
 * simulator for demo's Lazada shop (its control API), pulled with the "拉取订单" button, the new
 * order found in the list, its detail opened and an unpaid one confirmed, its stock reserved.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN, apiJson, eventually, passwordToken, signIn, withPage } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;

before(
  async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  },
  { timeout: 150_000 },
);

after(async () => {
  await browser?.close();
  await server?.stop();
});

const DEMO_ADMIN = { tenant: 'demo', ...ADMIN };
const SIM_KEY = 'sim-lazada-app-secret';

const control = async <T>(method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/marketplace-sim/control${path}`, {
    method,
    headers: { 'x-sim-key': SIM_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  assert.equal(res.status, 200, JSON.stringify(json));
  return json;
};

interface OrderRow {
  id: string;
  orderNo: string;
  platformOrderId: string;
  status: string;
}

test('orders made on the marketplace are pulled, opened and confirmed', { timeout: 300_000 }, async (t) => {
  const token = (await passwordToken(server.url, DEMO_ADMIN)).access_token;
  const shop = await eventually(async () => {
    const all = await apiJson<{ items: Array<{ id: string; platform: string; authorized: boolean; name: string }> }>(
      server.url,
      '/api/trade/orders/shops',
      { token },
    );
    const lz = all.body.items.find((s) => s.platform === 'LAZADA' && s.authorized);
    assert.ok(lz, `no authorized Lazada shop yet: ${JSON.stringify(all.body)}`);
    return lz;
  }, 90_000);
  // the simulator's seller of demo's Lazada shop, and its items live at once
  const { shopId: sellerId } = await control<{ shopId: string }>('POST', '/authorize', {
    platform: 'lazada',
    account: 'demo-my',
  });
  await control('PUT', '/faults', { platform: 'lazada', reviewDelayMs: 0 });
  await eventually(async () => {
    const items = await control<{ items: Array<{ status: string; listed: boolean }> }>(
      'GET',
      `/items?platform=lazada&shopId=${sellerId}`,
    );
    assert.ok(
      items.items.some((i) => i.status === 'live' && i.listed),
      'no live item on the demo Lazada shop yet',
    );
  }, 120_000);
  // seven orders: the simulator's statuses cycle through seven, one of them unpaid
  const { orders } = await control<{ orders: string[] }>('POST', '/orders', {
    platform: 'lazada',
    shopId: sellerId,
    count: 7,
  });
  assert.equal(orders.length, 7);

  await withPage(browser, t, async (page) => {
    await signIn(page, server.url, DEMO_ADMIN);
    await page.goto(`${server.url}/order/orders`);
    await page.getByTestId('orders-pull').click();
    await page.getByTestId('orders-pull-shop').click();
    await page.getByTitle(shop.name).click();
    await page.getByTestId('orders-pull-start').click();
    await page.getByText(/拉取完成:新增 \d+/).waitFor({ timeout: 60_000 });

    // the unpaid one waits as 待处理: give its SKUs stock, then confirm it in the UI
    const list = await apiJson<{ items: OrderRow[] }>(
      server.url,
      `/api/trade/orders?shopId=${shop.id}&maxResultCount=100`,
      { token },
    );
    const mine = list.body.items.filter((o) => orders.includes(o.platformOrderId));
    assert.equal(mine.length, 7, JSON.stringify(list.body.items.map((o) => o.platformOrderId)));
    const pending = mine.find((o) => o.status === 'Pending');
    assert.ok(pending, JSON.stringify(mine.map((o) => o.status)));
    const detail = await apiJson<{ lines: Array<{ variantId: string; quantity: number }> }>(
      server.url,
      `/api/trade/orders/${pending.id}`,
      { token },
    );
    const warehouses = await apiJson<{ items: Array<{ id: string; isDefault: boolean }> }>(
      server.url,
      '/api/trade/stock/warehouses',
      { token },
    );
    const wh = warehouses.body.items.find((w) => w.isDefault) ?? warehouses.body.items[0];
    assert.ok(wh);
    const given = await apiJson(server.url, '/api/trade/stock/adjustments', {
      method: 'POST',
      token,
      json: {
        warehouseId: wh.id,
        reason: 'e2e',
        lines: [...new Set(detail.body.lines.map((l) => l.variantId))].map((variantId) => ({
          variantId,
          quantity: 10,
        })),
      },
    });
    assert.equal(given.status, 200, JSON.stringify(given.body));

    const search = page
      .locator('input[data-testid="sales-orders-search"], [data-testid="sales-orders-search"] input')
      .first();
    await search.fill(pending.platformOrderId);
    await search.press('Enter');
    await page.getByTestId(`order-open-${pending.orderNo}`).click();
    const drawer = page.getByTestId('order-detail');
    await drawer.waitFor();
    await drawer.getByText('待处理').first().waitFor();
    await drawer.getByTestId('order-action-confirm').click();
    await drawer.getByTestId('order-status-Processing').waitFor();
    const reserved = await drawer.getByTestId('order-line-reserved-1').textContent();
    assert.equal(Number(reserved), detail.body.lines[0]!.quantity);
    await drawer.getByText('确认,已占用库存').waitFor();
  });
});
