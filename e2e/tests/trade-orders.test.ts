/**
 * Sales orders through the UI (tenant demo, Chinese, the bundled simulator): orders made on the
 * simulator for demo's Lazada shop (its control API), pulled with the "拉取订单" button, the new
 * order found in the list, its detail opened and an unpaid one confirmed, its stock reserved.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiItems, apiJson, DEMO_ADMIN, passwordToken, pickOption, searchTable } from '../support/app.ts';
import { demoLazadaShop, sevenDemoLazadaOrders } from '../support/marketplace-sim.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

interface OrderRow {
  id: string;
  orderNo: string;
  platformOrderId: string;
  status: string;
}

test('orders made on the marketplace are pulled, opened and confirmed', { timeout: 300_000 }, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const shop = await demoLazadaShop(app.server.url, token);
  // one of the seven orders is unpaid
  const { orders } = await sevenDemoLazadaOrders(app.server);

  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/order/orders' }, async (page) => {
    await page.getByTestId('orders-pull').click();
    await pickOption(page, page.getByTestId('orders-pull-shop'), shop.name);
    await page.getByTestId('orders-pull-start').click();
    await page.getByText(/拉取完成:新增 \d+/).waitFor({ timeout: 60_000 });

    // the unpaid one waits as 待处理: give its SKUs stock, then confirm it in the UI
    const list = await apiJson<{ items: OrderRow[] }>(
      app.server.url,
      `/api/trade/orders?shopId=${shop.id}&maxResultCount=100`,
      { token },
    );
    const mine = list.body.items.filter((o) => orders.includes(o.platformOrderId));
    assert.equal(mine.length, 7, JSON.stringify(list.body.items.map((o) => o.platformOrderId)));
    const pending = mine.find((o) => o.status === 'Pending');
    assert.ok(pending, JSON.stringify(mine.map((o) => o.status)));
    const detail = await apiJson<{ lines: Array<{ variantId: string; quantity: number }> }>(
      app.server.url,
      `/api/trade/orders/${pending.id}`,
      { token },
    );
    const warehouses = await apiItems<{ id: string; isDefault: boolean }>(
      app.server.url,
      '/api/trade/stock/warehouses',
      token,
    );
    const wh = warehouses.find((w) => w.isDefault) ?? warehouses[0];
    assert.ok(wh);
    const given = await apiJson(app.server.url, '/api/trade/stock/adjustments', {
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
    await searchTable(page.getByTestId('sales-orders'), search, pending.platformOrderId);
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
