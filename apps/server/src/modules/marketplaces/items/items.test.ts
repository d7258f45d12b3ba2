import { beforeAll, describe, expect, it } from 'vitest';
import { as, members, type TestApp } from '../../../../test/harness.ts';
import { useApiApp } from '../../permission-management/test-support.ts';
import { shopClient } from '../shops/queries.ts';
import { connectShop } from '../shops/testing.ts';
import { itemDraft } from '../test-support.ts';

/**
 * The marketplace item pages and logistics channels over HTTP against the bundled simulator: a
 * pull of the shop's items as a durable job, their link to the catalogue by seller SKU, pushing the
 * catalogue price and a stock, reading the status again; the shop's logistics channels pulled,
 * switched and linked to an own channel.
 */

const items = '/api/catalog/listing-items';
const app = useApiApp({ nobody: ['salesman'] });
let t: TestApp;
let admin: string;
let otherAdmin: string;
let nobody: string;
let shopId: string;
let otherShopId: string;
let product: { id: string; sku: string; price: number };
let linkedItemId: string;
let loneItemId: string;

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(t.app, who)({ method, url, payload });

const draft = (sellerSku: string, categoryId: string) =>
  itemDraft(sellerSku, categoryId, { price: '99.00', quantity: 3 });

beforeAll(async () => {
  ({ t, demoAdmin: admin, otherAdmin, nobody } = app);
  shopId = (await connectShop(t, 'demo', 'LAZADA', 'MY')).shopId;
  otherShopId = (await connectShop(t, 'other', 'LAZADA', 'MY')).shopId;
  const list = await call(admin, 'GET', '/api/catalog/products?maxResultCount=1&sorting=sku asc');
  product = list.json().items[0];
  const { client } = await shopClient(t.services, t.demo, shopId);
  const leaf = (await client.categoryTree()).find((c) => c.leaf)!;
  linkedItemId = (await client.createItem(draft(product.sku, leaf.id))).itemId;
  loneItemId = (await client.createItem(draft('NOT-IN-CATALOGUE-1', leaf.id))).itemId;
}, 120_000);

