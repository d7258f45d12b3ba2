import type { GatherBatchDto, GatherDetailDto } from '@seller/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { members } from '../../../../test/harness.ts';
import { useCatalogApp } from '../test-support.ts';

const api = useCatalogApp();
const base = '/api/catalog/gathers';

/** Polls the batch until its job has finished (the job runs in the test app's worker). */
async function finished(id: string, who = api.demoAdmin): Promise<GatherBatchDto> {
  for (let i = 0; i < 300; i++) {
    const res = await api.get(who, `${base}/batches/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json() as GatherBatchDto;
    if (batch.status === 'Completed') return batch;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the batch did not finish');
}

describe('gathering by URLs', () => {
  it('gathers each URL in the background: a product per page found, a row error per page not found', async () => {
    const urls = [
      'https://detail.1688.com/offer/610000000003.html',
      'https://item.taobao.com/item.htm?id=680000000002',
      '  https://www.aliexpress.com/item/1005006000000003.html ',
      'https://www.amazon.com/dp/B0SAMPLE04',
      'https://detail.1688.com/offer/123.html',
      'https://example.com/shop/p/1',
      'https://detail.1688.com/offer/610000000003.html',
    ];
    // the demo has gathered the sample pages already: those items go first
    for (const url of urls) {
      const seeded = await api.get(api.demoAdmin, `${base}?Filter=${encodeURIComponent(url.trim())}`);
      for (const { id } of seeded.json().items)
        expect((await api.del(api.demoAdmin, `${base}/${id}`)).statusCode).toBe(204);
    }
    const res = await api.post(api.demoAdmin, `${base}/by-urls`, { urls: [...urls, ''] });
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json() as GatherBatchDto;
    expect(queued.total).toBe(6);

    const batch = await finished(queued.id);
    expect(batch).toMatchObject({ succeeded: 4, failed: 2 });
    expect(batch.completionTime).not.toBeNull();
    expect(batch.rows.map((r) => r.status)).toEqual([
      'Succeeded',
      'Succeeded',
      'Succeeded',
      'Succeeded',
      'Failed',
      'Failed',
    ]);
    expect(batch.rows[4]).toMatchObject({
      gatherId: null,
      error: 'Page not found: https://detail.1688.com/offer/123.html',
    });

    const first = (await api.get(api.demoAdmin, `${base}/${batch.rows[0].gatherId}`)).json() as GatherDetailDto;
    expect(first).toMatchObject({
      sourcePlatform: '1688',
      sourceItemId: '610000000003',
      title: '不锈钢保温杯 500ml 商务真空水杯 定制logo',
      origin: 'url',
      gathererName: 'admin',
      status: 'NEW',
      optionNames: ['颜色', '容量'],
      logs: [{ action: 'Gathered', userName: 'admin' }],
    });
    expect(first.skus).toHaveLength(6);
    const amazon = (await api.get(api.demoAdmin, `${base}/${batch.rows[3].gatherId}`)).json() as GatherDetailDto;
    expect(amazon).toMatchObject({ sourcePlatform: 'AMAZON', currency: 'USD', supplierName: 'ZenFlow' });

    // the list of the user's batches, newest first; errors in the reader's language
    const mine = await api.get(api.demoAdmin, `${base}/batches`, undefined);
    expect(mine.json().items[0].id).toBe(batch.id);
    const zh = await api.t.app.inject({
      method: 'GET',
      url: `${base}/batches/${batch.id}`,
      headers: { authorization: `Bearer ${api.demoAdmin}`, 'accept-language': 'zh-Hans' },
    });
    expect(zh.json().rows[5].error).toBe('页面不存在：https://example.com/shop/p/1');

    // the same URLs again: no second item; each row names the item gathered before
    const again = await finished(
      (await api.post(api.demoAdmin, `${base}/by-urls`, { urls: [urls[0], urls[3]] })).json().id,
    );
    expect(again).toMatchObject({ succeeded: 0, failed: 2 });
    expect(again.rows.map((r) => [r.gatherId, r.error])).toEqual([
      [batch.rows[0].gatherId, 'This URL has been gathered already: open the gathered item instead.'],
      [batch.rows[3].gatherId, 'This URL has been gathered already: open the gathered item instead.'],
    ]);
  });

  it('refuses bad input naming the member, callers without the permission, and other tenants', async () => {
    const cases: [object, string][] = [
      [{ urls: [] }, 'urls'],
      [{ urls: ['  '] }, 'urls'],
      [{ urls: ['not a url'] }, 'urls.0'],
      [{ urls: Array.from({ length: 51 }, (_, i) => `https://item.taobao.com/item.htm?id=${i}`) }, 'urls'],
      [{}, 'urls'],
    ];
    for (const [body, member] of cases) {
      const res = await api.post(api.demoAdmin, `${base}/by-urls`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(members(res)).toContain(member);
    }
    const urls = ['https://www.amazon.com/dp/B0SAMPLE05'];
    expect((await api.post(api.nobody, `${base}/by-urls`, { urls })).statusCode).toBe(403);
    expect((await api.get(api.nobody, `${base}/batches`)).statusCode).toBe(403);

    const mine = (await api.post(api.demoAdmin, `${base}/by-urls`, { urls })).json() as GatherBatchDto;
    await finished(mine.id);
    expect((await api.get(api.nobody, `${base}/batches/${mine.id}`)).statusCode).toBe(403);
    expect((await api.get(api.otherAdmin, `${base}/batches/${mine.id}`)).statusCode).toBe(404);
    expect((await api.get(api.otherAdmin, `${base}/batches`)).json().items).toEqual([]);
  });
});
