/**
 * The bundled marketplace simulator, driven as the trade journeys need it: its control API (what a
 * developer scripts the fake marketplace with) and the demo tenant's Lazada shop on it.
 */
import assert from 'node:assert/strict';
import { apiJson, eventually } from './app.ts';
import type { RunningServer } from './server.ts';

export type SimulatorControl = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls `/marketplace-sim/control<path>` with the simulator's key; a reply other than 200 fails. */
export function simulatorControl(server: RunningServer): SimulatorControl {
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/marketplace-sim/control${path}`, {
      method,
      headers: {
        'x-sim-key': server.simulatorKey(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    assert.equal(res.status, 200, JSON.stringify(json));
    return json;
  };
}

export interface TradeShop {
  id: string;
  platform: string;
  authorized: boolean;
  name: string;
}

/** demo's Lazada shop in the orders API, once the seed has authorized it. */
export async function demoLazadaShop(baseUrl: string, token: string): Promise<TradeShop> {
  return eventually(async () => {
    const all = await apiJson<{ items: TradeShop[] }>(baseUrl, '/api/trade/orders/shops', { token });
    const lz = all.body.items.find((s) => s.platform === 'LAZADA' && s.authorized);
    assert.ok(lz, `no authorized Lazada shop yet: ${JSON.stringify(all.body)}`);
    return lz;
  }, 90_000);
}

/**
 * Seven new orders on the simulator for demo's Lazada seller, made once its items are live (the
 * simulator's statuses cycle through seven: one unpaid, two "pending", …). Returns the seller's id
 * on the simulator and the orders' platform ids.
 */
export async function sevenDemoLazadaOrders(server: RunningServer): Promise<{ sellerId: string; orders: string[] }> {
  const control = simulatorControl(server);
  const { shopId: sellerId } = await control<{ shopId: string }>('POST', '/authorize', {
    platform: 'lazada',
    account: 'demo-my',
  });
  // items go live at once instead of after the simulated review
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
  const { orders } = await control<{ orders: string[] }>('POST', '/orders', {
    platform: 'lazada',
    shopId: sellerId,
    count: 7,
  });
  assert.equal(orders.length, 7);
  return { sellerId, orders };
}
