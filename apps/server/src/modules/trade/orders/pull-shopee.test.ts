import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { simOrderLines, simOrders } from '../../marketplace-simulator/schema.ts';
import { shopClient } from '../../marketplaces/index.ts';
import { connectShop } from '../../marketplaces/shops/testing.ts';
import { giveStock, pullOrders, stockOf, useTradeApp, variantsOf, warehousesOf } from '../test-support.ts';

/**
 * The pull from a Shopee shop against the bundled simulator (`get_order_list` by update time, then
 * `get_order_detail`): orders written into the simulator's tables for demo's Shopee SG shop are
 * stored once, matched, the paid one confirmed with its stock reserved, the unpaid one left
 * Pending; a cancellation on Shopee cancels the order here and releases the reservation.
 */

const app = useTradeApp();
const url = '/api/trade/orders';
let shopId: string;
let simShop: string;
let variant: { variantId: string; sku: string };
let warehouseId: string;

const reservedOf = async () => (await stockOf(app.t, variant.variantId, warehouseId)).reserved;

const pull = () => pullOrders(app, shopId);

/** An order as Shopee would hold it: `order_sn` yymmdd + 8 characters, one line of the variant. */
async function shopeeOrder(sn: string, status: string, quantity: number) {
  await app.t.services.data.unscoped(async (tx) => {
    const [o] = await tx
      .insert(simOrders)
      .values({
        platform: 'shopee',
        shopId: simShop,
        orderSn: sn,
        status,
        currency: 'SGD',
        // a few seconds ago: the pull asks for orders updated up to the current second
        createdAt: sql`now() - interval '5 seconds'`,
        updatedAt: sql`now() - interval '5 seconds'`,
        total: (12.5 * quantity + 3).toFixed(2),
        shippingFee: '3.00',
        data: {
          buyer: { first_name: 'Wei Jie', last_name: 'Tan', phone: '6591234567' },
          address: { address1: '1 Orchard Road', city: 'Singapore', post_code: '238823' },
          payment_method: 'Online',
        },
      })
      .returning();
    await tx.insert(simOrderLines).values({
      orderId: o!.id,
      itemId: 1,
      skuId: 1,
      sellerSku: variant.sku,
      name: 'Shopee item',
      quantity,
      price: '12.50',
    });
  });
}

beforeAll(async () => {
  shopId = (await connectShop(app.t, 'demo', 'SHOPEE', 'SG')).shopId;
  simShop = (await shopClient(app.t.services, app.t.demo, shopId)).shop.sellerId!;
  variant = (await variantsOf(app.t, app.t.demo, 14)).at(-1)!;
  warehouseId = (await warehousesOf(app.t, app.t.demo))[0]!.id;
  await giveStock(app.t, variant, warehouseId, 50);
}, 120_000);

describe('pulling Shopee orders', () => {
  it('stores them once, matched; the paid one confirmed and reserved, the unpaid one Pending; a cancellation releases', async () => {
    await shopeeOrder('261124SHPTEST01', 'READY_TO_SHIP', 2);
    await shopeeOrder('261124SHPTEST02', 'UNPAID', 1);
    const before = await reservedOf();
    const first = await pull();
    expect(first.failed).toEqual([]);
    expect(first.created).toBeGreaterThanOrEqual(2);
    const list = (await app.get(app.demoAdmin, `${url}?shopId=${shopId}&maxResultCount=100`)).json();
    const bySn = new Map(list.items.map((i: { platformOrderId: string }) => [i.platformOrderId, i]));
    const paid = bySn.get('261124SHPTEST01') as { id: string; status: string; orderNo: string; total: string };
    const unpaid = bySn.get('261124SHPTEST02') as { status: string };
    expect(paid).toMatchObject({
      status: 'Processing',
      orderNo: 'SP261124SHPTEST01',
      currency: 'SGD',
      platform: 'SHOPEE',
    });
    expect(unpaid).toMatchObject({ status: 'Pending' });
    const detail = (await app.get(app.demoAdmin, `${url}/${paid.id}`)).json();
    expect(detail.lines[0]).toMatchObject({
      variantId: variant.variantId,
      quantity: 2,
      reservedQty: 2,
      unitPrice: '12.50',
    });
    expect(await reservedOf()).toBe(before + 2);

    const again = await pull();
    expect(again.created).toBe(0);
    expect((await app.get(app.demoAdmin, `${url}?shopId=${shopId}&maxResultCount=100`)).json().totalCount).toBe(
      list.totalCount,
    );

    await app.t.services.data.unscoped((tx) =>
      tx
        .update(simOrders)
        .set({ status: 'CANCELLED', updatedAt: sql`now() - interval '2 seconds'` })
        .where(and(eq(simOrders.platform, 'shopee'), eq(simOrders.orderSn, '261124SHPTEST01'))),
    );
    const third = await pull();
    expect(third.updated).toBeGreaterThanOrEqual(1);
    expect((await app.get(app.demoAdmin, `${url}/${paid.id}`)).json()).toMatchObject({
      status: 'Cancel',
      platformStatus: 'CANCELLED',
    });
    expect(await reservedOf()).toBe(before);
  });
});