async function pulled() {
  const started = await call(admin, 'POST', `${items}/pull?shopId=${shopId}`);
  expect(started.statusCode).toBe(200);
  expect(started.json().status).toBe('queued');
  for (let i = 0; i < 60; i++) {
    const latest = (await call(admin, 'GET', `${items}/pulls/latest?shopId=${shopId}`)).json().pull;
    if (latest.status === 'completed' || latest.status === 'failed') return latest;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('pull did not end');
}

describe('marketplace items', () => {
  it('pulls the shop’s items in a job and links them to the catalogue by seller SKU', async () => {
    const pull = await pulled();
    expect(pull).toMatchObject({ status: 'completed', done: 2 });
    expect((await call(admin, 'GET', `${items}/pulls/${pull.id}`)).json().id).toBe(pull.id);
    const res = await call(admin, 'GET', `${items}?shopId=${shopId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { totalCount: number; items: Array<Record<string, unknown>> };
    expect(body.totalCount).toBe(2);
    const linked = body.items.find((i) => i.itemId === linkedItemId)!;
    expect(linked).toMatchObject({
      sellerSku: product.sku,
      productId: product.id,
      currency: 'MYR',
      price: '99.00',
      stock: 3,
    });
    expect(body.items.find((i) => i.itemId === loneItemId)).toMatchObject({ productId: null, productName: null });
    // the simulator reviews a new item after a while, so the two may be pulled in different states
    const status = linked.status as string;
    const ofStatus = body.items.filter((i) => i.status === status).length;
    expect(ofStatus).toBeGreaterThanOrEqual(1);
    expect((await call(admin, 'GET', `${items}?shopId=${shopId}&status=${status}`)).json().totalCount).toBe(ofStatus);
    expect((await call(admin, 'GET', `${items}?shopId=${shopId}&status=BANNED`)).json().totalCount).toBe(0);
    expect((await call(admin, 'GET', `${items}?shopId=${shopId}&filter=NOT-IN`)).json().totalCount).toBe(1);
    const counts = (await call(admin, 'GET', `${items}/counts?shopId=${shopId}`)).json();
    expect(counts).toMatchObject({ capped: false, counts: { [status]: ofStatus, BANNED: 0 } });
  });

  it("pushes the catalogue price and the rule's stock to chosen items; a SKU the catalogue lacks is a row error", async () => {
    // the linked SKU was listed with 3 units at the marketplace; the ledger never had any, so
    // the shop's rule gives 0 and the push sets 0 (a typed quantity is no longer taken)
    const res = await call(admin, 'POST', `${items}/push-price-stock`, {
      shopId,
      itemIds: [linkedItemId, loneItemId],
      stock: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as Array<{ itemId: string; ok: boolean; message: string | null }>;
    expect(rows.find((r) => r.itemId === linkedItemId)).toMatchObject({ ok: true });
    expect(rows.find((r) => r.itemId === loneItemId)).toMatchObject({ ok: false });
    expect(rows.find((r) => r.itemId === loneItemId)!.message).toContain('catalogue');

    const status = await call(admin, 'POST', `${items}/pull-status`, { shopId, itemIds: [linkedItemId] });
    expect(status.statusCode).toBe(200);
    const item = status.json().items[0];
    expect(item.stock).toBe(0);
    expect(Number(item.price)).toBe(Number(product.price));
  });

  it('refuses bad input naming the field', async () => {
    const none = await call(admin, 'POST', `${items}/push-price-stock`, { shopId, itemIds: [] });
    expect(none.statusCode).toBe(400);
    expect(members(none)).toEqual(['itemIds']);
    const unknown = await call(admin, 'POST', `${items}/push-price-stock`, { shopId, itemIds: ['no-such'] });
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown)).toEqual(['itemIds.0']);
    const noShop = await call(admin, 'GET', items);
    expect(noShop.statusCode).toBe(400);
    expect(members(noShop)).toEqual(['shopId']);
    const badStatus = await call(admin, 'GET', `${items}?shopId=${shopId}&status=SOLD`);
    expect(members(badStatus)).toEqual(['status']);
    expect(members(await call(admin, 'POST', `${items}/pull?shopId=x`))).toEqual(['shopId']);
    expect(members(await call(admin, 'POST', `${items}/pull-status`, { shopId, itemIds: ['no-such'] }))).toEqual([
      'itemIds.0',
    ]);
    expect(
      members(
        await call(admin, 'POST', `${items}/push-price-stock`, { shopId, itemIds: [linkedItemId], stock: 'yes' }),
      ),
    ).toEqual(['stock']);
    expect(members(await call(admin, 'GET', '/api/sitekit/shopes/x/logistics-channels'))).toEqual(['id']);
  });

  it('keeps tenants apart and asks for the permissions', async () => {
    expect((await call(admin, 'GET', `${items}?shopId=${otherShopId}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${items}/counts?shopId=${otherShopId}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${items}/export?shopId=${otherShopId}`)).statusCode).toBe(404);
    expect(members(await call(admin, 'GET', `${items}/counts`))).toEqual(['shopId']);
    expect((await call(admin, 'POST', `${items}/pull?shopId=${otherShopId}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${items}/pulls/latest?shopId=${otherShopId}`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'POST', `${items}/push-price-stock`, { shopId: otherShopId, itemIds: [linkedItemId] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(otherAdmin, 'POST', `${items}/pull-status`, { shopId, itemIds: [linkedItemId] })).statusCode,
    ).toBe(404);
    const latest = (await call(admin, 'GET', `${items}/pulls/latest?shopId=${shopId}`)).json().pull;
    expect((await call(otherAdmin, 'GET', `${items}/pulls/${latest.id}`)).statusCode).toBe(404);
    expect((await call(nobody, 'GET', `${items}?shopId=${shopId}`)).statusCode).toBe(403);
    expect((await call(nobody, 'POST', `${items}/pull?shopId=${shopId}`)).statusCode).toBe(403);
    expect(
      (await call(nobody, 'POST', `${items}/push-price-stock`, { shopId, itemIds: [linkedItemId] })).statusCode,
    ).toBe(403);
    expect((await call(nobody, 'POST', `${items}/pull-status`, { shopId, itemIds: [linkedItemId] })).statusCode).toBe(
      403,
    );
  });
});

describe('marketplace logistics channels', () => {
  const url = (id: string) => `/api/sitekit/shopes/${id}/logistics-channels`;

  it('pulls the shop’s channels, switches one off and links it to an own channel', async () => {
    expect((await call(admin, 'GET', url(shopId))).json().items).toEqual([]);
    const pulledRes = await call(admin, 'POST', `${url(shopId)}/pull`);
    expect(pulledRes.statusCode).toBe(200);
    const channels = pulledRes.json().items as Array<{ channelId: string; enabled: boolean; platformEnabled: boolean }>;
    expect(channels.length).toBeGreaterThan(0);
    expect(channels.every((c) => c.enabled === c.platformEnabled)).toBe(true);

    const own = (await call(admin, 'GET', '/api/sitekit/logistics-channel-options')).json().items as Array<{
      id: string;
      name: string;
    }>;
    expect(own.length).toBeGreaterThan(0);
    const channel = channels[0];
    const put = await call(admin, 'PUT', `${url(shopId)}/${channel.channelId}`, {
      enabled: false,
      logisticsChannelId: own[0].id,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      enabled: false,
      logisticsChannelId: own[0].id,
      logisticsChannelName: own[0].name,
    });

    // a second pull keeps the user's choices
    const again = (await call(admin, 'POST', `${url(shopId)}/pull`)).json().items as Array<{
      channelId: string;
      enabled: boolean;
      logisticsChannelId: string | null;
    }>;
    expect(again.find((c) => c.channelId === channel.channelId)).toMatchObject({
      enabled: false,
      logisticsChannelId: own[0].id,
    });
  });

  it('refuses an unknown own channel naming logisticsChannelId, an unknown channel with 404, other tenants and missing permissions', async () => {
    const channels = (await call(admin, 'GET', url(shopId))).json().items as Array<{ channelId: string }>;
    const channelId = channels[0].channelId;
    const bad = await call(admin, 'PUT', `${url(shopId)}/${channelId}`, {
      enabled: true,
      logisticsChannelId: '00000000-0000-4000-8000-000000000000',
    });
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toEqual(['logisticsChannelId']);
    const noFlag = await call(admin, 'PUT', `${url(shopId)}/${channelId}`, { logisticsChannelId: null });
    expect(members(noFlag)).toEqual(['enabled']);
    expect((await call(admin, 'PUT', `${url(shopId)}/nope`, { enabled: true })).statusCode).toBe(404);
    expect((await call(admin, 'GET', url(otherShopId))).statusCode).toBe(404);
    expect((await call(admin, 'POST', `${url(otherShopId)}/pull`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'PUT', `${url(shopId)}/${channelId}`, { enabled: true })).statusCode).toBe(404);
    expect((await call(nobody, 'GET', url(shopId))).statusCode).toBe(403);
    expect((await call(nobody, 'POST', `${url(shopId)}/pull`)).statusCode).toBe(403);
    expect((await call(nobody, 'PUT', `${url(shopId)}/${channelId}`, { enabled: true })).statusCode).toBe(403);
    expect((await call(nobody, 'GET', '/api/sitekit/logistics-channel-options')).statusCode).toBe(403);
  });
});
