import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorKey } from '../../../core/secrets.ts';
import { simOrders } from '../../marketplace-simulator/schema.ts';
import { shopClient } from '../../marketplaces/index.ts';
import { connectShop } from '../../marketplaces/shops/testing.ts';
import { itemDraft } from '../../marketplaces/test-support.ts';
import { giveStock, pullOrders, stockOf, useTradeApp, variantsOf, warehousesOf } from '../test-support.ts';

/**
 * The pull of marketplace orders against the bundled simulator: orders made with its control API
 * for demo's Lazada shop, pulled by the durable job asked for over HTTP, their lines matched to
 * catalogue variants, paid ones confirmed with their stock reserved; a second pull makes no
 * duplicates; an order changed on the marketplace (cancelled) is cancelled here and releases
 * its reservation.
 */

const app = useTradeApp();
const url = '/api/trade/orders';
let shopId: string;
let sellerId: string;
let variant: { variantId: string; sku: string };
let warehouseId: string;

const control = async (path: string, body: object) =>
  app.t.app.inject({
    method: 'POST',
    url: `/marketplace-sim/control${path}`,
    headers: { 'x-sim-key': await simulatorKey(app.t.services.config) },
    payload: body,
  });

const draft = (sellerSku: string, categoryId: string) =>
  itemDraft(sellerSku, categoryId, { price: '20.00', quantity: 500 });

const reservedOf = async (variantId: string) => (await stockOf(app.t, variantId, warehouseId)).reserved;

const pull = () => pullOrders(app, shopId);

beforeAll(async () => {
  shopId = (await connectShop(app.t, 'demo', 'LAZADA', 'MY')).shopId;
  await app.t.app.inject({
    method: 'PUT',
    url: '/marketplace-sim/control/faults',
    headers: { 'x-sim-key': await simulatorKey(app.t.services.config) },
    payload: { platform: 'lazada', reviewDelayMs: 0 },
  });
  const access = await shopClient(app.t.services, app.t.demo, shopId);
  sellerId = access.shop.sellerId!;
  variant = (await variantsOf(app.t, app.t.demo, 12)).at(-1)!;
  warehouseId = (await warehousesOf(app.t, app.t.demo))[0]!.id;
  await giveStock(app.t, variant, warehouseId, 100);
  const leaf = (await access.client.categoryTree()).find((c) => c.leaf)!;
  await access.client.createItem(draft(variant.sku.toLowerCase(), leaf.id));
}, 120_000);

describe('pulling marketplace orders', () => {
  it('stores new orders once, matched to the catalogue, confirming the paid ones', async () => {
    const made = (await control('/orders', { platform: 'lazada', shopId: sellerId, count: 3 })).json()
      .orders as string[];
    expect(made).toHaveLength(3);
    const reservedBefore = await reservedOf(variant.variantId);
    const first = await pull();
    expect(first.created).toBe(3);
    expect(first.failed).toEqual([]);
    const list = (await app.get(app.demoAdmin, `${url}?shopId=${shopId}&maxResultCount=100`)).json();
    const ours = list.items.filter((i: { platformOrderId: string }) => made.includes(i.platformOrderId));
    expect(ours).toHaveLength(3);
    for (const o of ours) {
      expect(o).toMatchObject({
        platform: 'LAZADA',
        source: 'MARKETPLACE',
        currency: 'MYR',
        countryCode: 'MY',
        hasUnmatched: false,
      });
      expect(o.orderNo).toBe(`LZ${o.platformOrderId}`);
    }
    // the simulator's first three statuses: pending, pending, ready_to_ship, all paid → confirmed
    expect(ours.map((o: { status: string }) => o.status)).toEqual(['Processing', 'Processing', 'Processing']);
    const detail = (await app.get(app.demoAdmin, `${url}/${ours[0].id}`)).json();
    expect(detail.lines[0]).toMatchObject({ variantId: variant.variantId, sku: variant.sku, unitPrice: '20.00' });
    expect(detail.events.map((e: { event: string }) => e.event)).toEqual(['Pulled', 'Confirmed']);
    const quantity = async () => {
      let n = 0;
      for (const o of ours)
        n += (await app.get(app.demoAdmin, `${url}/${o.id}`))
          .json()
          .lines.reduce((s: number, l: { reservedQty: number }) => s + l.reservedQty, 0);
      return n;
    };
    expect(await reservedOf(variant.variantId)).toBe(reservedBefore + (await quantity()));

    const second = await pull();
    expect(second.created).toBe(0);
    const again = (await app.get(app.demoAdmin, `${url}?shopId=${shopId}&maxResultCount=100`)).json();
    expect(again.totalCount).toBe(list.totalCount);
  });

  it('takes over a cancellation on the marketplace, releasing the reservation', async () => {
    const [sn] = (await control('/orders', { platform: 'lazada', shopId: sellerId, count: 1 })).json()
      .orders as string[];
    await pull();
    const [o] = (await app.get(app.demoAdmin, `${url}?shopId=${shopId}&maxResultCount=100`))
      .json()
      .items.filter((i: { platformOrderId: string }) => i.platformOrderId === sn);
    expect(o).toBeTruthy();
    const before = await reservedOf(variant.variantId);
    const held = (await app.get(app.demoAdmin, `${url}/${o.id}`))
      .json()
      .lines.reduce((s: number, l: { reservedQty: number }) => s + l.reservedQty, 0);
    await app.t.services.data.unscoped((tx) =>
      tx
        .update(simOrders)
        .set({ status: 'canceled', updatedAt: sql`now() + interval '1 second'` })
        .where(and(eq(simOrders.platform, 'lazada'), eq(simOrders.orderSn, sn!))),
    );
    const result = await pull();
    expect(result.updated).toBeGreaterThanOrEqual(1);
    const after = (await app.get(app.demoAdmin, `${url}/${o.id}`)).json();
    expect(after).toMatchObject({ status: 'Cancel', platformStatus: 'canceled' });
    expect(after.lines.every((l: { reservedQty: number }) => l.reservedQty === 0)).toBe(true);
    expect(await reservedOf(variant.variantId)).toBe(before - held);
  });

  it('flags lines whose SKU is not in the catalogue', async () => {
    const access = await shopClient(app.t.services, app.t.demo, shopId);
    const leaf = (await access.client.categoryTree()).find((c) => c.leaf)!;
    // the simulator sells the shop's newest items first: this one only
    await access.client.createItem(draft('NOT-IN-CATALOGUE-9', leaf.id));
    await control('/orders', { platform: 'lazada', shopId: sellerId, count: 4 });
    await pull();
    const flagged = (
      await app.get(app.demoAdmin, `${url}?shopId=${shopId}&hasUnmatched=true&maxResultCount=100`)
    ).json();
    for (const o of flagged.items) expect(o.status).not.toBe('Processing');
    const counts = (await app.get(app.demoAdmin, `${url}/counts?shopId=${shopId}`)).json();
    expect(counts.total).toBeGreaterThanOrEqual(8);
  });
});
