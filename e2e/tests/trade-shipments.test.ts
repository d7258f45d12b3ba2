/**
 * Shipments through the UI (tenant demo, Chinese, the bundled simulator): an order made on the
 * simulator for demo's Lazada shop, pulled (orders API) and confirmed with stock, put in a shipment
 * on the shipment page with the channel the freight estimate picks (its fee shown), labelled,
 * packed and shipped after confirming; the marketplace sync turns to 已回传 and the simulator has
 * the tracking number (read back through the shop gateway: Lazada `/order/get` shows the order
 * ready to ship, `/order/package/get` the package with the tracking number); the tracking history
 * page shows the shipment's events.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiJson, DEMO_ADMIN, eventually, passwordToken } from '../support/app.ts';
import { demoLazadaShop, sevenDemoLazadaOrders } from '../support/marketplace-sim.ts';
import { labelPackAndShip, shipmentDialogWithOrder } from '../support/shipments.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

interface OrderRow {
  id: string;
  orderNo: string;
  platformOrderId: string;
  platformStatus: string | null;
  status: string;
}
interface Shipment {
  id: string;
  shipmentNo: string;
  trackingNo: string | null;
  status: string;
  platformSyncStatus: string | null;
  platformSyncError: string | null;
  estFee: string | null;
  channelId: string | null;
}

test('an order pulled from the marketplace is shipped with the estimate’s channel; the tracking reaches it', {
  timeout: 400_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const api = <T>(path: string, init: { method?: 'GET' | 'POST'; json?: unknown } = {}) =>
    apiJson<T>(app.server.url, path, { token, ...init });
  const shop = await demoLazadaShop(app.server.url, token);
  // two of the seven orders are "pending" (paid, to pack)
  const { orders } = await sevenDemoLazadaOrders(app.server);

  // pulled through the orders API (the orders page's own e2e drives the button)
  const pull = await api<{ jobId: string | null }>('/api/trade/orders/pull', {
    method: 'POST',
    json: { shopId: shop.id },
  });
  assert.equal(pull.status, 200, JSON.stringify(pull.body));
  const order = await eventually(async () => {
    const list = await api<{ items: OrderRow[] }>(`/api/trade/orders?shopId=${shop.id}&maxResultCount=200`);
    const mine = list.body.items.filter((o) => orders.includes(o.platformOrderId));
    const pending = mine.find((o) => o.platformStatus === 'pending');
    assert.ok(pending, `not pulled yet: ${JSON.stringify(mine)}`);
    return pending;
  }, 90_000);

  // stock for its lines, then confirmed (reserving it) unless the pull already did
  const detail = await api<{ lines: Array<{ variantId: string | null; quantity: number }>; status: string }>(
    `/api/trade/orders/${order.id}`,
  );
  const warehouses = await api<{ items: Array<{ id: string; isDefault: boolean }> }>('/api/trade/shipments/warehouses');
  const wh = warehouses.body.items.find((w) => w.isDefault) ?? warehouses.body.items[0]!;
  const given = await api('/api/trade/stock/adjustments', {
    method: 'POST',
    json: {
      warehouseId: wh.id,
      reason: 'e2e',
      lines: [...new Set(detail.body.lines.map((l) => l.variantId).filter(Boolean))].map((variantId) => ({
        variantId,
        quantity: 20,
      })),
    },
  });
  assert.equal(given.status, 200, JSON.stringify(given.body));
  if (detail.body.status !== 'Processing') {
    const confirmed = await api(`/api/trade/orders/${order.id}/confirm`, { method: 'POST', json: {} });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  }
  const estimate = await api<{
    pickedChannelId: string;
    options: Array<{ channelId: string; total: string; currency: string; channelCode: string }>;
  }>(`/api/trade/shipments/estimate?orderIds=${order.id}&warehouseId=${wh.id}`);
  assert.equal(estimate.status, 200, JSON.stringify(estimate.body));
  const picked = estimate.body.options.find((o) => o.channelId === estimate.body.pickedChannelId)!;

  let shipment: Shipment | undefined;
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/order/shipment' }, async (page) => {
    const dialog = await shipmentDialogWithOrder(page, order.orderNo);
    // the estimate's pick is preselected, with its fee
    const radio = dialog.getByTestId(`shipment-channel-${picked.channelCode}`);
    await eventually(async () => assert.equal(await radio.isChecked(), true), 20_000);
    await dialog.getByText(`${picked.total} ${picked.currency}`).first().waitFor();
    await page.getByTestId('shipment-create-submit').click();

    shipment = await eventually(async () => {
      const list = await api<{ items: Shipment[] }>(`/api/trade/shipments?orderId=${order.id}`);
      assert.equal(list.body.items.length, 1);
      return list.body.items[0]!;
    }, 20_000);
    assert.equal(shipment.channelId, picked.channelId);
    assert.equal(shipment.estFee, picked.total);
    const no = shipment.shipmentNo;
    await labelPackAndShip(page, dialog, no);
    // the marketplace sync ends sent (the page shows it after a refresh)
    await eventually(async () => {
      const s = await api<Shipment>(`/api/trade/shipments/${shipment!.id}`);
      assert.equal(s.body.platformSyncStatus, 'SENT', s.body.platformSyncError ?? '');
      shipment = s.body;
    }, 60_000);
    await page.reload();
    await page.getByTestId(`shipment-sync-${no}`).getByText('已回传').waitFor();

    // the tracking history shows its events
    await page.goto(`${app.server.url}/order/shipment-record`);
    const tracking = page
      .locator(
        'input[data-testid="shipment-records-filter-trackingNo"], [data-testid="shipment-records-filter-trackingNo"] input',
      )
      .first();
    await tracking.fill(shipment!.trackingNo!);
    await tracking.press('Enter');
    await page.getByText('运单号已回传平台').first().waitFor();
  });

  // the simulator has it: read back through the shop's own client (the shop gateway)
  const got = await api<{ ok: boolean; data: { statuses: string[] } }>('/api/sitekit/shop-gateway', {
    method: 'POST',
    json: { shopId: shop.id, api: '/order/get', params: { order_id: order.platformOrderId } },
  });
  assert.equal(got.status, 200, JSON.stringify(got.body));
  assert.deepEqual(got.body.data.statuses, ['ready_to_ship']);
  const pkg = await api<{ data: { packages: Array<{ tracking_number: string }> } }>('/api/sitekit/shop-gateway', {
    method: 'POST',
    json: { shopId: shop.id, api: '/order/package/get', params: { order_id: order.platformOrderId } },
  });
  assert.equal(pkg.body.data.packages.at(-1)?.tracking_number, shipment!.trackingNo);
});
