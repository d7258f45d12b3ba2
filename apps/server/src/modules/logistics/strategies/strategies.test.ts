import { randomUUID } from 'node:crypto';
import { blankStrategyRule } from '@seller/contracts/logistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, members, type TestApp, xlsxRows } from '../../../../test/harness.ts';
import {
  expectCrudGuarded,
  expectDeleted,
  expectOutOfReach,
  expectStampedUpdate,
  insertChannels,
  logisticsUsers,
  resourceCalls,
} from '../test-support.ts';

const url = '/api/logistics/freight-strategies';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;

/** The demo tenant's references, and one of each of the other tenant's. */
const mine = { channels: [] as string[], zone: '', warehouse: '' };
const theirs = { channel: '', zone: '', warehouse: '' };

type Row = { id: string; name: string; priority: number; rules: Record<string, unknown>[]; concurrencyStamp: string };

const { call, create } = resourceCalls<Row>(() => t, url);
const names = async (who: string, query = '?filter=QS-') =>
  ((await call(who, 'GET', `${url}${query}`)).json().items as Row[]).map((s) => s.name);
const rule = (extra: object = {}) => ({
  name: 'Cheapest to Malaysia',
  countries: ['MY'],
  objective: 'CHEAPEST',
  channelIds: mine.channels,
  ...extra,
});
const qsCarrier = { code: 'QS-CARRIER', name: 'QS carrier' };
const strategy = (name: string, extra: object = {}) => ({ name, rules: [rule()], ...extra });

async function createVia(who: string, path: string, body: object) {
  const res = await call(who, 'POST', path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody, reader } = await logisticsUsers('Logistics.FreightStrategies'));

  mine.channels = await insertChannels(t, t.demo, qsCarrier, ['QS-AIR', 'QS-SEA', 'QS-POST']);
  [theirs.channel] = await insertChannels(t, t.other, qsCarrier, ['QS-THEIRS']);
  mine.zone = await createVia(demoAdmin, '/api/logistics/zones', { name: 'QS-Zone', countries: ['MY', 'SG'] });
  theirs.zone = await createVia(otherAdmin, '/api/logistics/zones', { name: 'QS-Zone', countries: ['MY'] });
  const warehouse = { code: 'QS-WH', name: 'QS warehouse', type: 'OWN', countryCode: 'CN' };
  mine.warehouse = await createVia(demoAdmin, '/api/logistics/warehouses', warehouse);
  theirs.warehouse = await createVia(otherAdmin, '/api/logistics/warehouses', warehouse);
});
afterAll(async () => {
  await t?.close();
});

