import { blankStrategyRule } from '@seller/contracts/logistics';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, xlsxRows } from '../../../../test/harness.ts';
import type { CurrentTenant } from '../../../core/context.ts';
import { freightStrategies, rateRows } from '../schema.ts';
import { expectCrudGuarded, expectDeleted, expectOutOfReach, expectStampedUpdate } from '../test-support.ts';
import { band, type CarrierTest, carrier, carrierTest, channel, type Dto } from './test-support.ts';

const url = '/api/logistics/channels';

let c: CarrierTest;
let sf: Dto;
let ems: Dto;
let theirCarrier: Dto;
let zoneA: string;
let zoneB: string;

const codesOf = (res: { json(): { items: Dto[] } }) => res.json().items.map((r) => r.code);
const rateRowCount = (tenant: CurrentTenant, channelId: string) =>
  c.t.services.data.inTenant({ tenant }, async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(rateRows).where(eq(rateRows.channelId, channelId));
    return n;
  });

beforeAll(async () => {
  c = await carrierTest();
  sf = await c.create(c.demoAdmin, '/api/logistics/carriers', carrier('T-SF', { name: '顺丰' }));
  ems = await c.create(c.demoAdmin, '/api/logistics/carriers', carrier('T-EMS', { name: 'EMS', type: 'POST' }));
  theirCarrier = await c.create(c.otherAdmin, '/api/logistics/carriers', carrier('T-THEIRS'));
  zoneA = await c.zone(c.t.demo, 'T Zone A');
  zoneB = await c.zone(c.t.demo, 'T Zone B', ['MY']);
});
afterAll(async () => {
  await c?.t.close();
});

