import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, members, type TestApp, xlsxRows } from '../../../../test/harness.ts';
import type { CurrentTenant } from '../../../core/context.ts';
import { freightStrategies, rateRows } from '../schema.ts';
import {
  expectCrudGuarded,
  expectDeleted,
  expectOutOfReach,
  expectStampedUpdate,
  insertChannels,
  logisticsUsers,
  resourceCalls,
} from '../test-support.ts';
import { matchingZones, matchZones, type ZoneForMatching } from './service.ts';

const url = '/api/logistics/zones';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;

type Row = {
  id: string;
  name: string;
  countries: string[];
  postalRules: { countryCode: string; kind: string; inclusion: string; from: string; to: string | null }[];
  channelCount: number;
  concurrencyStamp: string;
  [k: string]: unknown;
};

const { call, create } = resourceCalls<Row>(() => t, url);
const names = async (who: string, filter = 'QZ-') =>
  ((await call(who, 'GET', `${url}/all?filter=${filter}`)).json().items as Row[]).map((z) => z.name);
const zone = (name: string, extra: object = {}) => ({ name, countries: ['MY', 'SG'], ...extra });
const rule = (countryCode: string, kind: string, inclusion: string, from: string, to: string | null = null) => ({
  countryCode,
  kind,
  inclusion,
  from,
  to,
});

const insertRate = (tenant: CurrentTenant, channelId: string, zoneId: string, weightFrom: number, weightTo: number) =>
  t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .insert(rateRows)
      .values({ tenantId: tenant.id, channelId, zoneId, weightFrom, weightTo, feeMode: 'FLAT', flatFee: '10' }),
  );

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody, reader } = await logisticsUsers('Logistics.Zones'));
});
afterAll(async () => {
  await t?.close();
});