describe('freight strategies', () => {
  it('are created with their rules’ defaults, read, listed, updated (stamp checked) and deleted', async () => {
    const [air, sea, post] = mine.channels;
    const row = await create(
      demoAdmin,
      strategy(' QS-Southeast Asia ', {
        description: ' Marketplace orders ',
        rules: [
          rule({
            name: 'Light parcels',
            countries: ['MY', 'SG'],
            zoneIds: [mine.zone],
            platforms: ['LAZADA', 'SHOPEE'],
            warehouseIds: [mine.warehouse],
            weightFrom: 0,
            weightTo: 2000,
            orderValueFrom: 10,
            orderValueTo: '500.5',
            attributesNone: ['battery', 'liquid'],
            objective: 'FIXED',
            channelIds: [post, air],
            fallbackChannelId: sea,
          }),
          { name: 'Anything else', objective: 'FASTEST', channelIds: [air, sea], fallbackChannelId: '' },
        ],
      }),
    );
    expect(row).toMatchObject({
      name: 'QS-Southeast Asia',
      priority: 100,
      description: 'Marketplace orders',
      isActive: true,
      rules: [
        {
          name: 'Light parcels',
          countries: ['MY', 'SG'],
          zoneIds: [mine.zone],
          platforms: ['LAZADA', 'SHOPEE'],
          shopIds: [],
          warehouseIds: [mine.warehouse],
          weightFrom: 0,
          weightTo: 2000,
          orderValueFrom: '10',
          orderValueTo: '500.5',
          attributesAny: [],
          attributesNone: ['battery', 'liquid'],
          objective: 'FIXED',
          channelIds: [post, air],
          fallbackChannelId: sea,
        },
        { ...blankStrategyRule(), name: 'Anything else', objective: 'FASTEST', channelIds: [air, sea] },
      ],
    });
    expect((await call(demoAdmin, 'GET', `${url}/${row.id}`)).json()).toEqual(row);
    const page = await call(demoAdmin, 'GET', `${url}?filter=marketplace&maxResultCount=5`);
    expect(page.json()).toMatchObject({ totalCount: 1, items: [{ id: row.id }] });

    const change = strategy('QS-Southeast Asia', { priority: 5, isActive: false });
    const updated = await expectStampedUpdate({ t, demoAdmin }, url, row, change);
    expect(updated).toMatchObject({ priority: 5, isActive: false, description: null });
    expect(updated.rules).toHaveLength(1);
    await expectDeleted({ t, demoAdmin }, url, row.id);
    expect(await names(demoAdmin)).toEqual([]);
  });

  it('are listed by priority then name unless sorted otherwise, with unique names', async () => {
    const ids = [
      (await create(demoAdmin, strategy('QS-B', { priority: 20 }))).id,
      (await create(demoAdmin, strategy('QS-Z', { priority: 10 }))).id,
      (await create(demoAdmin, strategy('QS-A', { priority: 20 }))).id,
    ];
    expect(await names(demoAdmin)).toEqual(['QS-Z', 'QS-A', 'QS-B']);
    expect(await names(demoAdmin, '?filter=QS-&sorting=name desc')).toEqual(['QS-Z', 'QS-B', 'QS-A']);
    expect(((await call(demoAdmin, 'GET', `${url}/all?filter=QS-`)).json().items as Row[]).map((s) => s.name)).toEqual([
      'QS-Z',
      'QS-A',
      'QS-B',
    ]);
    expect(members(await call(demoAdmin, 'GET', `${url}?sorting=rules`))).toEqual(['sorting']);

    const taken = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'POST', url, payload: strategy('qs-a') });
    expect(taken.statusCode).toBe(400);
    expect(members(taken)).toEqual(['name']);
    expect(taken.json().error.validationErrors[0].message).toContain('已存在');
    expect(members(await call(demoAdmin, 'PUT', `${url}/${ids[0]}`, strategy('QS-Z')))).toEqual(['name']);

    for (const id of ids) expect((await call(demoAdmin, 'DELETE', `${url}/${id}`)).statusCode).toBe(204);
  });

  it('answer 400 naming each channel, zone or warehouse that is not the tenant’s and each unknown country', async () => {
    const [air, sea] = mine.channels;
    const res = await call(
      demoAdmin,
      'POST',
      url,
      strategy('QS-Foreign', {
        rules: [
          rule({ countries: ['MY', 'XX'], zoneIds: [mine.zone, theirs.zone], channelIds: [air, theirs.channel] }),
          rule({ warehouseIds: [theirs.warehouse, mine.warehouse], fallbackChannelId: randomUUID() }),
          rule({ channelIds: [sea], fallbackChannelId: theirs.channel, zoneIds: [randomUUID()] }),
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(members(res)).toEqual([
      'rules.0.channelIds.1',
      'rules.0.countries.1',
      'rules.0.zoneIds.1',
      'rules.1.fallbackChannelId',
      'rules.1.warehouseIds.0',
      'rules.2.fallbackChannelId',
      'rules.2.zoneIds.0',
    ]);
    const byMember = Object.fromEntries(
      (res.json().error.validationErrors as { members: string[]; message: string }[]).map((e) => [
        e.members[0],
        e.message,
      ]),
    );
    expect(byMember['rules.0.channelIds.1']).toBe('This channel does not exist (it may have been deleted).');
    expect(byMember['rules.0.zoneIds.1']).toBe('This zone does not exist (it may have been deleted).');
    expect(byMember['rules.1.warehouseIds.0']).toBe('This warehouse does not exist (it may have been deleted).');

    // the other tenant may use its own
    const own = await create(
      otherAdmin,
      strategy('QS-Theirs', {
        rules: [rule({ channelIds: [theirs.channel], zoneIds: [theirs.zone], warehouseIds: [theirs.warehouse] })],
      }),
    );
    expect((await call(otherAdmin, 'DELETE', `${url}/${own.id}`)).statusCode).toBe(204);
    expect(await names(demoAdmin)).toEqual([]);
  });

  it('answer 400 naming each shop that is not the tenant’s, writing nothing; its own shops are taken', async () => {
    const shop = async (who: string, name: string) => {
      const res = await call(who, 'POST', '/api/sitekit/shopes', {
        platform: 'LAZADA',
        name,
        regions: ['MY'],
        shortCode: name.slice(0, 8),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    };
    const ours = await shop(demoAdmin, 'QS shop');
    const theirShop = await shop(otherAdmin, 'QS their shop');
    const body = strategy('QS-Shops', {
      rules: [rule({ shopIds: [ours, theirShop] }), rule({ shopIds: [randomUUID()] })],
    });
    for (const culture of ['en', 'zh-Hans']) {
      const res = await as(t.app, demoAdmin, culture)({ method: 'POST', url, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(members(res)).toEqual(['rules.0.shopIds.1', 'rules.1.shopIds.0']);
      expect(res.json().error.validationErrors[0].message).toBe(
        culture === 'en' ? 'This does not exist.' : '所选记录不存在。',
      );
    }
    expect(await names(demoAdmin)).toEqual([]);
    const saved = await create(demoAdmin, strategy('QS-Shops', { rules: [rule({ shopIds: [ours] })] }));
    expect(saved.rules[0]!.shopIds).toEqual([ours]);
    const moved = await call(demoAdmin, 'PUT', `${url}/${saved.id}`, {
      ...strategy('QS-Shops', { rules: [rule({ shopIds: [theirShop] })] }),
      concurrencyStamp: saved.concurrencyStamp,
    });
    expect(members(moved)).toEqual(['rules.0.shopIds.0']);
    expect((await call(demoAdmin, 'DELETE', `${url}/${saved.id}`)).statusCode).toBe(204);
  });

  it('answer 400 naming the field for bad input, writing nothing', async () => {
    const cases: [object, string[], string?][] = [
      [{ rules: [] }, ['rules'], 'Add at least one rule.'],
      [{ rules: [rule({ channelIds: [] })] }, ['rules.0.channelIds'], 'Choose at least one candidate channel.'],
      [{ rules: [rule(), rule({ channelIds: ['not-an-id'] })] }, ['rules.1.channelIds.0']],
      [{ rules: [rule({ weightFrom: 2000, weightTo: 1000 })] }, ['rules.0.weightTo']],
      [{ rules: [rule({ orderValueFrom: '9', orderValueTo: '1.5' })] }, ['rules.0.orderValueTo']],
      [{ rules: [rule({ weightFrom: 1.5 })] }, ['rules.0.weightFrom']],
      [
        { rules: [rule({ objective: 'RANDOM', platforms: ['EBAY'], attributesAny: ['fragile'] })] },
        ['rules.0.attributesAny.0', 'rules.0.objective', 'rules.0.platforms.0'],
      ],
      [{ rules: [rule({ countries: ['my'] })] }, ['rules.0.countries.0']],
      [{ name: '', priority: -1 }, ['name', 'priority']],
    ];
    for (const [extra, expected, message] of cases) {
      const res = await call(demoAdmin, 'POST', url, strategy('QS-Bad', extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(members(res).sort(), JSON.stringify(extra)).toEqual(expected);
      if (message) expect(res.json().error.validationErrors[0].message).toBe(message);
    }
    expect(await names(demoAdmin)).toEqual([]);
  });

  it('hold the zones their rules name: such a zone is not deleted', async () => {
    const zone = await createVia(demoAdmin, '/api/logistics/zones', { name: 'QS-Held', countries: ['TH'] });
    const held = await create(demoAdmin, strategy('QS-Holder', { rules: [rule({ zoneIds: [zone] })] }));
    const refused = await call(demoAdmin, 'DELETE', `/api/logistics/zones/${zone}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('QS-Holder');
    expect((await call(demoAdmin, 'DELETE', `${url}/${held.id}`)).statusCode).toBe(204);
    expect((await call(demoAdmin, 'DELETE', `/api/logistics/zones/${zone}`)).statusCode).toBe(204);
  });

  it('answer 404 for another tenant’s strategy and leave it unchanged', async () => {
    const other = await create(otherAdmin, strategy('QS-Other', { rules: [rule({ channelIds: [theirs.channel] })] }));
    await expectOutOfReach({ t, demoAdmin, otherAdmin }, url, other, {
      change: strategy('QS-Mine'),
      filter: 'QS-Other',
      expected: { name: 'QS-Other' },
    });
    expect((await call(otherAdmin, 'DELETE', `${url}/${other.id}`)).statusCode).toBe(204);
  });

  it('need Logistics.FreightStrategies to read and its children to write', async () => {
    const row = await create(demoAdmin, strategy('QS-Guarded'));
    await expectCrudGuarded({ t, nobody, reader }, url, row.id, strategy('QS-Nope'));
    expect(await names(demoAdmin)).toEqual(['QS-Guarded']);
    expect((await call(demoAdmin, 'DELETE', `${url}/${row.id}`)).statusCode).toBe(204);
  });

  it('export the filtered list as a spreadsheet', async () => {
    const ids = [
      (
        await create(
          demoAdmin,
          strategy('QS-Export 1', { priority: 1, rules: [rule({ name: 'a' }), rule({ name: 'b' })] }),
        )
      ).id,
      (await create(demoAdmin, strategy('QS-Export 2', { priority: 2, isActive: false }))).id,
    ];
    const res = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'GET', url: `${url}/export?filter=QS-Export` });
    expect(res.statusCode).toBe(200);
    const rows = await xlsxRows(res.rawPayload, 5);
    expect(rows).toEqual([
      ['优先级', '策略名称', '规则数', '规则', '状态'],
      [1, 'QS-Export 1', 2, 'a; b', '启用'],
      [2, 'QS-Export 2', 1, 'Cheapest to Malaysia', '停用'],
    ]);
    for (const id of ids) expect((await call(demoAdmin, 'DELETE', `${url}/${id}`)).statusCode).toBe(204);
  });
});
