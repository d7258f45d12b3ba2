import type { GatherDetailDto, GatherListItem } from '@seller/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { useCatalogApp } from '../test-support.ts';

const api = useCatalogApp();
const base = '/api/catalog/gathers';

/** A product as the collector extension posts it. */
const product = (extra: object = {}) => ({
  sourceUrl: 'https://detail.1688.com/offer/777000111.html',
  title: '测试 采集商品 纯棉T恤',
  images: ['https://cbu01.alicdn.com/img/ibank/test-1.png'],
  currency: 'CNY',
  skus: [
    { options: { 颜色: '黑色', 尺码: 'M' }, price: '19.9', stock: 100, image: null },
    { options: { 颜色: '黑色', 尺码: 'L' }, price: 21.5, stock: 0 },
  ],
  attributes: [{ name: '材质', value: '棉' }],
  supplierName: '义乌市测试服饰有限公司',
  supplierShopUrl: 'https://shop-test.1688.com',
  ...extra,
});

/** Gathers made so far: each one after the first gets a URL of its own (a URL is gathered once). */
let gathered = 0;
async function gather(extra: object = {}, who = api.demoAdmin): Promise<GatherDetailDto> {
  const n = gathered++;
  const body = product(extra);
  const res = await api.post(who, base, { ...body, sourceUrl: n === 0 ? body.sourceUrl : `${body.sourceUrl}#${n}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('gathered products: create and read', () => {
  it('creates an item from the extension body: platform, item id and prices from what it sent', async () => {
    const g = await gather();
    expect(g).toMatchObject({
      sourcePlatform: '1688',
      sourceItemId: '777000111',
      priceMin: '19.90',
      priceMax: '21.50',
      currency: 'CNY',
      status: 'NEW',
      claimCount: 0,
      origin: 'extension',
      gathererName: 'admin',
      optionNames: ['颜色', '尺码'],
      mainImage: 'https://cbu01.alicdn.com/img/ibank/test-1.png',
    });
    expect(g.skus[1]).toEqual({
      sourceSkuId: null,
      options: { 颜色: '黑色', 尺码: 'L' },
      price: '21.50',
      stock: 0,
      image: null,
    });
    expect(g.logs).toMatchObject([{ action: 'Gathered', userName: 'admin' }]);

    const read = await api.get(api.demoAdmin, `${base}/${g.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: g.id, title: g.title, attributes: [{ name: '材质', value: '棉' }] });
  });

  it('keeps a price without SKUs, and says which member is wrong', async () => {
    const g = await gather({
      skus: [],
      priceMin: '8',
      priceMax: '12.345',
      sourceUrl: 'https://www.amazon.com/dp/B0TEST0001',
      currency: 'usd',
      origin: 'manual',
    });
    expect(g).toMatchObject({
      sourcePlatform: 'AMAZON',
      sourceItemId: 'B0TEST0001',
      priceMin: '8.00',
      priceMax: '12.345',
      currency: 'USD',
      origin: 'manual',
    });

    const cases: [object, string][] = [
      [{ title: '' }, 'title'],
      [{ sourceUrl: 'ftp://x.test/a' }, 'sourceUrl'],
      [{ skus: [], priceMin: null }, 'priceMin'],
      [{ skus: [], priceMin: '9', priceMax: '3' }, 'priceMax'],
      [{ skus: [], priceMin: '1.23456' }, 'priceMin'],
      [{ currency: 'RMB1' }, 'currency'],
      [
        {
          skus: [
            { options: { 颜色: '黑' }, price: '1' },
            { options: { 尺码: 'M' }, price: '1' },
          ],
        },
        'skus.1.options',
      ],
      [
        {
          skus: [
            { options: { 颜色: '黑' }, price: '1' },
            { options: { 颜色: '黑' }, price: '2' },
          ],
        },
        'skus.1.options',
      ],
      [{ skus: [{ options: { a: '1', b: '1', c: '1', d: '1' }, price: '1' }] }, 'skus.0.options'],
      [{ sourcePlatform: 'EBAY' }, 'sourcePlatform'],
      [{ images: ['javascript:alert(1)'] }, 'images.0'],
    ];
    for (const [extra, member] of cases) {
      const res = await api.post(api.demoAdmin, base, product(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(members(res)).toContain(member);
    }
  });

  it('lists with filters, keyword, sorting and paging, and counts per status', async () => {
    const a = await gather({ title: '过滤测试 A', sourceUrl: 'https://item.taobao.com/item.htm?id=5550001' });
    const b = await gather({
      title: '过滤测试 B',
      sourceUrl: 'https://www.aliexpress.com/item/1005000000001.html',
      currency: 'USD',
    });
    await api.put(api.demoAdmin, `${base}/${b.id}/set-status`, { status: 'IGNORED' });

    const list = async (qs: string) => {
      const res = await api.get(api.demoAdmin, `${base}?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { totalCount: number; items: GatherListItem[] };
    };
    const byKeyword = await list('filter=过滤测试&sorting=title asc');
    expect(byKeyword.items.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(byKeyword.totalCount).toBe(2);
    expect(byKeyword.items[0]).toMatchObject({ skuCount: 2, optionNames: ['颜色', '尺码'], sourcePlatform: 'TAOBAO' });
    expect(byKeyword.items[0]).not.toHaveProperty('skus');

    expect((await list('filter=过滤测试&platform=ALIEXPRESS')).items.map((i) => i.id)).toEqual([b.id]);
    expect((await list('filter=过滤测试&status=IGNORED')).items.map((i) => i.id)).toEqual([b.id]);
    expect((await list('filter=5550001')).items.map((i) => i.id)).toEqual([a.id]);
    const page = await list('filter=过滤测试&maxResultCount=1&skipCount=1&sorting=title asc');
    expect(page).toMatchObject({ totalCount: 2, items: [{ id: b.id }] });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(`filter=过滤测试&gatheredFrom=${future}`)).totalCount).toBe(0);
    expect((await list(`filter=过滤测试&gatheredTo=${future}`)).totalCount).toBe(2);

    const gatherers = (await api.get(api.demoAdmin, `${base}/gatherers`)).json();
    const adminId = gatherers.items.find((g: { name: string }) => g.name === 'admin').id;
    expect((await list(`filter=过滤测试&gathererId=${adminId}`)).totalCount).toBe(2);

    const counts = await api.get(api.demoAdmin, `${base}/counts?filter=过滤测试&status=NEW`);
    expect(counts.json()).toEqual({ total: 2, capped: false, counts: { NEW: 1, CLAIMED: 0, IGNORED: 1 } });
    // the page with the list's columns, as the filters choose it
    const sheet = await api.get(api.demoAdmin, `${base}/export?filter=过滤测试&sorting=title asc`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');

    for (const qs of [
      'sorting=password desc',
      'status=DONE',
      'platform=EBAY',
      'gathererId=nope',
      'gatheredFrom=yesterday',
    ]) {
      const res = await api.get(api.demoAdmin, `${base}?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(members(res)).toContain(qs.split('=')[0]);
    }
  });
});

describe('gathered products: a URL is gathered once', () => {
  it('refuses a second item of a URL the tenant has (409 naming the item); another tenant may gather it', async () => {
    const first = await gather({ sourceUrl: 'https://detail.1688.com/offer/888000222.html' });
    const again = await api.post(api.demoAdmin, base, product({ sourceUrl: first.sourceUrl, title: '再次采集' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'Catalog::Gather:AlreadyGathered',
      message: 'This URL has been gathered already: open the gathered item instead.',
      data: { gatherId: first.id },
    });
    const list = await api.get(api.demoAdmin, `${base}?filter=888000222`);
    expect(list.json().totalCount).toBe(1);
    const other = await api.post(api.otherAdmin, base, product({ sourceUrl: first.sourceUrl }));
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('gathered products: status, log, delete', () => {
  it('marks claimed, ignores, restores and notes, each in the log', async () => {
    const g = await gather();
    const claimed = await api.put(api.demoAdmin, `${base}/${g.id}/set-as-claimed`, { text: '已人工处理' });
    expect(claimed.json()).toMatchObject({
      status: 'CLAIMED',
      logs: [{ action: 'MarkedClaimed', text: '已人工处理' }, { action: 'Gathered' }],
    });
    expect((await api.put(api.demoAdmin, `${base}/${g.id}/set-as-claimed`, {})).statusCode).toBe(200);

    const ignored = await api.put(api.demoAdmin, `${base}/${g.id}/set-status`, { status: 'IGNORED' });
    expect(ignored.json()).toMatchObject({ status: 'IGNORED' });
    expect(ignored.json().logs[0]).toMatchObject({ action: 'Ignored' });
    const back = await api.put(api.demoAdmin, `${base}/${g.id}/set-status`, { status: 'NEW', text: '重新处理' });
    expect(back.json()).toMatchObject({ status: 'NEW' });
    expect(back.json().logs[0]).toMatchObject({ action: 'Restored', text: '重新处理' });

    const note = await api.put(api.demoAdmin, `${base}/${g.id}/add-log`, { text: '  供应商已询价  ' });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({ action: 'Note', text: '供应商已询价', userName: 'admin' });
    const detail = (await api.get(api.demoAdmin, `${base}/${g.id}`)).json() as GatherDetailDto;
    expect(detail.logs.map((l) => l.action)).toEqual([
      'Note',
      'Restored',
      'Ignored',
      'MarkedClaimed',
      'MarkedClaimed',
      'Gathered',
    ]);

    const bad: [string, object, string][] = [
      ['add-log', { text: ' ' }, 'text'],
      ['add-log', {}, 'text'],
      ['set-status', { status: 'CLAIMED' }, 'status'],
    ];
    for (const [action, body, member] of bad) {
      const res = await api.put(api.demoAdmin, `${base}/${g.id}/${action}`, body);
      expect(res.statusCode).toBe(400);
      expect(members(res)).toContain(member);
    }
  });

  it('deletes one and many, with a row per id', async () => {
    const a = await gather();
    const b = await gather();
    expect((await api.del(api.demoAdmin, `${base}/${a.id}`)).statusCode).toBe(204);
    expect((await api.get(api.demoAdmin, `${base}/${a.id}`)).statusCode).toBe(404);

    const missing = '00000000-0000-4000-8000-000000000001';
    const res = await api.post(api.demoAdmin, `${base}/bulk-delete`, { ids: [b.id, missing, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      succeeded: 1,
      failed: 1,
      items: [
        { id: b.id, ok: true, error: null },
        { id: missing, ok: false },
      ],
    });
    // the row says only that the item is not there (no table name or id)
    expect(res.json().items[1].error).toBe('This record does not exist, or you have no access to it.');

    for (const body of [{ ids: [] }, { ids: ['x'] }, { ids: Array.from({ length: 101 }, () => missing) }, {}]) {
      const bad = await api.post(api.demoAdmin, `${base}/bulk-delete`, body);
      expect(bad.statusCode).toBe(400);
      expect(members(bad).some((m) => m.startsWith('ids'))).toBe(true);
    }
  });
});

describe('gathered products: permissions and tenants', () => {
  it('refuses callers without the permission (403) and without a token (401)', async () => {
    const g = await gather();
    const id = g.id;
    const calls: [keyof typeof api & ('get' | 'post' | 'put' | 'del'), string, object?][] = [
      ['get', base],
      ['get', `${base}/counts`],
      ['get', `${base}/gatherers`],
      ['get', `${base}/${id}`],
      ['post', base, product()],
      ['del', `${base}/${id}`],
      ['put', `${base}/${id}/set-as-claimed`, {}],
      ['put', `${base}/${id}/set-status`, { status: 'IGNORED' }],
      ['put', `${base}/${id}/add-log`, { text: 'x' }],
      ['post', `${base}/bulk-delete`, { ids: [id] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await api[method](api.nobody, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api[method]('', url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await api.get(api.demoAdmin, `${base}/${id}`)).json().status).toBe('NEW');
  });

  it("never shows or touches another tenant's items (404)", async () => {
    const g = await gather();
    const other = api.otherAdmin;
    const read = await api.get(other, `${base}/${g.id}`);
    expect(read.statusCode).toBe(404);
    // the answer names neither the table nor the id, in the reader's language
    expect(read.json().error.message).toBe('This record does not exist, or you have no access to it.');
    const zh = await api.t.app.inject({
      url: `${base}/${g.id}`,
      headers: { authorization: `Bearer ${other}`, 'accept-language': 'zh-Hans' },
    });
    expect(zh.json().error.message).toBe('该记录不存在,或您无权查看。');
    expect((await api.del(other, `${base}/${g.id}`)).statusCode).toBe(404);
    expect((await api.put(other, `${base}/${g.id}/set-as-claimed`, {})).statusCode).toBe(404);
    expect((await api.put(other, `${base}/${g.id}/set-status`, { status: 'IGNORED' })).statusCode).toBe(404);
    expect((await api.put(other, `${base}/${g.id}/add-log`, { text: 'x' })).statusCode).toBe(404);
    const bulk = await api.post(other, `${base}/bulk-delete`, { ids: [g.id] });
    expect(bulk.json()).toMatchObject({ succeeded: 0, failed: 1 });
    const list = await api.get(other, base);
    expect(list.json().items.some((i: { id: string }) => i.id === g.id)).toBe(false);
    const mine = (await api.get(api.demoAdmin, `${base}/${g.id}`)).json() as GatherDetailDto;
    expect(mine).toMatchObject({ status: 'NEW', logs: [{ action: 'Gathered' }] });
  });
});

describe('gathered products: source images through the fetcher', () => {
  const image = (url: string, who = api.demoAdmin) => api.get(who, `${base}/image?url=${encodeURIComponent(url)}`);

  it('serves a source image the fetcher has, typed by its bytes, and 404 for one it has not', async () => {
    const ok = await image('https://cbu01.alicdn.com/img/ibank/1688-610000000001-1.png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const missing = await image('https://cbu01.alicdn.com/img/ibank/no-such-image.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toContain('no-such-image.png');
  });

  it('refuses a URL that is not http(s) naming it, and callers without the permission', async () => {
    for (const url of ['file:///etc/passwd', 'not a url', `https://x.example/${'a'.repeat(1000)}`]) {
      const res = await image(url);
      expect(res.statusCode, url).toBe(400);
      expect(members(res)).toContain('url');
    }
    expect((await image('https://cbu01.alicdn.com/img/ibank/1688-610000000001-1.png', api.nobody)).statusCode).toBe(
      403,
    );
  });
});