describe('zones', () => {
  it('are created, read, listed, updated (stamp checked) and deleted', async () => {
    const row = await create(
      demoAdmin,
      zone(' QZ-West Malaysia ', {
        countries: ['MY', 'SG', 'MY'],
        postalRules: [rule('MY', 'RANGE', 'INCLUDE', '40000', '49 999'), rule('MY', 'PREFIX', 'EXCLUDE', 'ab-1')],
        description: ' Klang valley ',
      }),
    );
    expect(row).toMatchObject({
      name: 'QZ-West Malaysia',
      countries: ['MY', 'SG'],
      postalRules: [rule('MY', 'RANGE', 'INCLUDE', '40000', '49999'), rule('MY', 'PREFIX', 'EXCLUDE', 'AB1')],
      description: 'Klang valley',
      channelCount: 0,
    });
    expect(row.creatorId).toBeTruthy();
    expect((await call(demoAdmin, 'GET', `${url}/${row.id}`)).json()).toMatchObject({
      id: row.id,
      countries: ['MY', 'SG'],
    });
    const page = await call(demoAdmin, 'GET', `${url}?filter=klang&sorting=name desc&maxResultCount=5`);
    expect(page.json()).toMatchObject({ totalCount: 1, items: [{ id: row.id }] });

    const change = zone('QZ-Peninsular', { countries: ['MY'], postalRules: [] });
    expect(await expectStampedUpdate({ t, demoAdmin }, url, row, change)).toMatchObject({
      name: 'QZ-Peninsular',
      countries: ['MY'],
      postalRules: [],
      description: null,
    });
    await expectDeleted({ t, demoAdmin }, url, row.id);
    expect(await names(demoAdmin)).toEqual([]);
  });

  it('have a name unique within the tenant, whatever its case', async () => {
    const first = await create(demoAdmin, zone('QZ-Unique'));
    const taken = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'POST', url, payload: zone('qz-unique') });
    expect(taken.statusCode).toBe(400);
    expect(members(taken)).toEqual(['name']);
    expect(taken.json().error.validationErrors[0].message).toContain('已存在');
    const second = await create(demoAdmin, zone('QZ-Other'));
    const renamed = await call(demoAdmin, 'PUT', `${url}/${second.id}`, zone('QZ-UNIQUE'));
    expect(members(renamed)).toEqual(['name']);
    // another tenant may use the name
    const theirs = await create(otherAdmin, zone('QZ-Unique'));
    for (const id of [first.id, second.id])
      expect((await call(demoAdmin, 'DELETE', `${url}/${id}`)).statusCode).toBe(204);
    expect((await call(otherAdmin, 'DELETE', `${url}/${theirs.id}`)).statusCode).toBe(204);
  });

  it('answer 400 naming the field for unknown countries and bad postal rules, writing nothing', async () => {
    const unknown = await call(
      demoAdmin,
      'POST',
      url,
      zone('QZ-Bad', { countries: ['MY', 'XX', 'QQ'], postalRules: [rule('QQ', 'PREFIX', 'INCLUDE', '1')] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown)).toEqual(['countries.1', 'countries.2', 'postalRules.0.countryCode']);
    expect(unknown.json().error.validationErrors[0].message).toContain('Unknown country code');

    const cases: [object, string[]][] = [
      [{ countries: [] }, ['countries']],
      [{ countries: ['my', 'MYS'] }, ['countries.0', 'countries.1']],
      [{ postalRules: [rule('MY', 'RANGE', 'INCLUDE', '50000', '40000')] }, ['postalRules.0.to']],
      [{ postalRules: [rule('MY', 'RANGE', 'INCLUDE', '50000')] }, ['postalRules.0.to']],
      [{ postalRules: [rule('TH', 'PREFIX', 'INCLUDE', '10')] }, ['postalRules.0.countryCode']],
      [{ postalRules: [rule('MY', 'PREFIX', 'INCLUDE', '40#')] }, ['postalRules.0.from']],
      [{ postalRules: [rule('MY', 'PREFIX', 'INCLUDE', ' - ')] }, ['postalRules.0.from']],
      [{ postalRules: [rule('MY', 'SUFFIX', 'MAYBE', '1')] }, ['postalRules.0.inclusion', 'postalRules.0.kind']],
      [{ name: '' }, ['name']],
    ];
    for (const [extra, expected] of cases) {
      const res = await call(demoAdmin, 'POST', url, zone('QZ-Bad', extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(members(res).sort(), JSON.stringify(extra)).toEqual(expected);
    }
    const zh = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({
      method: 'POST',
      url,
      payload: zone('QZ-Bad', { postalRules: [rule('MY', 'RANGE', 'INCLUDE', '50000', '40000')] }),
    });
    expect(zh.json().error.validationErrors[0].message).toBe('区间的结束邮编不能小于起始邮编。');
    expect(await names(demoAdmin)).toEqual([]);
  });

  it('count the channels whose rate tables use them, and refuse deletion while rate tables or strategies do', async () => {
    const west = await create(demoAdmin, zone('QZ-Rated West'));
    const east = await create(demoAdmin, zone('QZ-Rated East', { countries: ['TH'] }));
    const [air, sea] = await insertChannels(t, t.demo, { code: 'T-CARRIER', name: 'T-CARRIER' }, ['T-AIR', 'T-SEA']);
    await insertRate(t.demo, air, west.id, 0, 500);
    await insertRate(t.demo, air, west.id, 500, 1000);
    await insertRate(t.demo, sea, west.id, 0, 2000);
    await insertRate(t.demo, sea, east.id, 0, 2000);

    const counts = async () =>
      Object.fromEntries(
        ((await call(demoAdmin, 'GET', `${url}?filter=QZ-Rated`)).json().items as Row[]).map((z) => [
          z.name,
          z.channelCount,
        ]),
      );
    expect(await counts()).toEqual({ 'QZ-Rated East': 1, 'QZ-Rated West': 2 });
    expect((await call(demoAdmin, 'GET', `${url}/${west.id}`)).json().channelCount).toBe(2);

    const refused = await call(demoAdmin, 'DELETE', `${url}/${west.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('Logistics::Zone:InUse');
    expect(refused.json().error.message).toBe(
      'The zone QZ-Rated West is still used by the rate tables of channels T-AIR, T-SEA: remove it there first.',
    );

    // a strategy naming the zone holds it too (written directly: the rule's other members do not matter here)
    const strategyRule = { name: 'r', zoneIds: [east.id], channelIds: [sea], objective: 'CHEAPEST' };
    const [strategy] = await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx
        .insert(freightStrategies)
        .values({ tenantId: t.demo.id, name: 'T-Strategy', rules: [strategyRule as never] })
        .returning(),
    );
    const both = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'DELETE', url: `${url}/${east.id}` });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe(
      '分区 QZ-Rated East 仍被以下对象使用:渠道 T-SEA 的运费表、运费策略 T-Strategy。请先在那里移除。',
    );

    await t.services.data.inTenant({ tenant: t.demo }, (tx) => tx.delete(rateRows).where(eq(rateRows.zoneId, east.id)));
    const byStrategy = await call(demoAdmin, 'DELETE', `${url}/${east.id}`);
    expect(byStrategy.statusCode).toBe(400);
    expect(byStrategy.json().error.message).toBe(
      'The zone QZ-Rated East is still used by the freight strategies T-Strategy: remove it there first.',
    );
    expect(await counts()).toEqual({ 'QZ-Rated East': 0, 'QZ-Rated West': 2 });

    // freed, they go
    await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      await tx.delete(freightStrategies).where(eq(freightStrategies.id, strategy.id));
      await tx.delete(rateRows).where(eq(rateRows.zoneId, west.id));
    });
    expect((await call(demoAdmin, 'DELETE', `${url}/${east.id}`)).statusCode).toBe(204);
    expect((await call(demoAdmin, 'DELETE', `${url}/${west.id}`)).statusCode).toBe(204);
    expect(await names(demoAdmin)).toEqual([]);
  });

  it('answer 404 for another tenant’s zone and leave it unchanged', async () => {
    const theirs = await create(otherAdmin, zone('QZ-Theirs'));
    await expectOutOfReach({ t, demoAdmin, otherAdmin }, url, theirs, {
      change: zone('QZ-Mine'),
      filter: 'QZ-Theirs',
      expected: { name: 'QZ-Theirs' },
    });
    expect((await call(otherAdmin, 'DELETE', `${url}/${theirs.id}`)).statusCode).toBe(204);
  });

  it('need Logistics.Zones to read and its children to write', async () => {
    const mine = await create(demoAdmin, zone('QZ-Guarded'));
    await expectCrudGuarded({ t, nobody, reader }, url, mine.id, zone('QZ-Nope'));
    expect(await names(demoAdmin)).toEqual(['QZ-Guarded']);
    expect((await call(demoAdmin, 'DELETE', `${url}/${mine.id}`)).statusCode).toBe(204);
  });

  it('export the filtered list as a spreadsheet', async () => {
    const a = await create(
      otherAdmin,
      zone('QZ-Export A', {
        postalRules: [rule('MY', 'RANGE', 'INCLUDE', '40000', '49999'), rule('MY', 'PREFIX', 'EXCLUDE', '47')],
      }),
    );
    const b = await create(otherAdmin, zone('QZ-Export B', { countries: ['TH'], description: 'Bangkok' }));
    const res = await as(
      t.app,
      otherAdmin,
      'zh-Hans',
    )({ method: 'GET', url: `${url}/export?filter=QZ-Export&sorting=name desc` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(res.rawPayload, 5);
    expect(rows).toEqual([
      ['分区名称', '国家', '邮编规则', '渠道数', '描述'],
      ['QZ-Export B', 'TH', undefined, 0, 'Bangkok'],
      ['QZ-Export A', 'MY, SG', 'MY 40000–49999 (包含); MY 47* (排除)', 0, undefined],
    ]);
    for (const id of [a.id, b.id]) expect((await call(otherAdmin, 'DELETE', `${url}/${id}`)).statusCode).toBe(204);
  });

  it('are matched to a destination by the freight estimate, most specific first, within the tenant', async () => {
    const ids: string[] = [];
    const add = async (who: string, body: object) => ids.push((await create(who, body)).id);
    await add(otherAdmin, zone('QZ-Asia', { countries: ['MY', 'SG', 'TH'] }));
    await add(otherAdmin, zone('QZ-Malaysia', { countries: ['MY'] }));
    await add(
      otherAdmin,
      zone('QZ-KL', { countries: ['MY'], postalRules: [rule('MY', 'RANGE', 'INCLUDE', '50000', '60000')] }),
    );
    await add(
      otherAdmin,
      zone('QZ-Not Penang', { countries: ['MY'], postalRules: [rule('MY', 'PREFIX', 'EXCLUDE', '10')] }),
    );
    await add(demoAdmin, zone('QZ-Demo Malaysia', { countries: ['MY'] }));
    const match = (countryCode: string, postalCode?: string) =>
      t.services.data.inTenant({ tenant: t.other }, async (tx) =>
        (await matchingZones(tx, { tenant: t.other }, countryCode, postalCode)).map((z) => z.name),
      );
    expect(await match('MY', '50 450')).toEqual(['QZ-KL', 'QZ-Malaysia', 'QZ-Not Penang', 'QZ-Asia']);
    expect(await match('MY', '10200')).toEqual(['QZ-Malaysia', 'QZ-Asia']);
    expect(await match('MY')).toEqual(['QZ-Malaysia', 'QZ-Not Penang', 'QZ-Asia']);
    expect(await match('TH', '10200')).toEqual(['QZ-Asia']);
    expect(await match('VN')).toEqual([]);
    await t.services.data.inTenant({ tenant: t.other }, async (tx) => {
      const [kl] = await matchingZones(tx, { tenant: t.other }, 'MY', '50450');
      expect(kl).toEqual({ id: ids[2], name: 'QZ-KL', byPostalCode: true });
    });
    for (const id of ids.slice(0, 4)) expect((await call(otherAdmin, 'DELETE', `${url}/${id}`)).statusCode).toBe(204);
    expect((await call(demoAdmin, 'DELETE', `${url}/${ids[4]}`)).statusCode).toBe(204);
  });
});

describe('matchZones', () => {
  const z = (name: string, countries: string[], postalRules: ZoneForMatching['postalRules'] = []): ZoneForMatching => ({
    id: `id-${name}`,
    name,
    countries,
    postalRules,
  });
  const r = (
    countryCode: string,
    kind: 'PREFIX' | 'RANGE',
    inclusion: 'INCLUDE' | 'EXCLUDE',
    from: string,
    to: string | null = null,
  ) => ({
    countryCode,
    kind,
    inclusion,
    from,
    to,
  });
  const names = (zones: ZoneForMatching[], country: string, postal?: string | null) =>
    matchZones(zones, country, postal).map((m) => m.name);

  it('takes zones naming the country, whatever their rules for other countries', () => {
    const zones = [
      z('SEA', ['MY', 'SG', 'TH']),
      z('SG', ['SG']),
      z('SG only 01', ['SG', 'MY'], [r('MY', 'PREFIX', 'INCLUDE', '01')]),
    ];
    expect(names(zones, 'TH')).toEqual(['SEA']);
    expect(names(zones, 'SG', '018956')).toEqual(['SG', 'SG only 01', 'SEA']);
    expect(names(zones, 'VN', '1')).toEqual([]);
    expect(names([], 'MY')).toEqual([]);
  });

  it('matches prefixes on normalized codes', () => {
    const zones = [z('Metro', ['GB'], [r('GB', 'PREFIX', 'INCLUDE', 'SW1'), r('GB', 'PREFIX', 'INCLUDE', 'EC')])];
    expect(names(zones, 'GB', 'sw1a 1aa')).toEqual(['Metro']);
    expect(names(zones, 'GB', 'EC1-A')).toEqual(['Metro']);
    expect(names(zones, 'GB', 'SW2 1AA')).toEqual([]);
    expect(names(zones, 'GB', 'S')).toEqual([]);
  });

  it('matches ranges inclusively, as numbers when both are digits of one length', () => {
    const zones = [z('Klang', ['MY'], [r('MY', 'RANGE', 'INCLUDE', '40000', '49999')])];
    for (const code of ['40000', '45 000', '49999']) expect(names(zones, 'MY', code), code).toEqual(['Klang']);
    for (const code of ['39999', '50000', 'ABCDE']) expect(names(zones, 'MY', code), code).toEqual([]);
    const lettered = [z('Letters', ['CA'], [r('CA', 'RANGE', 'INCLUDE', 'K0A', 'K9Z')])];
    expect(names(lettered, 'CA', 'k1a 0b1')).toEqual(['Letters']);
    expect(names(lettered, 'CA', 'L0A')).toEqual([]);
  });

  it('needs a postal code matching an INCLUDE rule when the country has some, and none matching an EXCLUDE rule', () => {
    const zones = [
      z('Included', ['MY'], [r('MY', 'PREFIX', 'INCLUDE', '5'), r('MY', 'RANGE', 'EXCLUDE', '55000', '55999')]),
      z('Excluded', ['MY'], [r('MY', 'PREFIX', 'EXCLUDE', '88')]),
    ];
    expect(names(zones, 'MY', '50450')).toEqual(['Included', 'Excluded']);
    expect(names(zones, 'MY', '55100')).toEqual(['Excluded']);
    expect(names(zones, 'MY', '88000')).toEqual([]);
    expect(names(zones, 'MY', '60000')).toEqual(['Excluded']);
    // no postal code: an INCLUDE-ruled zone cannot be matched, an EXCLUDE-only one can
    for (const none of [undefined, null, '']) expect(names(zones, 'MY', none)).toEqual(['Excluded']);
  });

  it('orders by a matched INCLUDE rule, then fewer countries, then name', () => {
    const zones = [
      z('World', ['MY', 'SG', 'TH', 'VN']),
      z('B Pair', ['MY', 'SG']),
      z('A Pair', ['SG', 'MY']),
      z('Malaysia', ['MY']),
      z('Wide postal', ['MY', 'SG', 'TH'], [r('MY', 'PREFIX', 'INCLUDE', '4')]),
      z('Narrow postal', ['MY'], [r('MY', 'PREFIX', 'INCLUDE', '40')]),
    ];
    expect(names(zones, 'MY', '40100')).toEqual([
      'Narrow postal',
      'Wide postal',
      'Malaysia',
      'A Pair',
      'B Pair',
      'World',
    ]);
    expect(matchZones(zones, 'MY', '40100').map((m) => m.byPostalCode)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(names(zones, 'MY', '50100')).toEqual(['Malaysia', 'A Pair', 'B Pair', 'World']);
  });
});
