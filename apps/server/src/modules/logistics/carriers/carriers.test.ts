import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, xlsxRows } from '../../../../test/harness.ts';
import { expectCrudGuarded, expectDeleted, expectOutOfReach, expectStampedUpdate } from '../test-support.ts';
import { type CarrierTest, carrier, carrierTest, channel, type Dto } from './test-support.ts';

const url = '/api/logistics/carriers';

let c: CarrierTest;
const codes = async (who: string, filter = 'T-') =>
  ((await c.call(who, 'GET', `${url}/all?filter=${filter}`)).json().items as Dto[]).map((r) => r.code);

beforeAll(async () => {
  c = await carrierTest();
});
afterAll(async () => {
  await c?.t.close();
});

describe('carriers', () => {
  it('are created, read, listed, updated (stamp checked) and deleted', async () => {
    const row = await c.create(c.demoAdmin, url, carrier('T-SF', { name: ' 顺丰测试 ', isActive: false }));
    expect(row).toMatchObject({ code: 'T-SF', name: '顺丰测试', type: 'EXPRESS', isActive: false, channelCount: 0 });
    expect(row.creatorId).toBeTruthy();
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${row.id}`)).json()).toMatchObject({ id: row.id, code: 'T-SF' });
    const page = await c.call(c.demoAdmin, 'GET', `${url}?filter=丰测&sorting=name desc&maxResultCount=5`);
    expect(page.json()).toMatchObject({ totalCount: 1, items: [{ id: row.id, channelCount: 0 }] });

    const change = carrier('T-SF', { name: 'SF International', type: 'DEDICATED_LINE' });
    expect(await expectStampedUpdate(c, url, row, change)).toMatchObject({
      name: 'SF International',
      type: 'DEDICATED_LINE',
      isActive: true,
    });
    await expectDeleted(c, url, row.id);
  });

  it('count their channels and are not deleted while they have any', async () => {
    const a = await c.create(c.demoAdmin, url, carrier('T-CNT-A'));
    const b = await c.create(c.demoAdmin, url, carrier('T-CNT-B'));
    const ch1 = await c.create(c.demoAdmin, '/api/logistics/channels', channel(a.id, 'T-CNT-1'));
    await c.create(c.demoAdmin, '/api/logistics/channels', channel(a.id, 'T-CNT-2'));
    const page = (await c.call(c.demoAdmin, 'GET', `${url}?filter=T-CNT`)).json().items as Dto[];
    expect(page.map((r) => [r.code, r.channelCount])).toEqual([
      ['T-CNT-A', 2],
      ['T-CNT-B', 0],
    ]);

    const refused = await c.call(c.demoAdmin, 'DELETE', `${url}/${a.id}`, undefined, 'zh-Hans');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('该物流商还有 2 个渠道:请先删除这些渠道。');
    const inEnglish = await c.call(c.demoAdmin, 'DELETE', `${url}/${a.id}`);
    expect(inEnglish.json().error.message).toContain('still has 2 channel');
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${a.id}`)).json().channelCount).toBe(2);

    // channels can be moved to another carrier; the counts follow
    const moved = await c.call(c.demoAdmin, 'PUT', `/api/logistics/channels/${ch1.id}`, channel(b.id, 'T-CNT-1'));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${b.id}`)).json().channelCount).toBe(1);
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${a.id}`)).json().channelCount).toBe(1);
  });

  it('answer 400 naming the field for a taken code and bad input; codes are per tenant', async () => {
    await c.create(c.demoAdmin, url, carrier('T-DHL'));
    const taken = await c.call(c.demoAdmin, 'POST', url, carrier('t-dhl'.toUpperCase()), 'zh-Hans');
    expect(taken.statusCode).toBe(400);
    expect(members(taken)).toEqual(['code']);
    expect(taken.json().error.validationErrors[0].message).toContain('已存在');

    const bad = await c.call(c.demoAdmin, 'POST', url, { code: 't dhl', name: '', type: 'COURIER', isActive: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['code', 'isActive', 'name', 'type']);
    expect(await codes(c.demoAdmin, 'DHL')).toEqual(['T-DHL']);

    // the same code in another tenant is another carrier
    const theirs = await c.create(c.otherAdmin, url, carrier('T-DHL'));
    expect(theirs.code).toBe('T-DHL');
    expect(await codes(c.otherAdmin)).toEqual(['T-DHL']);
  });

  it('answer 404 for another tenant’s carrier and leave it unchanged', async () => {
    const theirs = await c.create(c.otherAdmin, url, carrier('T-THEIRS'));
    await expectOutOfReach(c, url, theirs, {
      change: carrier('T-MINE'),
      filter: 'T-THEIRS',
      expected: { code: 'T-THEIRS' },
    });
  });

  it('need Logistics.Carriers to read and its children to write', async () => {
    const mine = await c.create(c.demoAdmin, url, carrier('T-PERM'));
    await expectCrudGuarded(c, url, mine.id, carrier('T-NOPE'));
    expect(await codes(c.demoAdmin, 'T-NOPE')).toEqual([]);
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${mine.id}`)).json().concurrencyStamp).toBe(mine.concurrencyStamp);
  });

  it('export the filtered list as a spreadsheet with localized headers and types', async () => {
    await c.create(c.demoAdmin, url, carrier('T-EXP-1', { name: '中国邮政', type: 'POST' }));
    await c.create(c.demoAdmin, url, carrier('T-EXP-2', { name: 'J&T', type: 'THIRD_PARTY', isActive: false }));
    const read = async (culture: string) => {
      const res = await c.call(c.demoAdmin, 'GET', `${url}/export?filter=T-EXP&sorting=code desc`, undefined, culture);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      return xlsxRows(res.rawPayload, 5);
    };
    expect(await read('zh-Hans')).toEqual([
      ['物流商编码', '物流商名称', '物流商类型', '渠道数', '状态'],
      ['T-EXP-2', 'J&T', '第三方物流', 0, '停用'],
      ['T-EXP-1', '中国邮政', '邮政', 0, '启用'],
    ]);
    expect((await read('en'))[0]).toEqual(['Carrier code', 'Carrier name', 'Carrier type', 'Channels', 'Status']);
  });
});