describe('channels', () => {
  it('are created with their carrier joined and decimals as text, read, updated and deleted', async () => {
    const row = await c.create(
      c.demoAdmin,
      url,
      channel(sf.id, 'T-SF-AIR', {
        fuelSurchargePct: 12.5,
        minimumCharge: '3',
        registrationFee: '8.50',
        volumeMode: 'LONGEST_SIDE',
        longestSideThreshold: 60.5,
        limits: {
          maxWeight: 30000,
          batteryAllowed: true,
          declaredValueMin: '0',
          declaredValueMax: '200.5',
          declaredValueCurrency: 'USD',
        },
        remark: ' 空运 ',
      }),
    );
    expect(row).toMatchObject({
      carrierId: sf.id,
      carrierCode: 'T-SF',
      carrierName: '顺丰',
      code: 'T-SF-AIR',
      mode: 'AIR',
      volumeMode: 'LONGEST_SIDE',
      volumeDivisor: 5000,
      longestSideThreshold: 60.5,
      fuelSurchargePct: '12.50',
      minimumCharge: '3.00',
      registrationFee: '8.50',
      limits: {
        minWeight: null,
        maxWeight: 30000,
        batteryAllowed: true,
        liquidAllowed: false,
        declaredValueMin: '0.00',
        declaredValueMax: '200.50',
        declaredValueCurrency: 'USD',
      },
      remark: '空运',
      isActive: true,
      rateCount: 0,
      zoneCount: 0,
    });
    const defaults = await c.create(c.demoAdmin, url, channel(sf.id, 'T-SF-STD'));
    expect(defaults).toMatchObject({
      volumeMode: 'MAX_ACTUAL_VOLUMETRIC',
      fuelSurchargePct: '0.00',
      minimumCharge: null,
      registrationFee: '0.00',
      limits: { maxWeight: null, declaredValueMin: null, declaredValueCurrency: null },
    });
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${row.id}`)).json()).toMatchObject({
      id: row.id,
      carrierName: '顺丰',
      fuelSurchargePct: '12.50',
    });

    const change = channel(ems.id, 'T-SF-AIR', { name: 'EMS 空运', mode: 'LAND', isActive: false });
    expect(await expectStampedUpdate(c, url, row, change)).toMatchObject({
      carrierId: ems.id,
      carrierCode: 'T-EMS',
      carrierName: 'EMS',
      name: 'EMS 空运',
      mode: 'LAND',
      isActive: false,
      longestSideThreshold: null,
    });

    for (const id of [row.id, defaults.id]) await expectDeleted(c, url, id);
  });

  it('are listed by carrier (?carrierId=) in the page, /all and the export', async () => {
    await c.create(c.demoAdmin, url, channel(sf.id, 'T-LIST-SF1'));
    await c.create(c.demoAdmin, url, channel(sf.id, 'T-LIST-SF2'));
    await c.create(c.demoAdmin, url, channel(ems.id, 'T-LIST-EMS'));
    const page = await c.call(c.demoAdmin, 'GET', `${url}?filter=T-LIST&carrierId=${sf.id}&sorting=code desc`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().totalCount).toBe(2);
    expect(codesOf(page)).toEqual(['T-LIST-SF2', 'T-LIST-SF1']);
    expect(codesOf(await c.call(c.demoAdmin, 'GET', `${url}?filter=T-LIST`))).toEqual([
      'T-LIST-EMS',
      'T-LIST-SF1',
      'T-LIST-SF2',
    ]);
    expect(codesOf(await c.call(c.demoAdmin, 'GET', `${url}/all?filter=T-LIST&carrierId=${ems.id}`))).toEqual([
      'T-LIST-EMS',
    ]);
    // another tenant's carrier filters to nothing
    expect(codesOf(await c.call(c.demoAdmin, 'GET', `${url}/all?carrierId=${theirCarrier.id}`))).toEqual([]);
    const bad = await c.call(c.demoAdmin, 'GET', `${url}?carrierId=sf`);
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toEqual(['carrierId']);

    const res = await c.call(
      c.demoAdmin,
      'GET',
      `${url}/export?filter=T-LIST&carrierId=${sf.id}`,
      undefined,
      'zh-Hans',
    );
    expect(res.statusCode).toBe(200);
    const rows = await xlsxRows(res.rawPayload, 6);
    expect(rows).toEqual([
      ['物流商', '渠道编码', '渠道名称', '运输方式', '时效(天)', '计泡方式'],
      ['顺丰', 'T-LIST-SF1', 'Channel T-LIST-SF1', '空运', '5-9', '实重与体积重取大'],
      ['顺丰', 'T-LIST-SF2', 'Channel T-LIST-SF2', '空运', '5-9', '实重与体积重取大'],
    ]);
  });

  it('count their rate rows and zones, and take their rate rows with them when deleted', async () => {
    const row = await c.create(c.demoAdmin, url, channel(sf.id, 'T-RATED'));
    const put = await c.call(c.demoAdmin, 'PUT', `${url}/${row.id}/rates`, {
      rows: [band(zoneA, 0, 500), band(zoneA, 500, 1000), band(zoneB, 0, 2000)],
    });
    expect(put.statusCode, put.body).toBe(200);
    const listed = (await c.call(c.demoAdmin, 'GET', `${url}?filter=T-RATED`)).json().items[0];
    expect(listed).toMatchObject({ rateCount: 3, zoneCount: 2 });
    expect(await rateRowCount(c.t.demo, row.id)).toBe(3);
    expect((await c.call(c.demoAdmin, 'DELETE', `${url}/${row.id}`)).statusCode).toBe(204);
    expect(await rateRowCount(c.t.demo, row.id)).toBe(0);
  });

  it('are not deleted while a freight strategy names them', async () => {
    const candidate = await c.create(c.demoAdmin, url, channel(sf.id, 'T-CANDIDATE'));
    const fallback = await c.create(c.demoAdmin, url, channel(sf.id, 'T-FALLBACK'));
    const rule = (channelIds: string[], fallbackChannelId: string | null) => ({
      ...blankStrategyRule(),
      name: 'rule',
      channelIds,
      fallbackChannelId,
    });
    await c.t.services.data.inTenant({ tenant: c.t.demo }, (tx) =>
      tx.insert(freightStrategies).values([
        { tenantId: c.t.demo.id, name: 'T 东南亚', rules: [rule([ems.id], null), rule([candidate.id], null)] },
        { tenantId: c.t.demo.id, name: 'T 兜底', rules: [rule([ems.id], fallback.id)] },
      ]),
    );
    const refused = await c.call(c.demoAdmin, 'DELETE', `${url}/${candidate.id}`, undefined, 'zh-Hans');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('运费策略“T 东南亚”正在使用该渠道:请先从策略中移除。');
    const asFallback = await c.call(c.demoAdmin, 'DELETE', `${url}/${fallback.id}`);
    expect(asFallback.statusCode).toBe(400);
    expect(asFallback.json().error.message).toContain('"T 兜底"');
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${candidate.id}`)).statusCode).toBe(200);
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${fallback.id}`)).statusCode).toBe(200);
  });

  it('answer 400 naming the field for bad input, another tenant’s carrier and a taken code', async () => {
    await c.create(c.demoAdmin, url, channel(sf.id, 'T-TAKEN'));
    const cases: [object, string[]][] = [
      [channel(theirCarrier.id, 'T-BAD'), ['carrierId']],
      [channel('00000000-0000-4000-8000-000000000000', 'T-BAD'), ['carrierId']],
      [channel(sf.id, 'T-TAKEN'), ['code']],
      [channel(sf.id, 'T-BAD', { transitDaysMin: 10, transitDaysMax: 3 }), ['transitDaysMax']],
      [channel(sf.id, 'T-BAD', { volumeMode: 'LONGEST_SIDE' }), ['longestSideThreshold']],
      [
        channel(sf.id, 'T-BAD', { fuelSurchargePct: '-1', registrationFee: '1.234', minimumCharge: 'abc' }),
        ['fuelSurchargePct', 'minimumCharge', 'registrationFee'],
      ],
      [channel(sf.id, 'T-BAD', { limits: { minWeight: 2000, maxWeight: 0 } }), ['limits.maxWeight']],
      [channel(sf.id, 'T-BAD', { limits: { minWeight: 2000, maxWeight: 1000 } }), ['limits.maxWeight']],
      [channel(sf.id, 'T-BAD', { limits: { declaredValueMax: '100' } }), ['limits.declaredValueCurrency']],
      [
        channel(sf.id, 't-bad', { mode: 'SPACE', currency: 'usd', volumeDivisor: 10 }),
        ['code', 'currency', 'mode', 'volumeDivisor'],
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await c.call(c.demoAdmin, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect([...new Set(members(res))].sort(), JSON.stringify(body)).toEqual(expected);
    }
    const threshold = await c.call(c.demoAdmin, 'POST', url, channel(sf.id, 'T-BAD', { volumeMode: 'LONGEST_SIDE' }));
    expect(threshold.json().error.validationErrors[0].message).toBe(
      'Enter the longest side above which the volumetric weight counts.',
    );
    const unknown = await c.call(c.demoAdmin, 'POST', url, channel(theirCarrier.id, 'T-BAD'), 'zh-Hans');
    expect(unknown.json().error.validationErrors[0].message).toBe('请选择本公司的物流商。');

    // an update cannot move a channel to another tenant's carrier either
    const mine = await c.create(c.demoAdmin, url, channel(sf.id, 'T-MOVE'));
    const moved = await c.call(c.demoAdmin, 'PUT', `${url}/${mine.id}`, channel(theirCarrier.id, 'T-MOVE'));
    expect(moved.statusCode).toBe(400);
    expect(members(moved)).toEqual(['carrierId']);
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${mine.id}`)).json().carrierId).toBe(sf.id);
    expect(codesOf(await c.call(c.demoAdmin, 'GET', `${url}/all?filter=T-BAD`))).toEqual([]);
  });

  it('answer 404 for another tenant’s channel and leave it unchanged', async () => {
    const theirs = await c.create(c.otherAdmin, url, channel(theirCarrier.id, 'T-THEIRS'));
    expect(theirs).toMatchObject({ carrierCode: 'T-THEIRS' });
    await expectOutOfReach(c, url, theirs, {
      change: channel(sf.id, 'T-MINE'),
      filter: 'T-THEIRS',
      expected: { code: 'T-THEIRS', carrierId: theirCarrier.id },
    });
  });

  it('need Logistics.Carriers to read and its children to write', async () => {
    const mine = await c.create(c.demoAdmin, url, channel(sf.id, 'T-PERM'));
    await expectCrudGuarded(c, url, mine.id, channel(sf.id, 'T-NOPE'));
    expect(codesOf(await c.call(c.demoAdmin, 'GET', `${url}/all?filter=T-NOPE`))).toEqual([]);
    expect((await c.call(c.demoAdmin, 'GET', `${url}/${mine.id}`)).json().concurrencyStamp).toBe(mine.concurrencyStamp);
  });
});
