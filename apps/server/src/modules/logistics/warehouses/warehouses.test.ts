import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, members, type TestApp, xlsxRows } from '../../../../test/harness.ts';
import {
  expectCrudGuarded,
  expectDeleted,
  expectOutOfReach,
  expectStampedUpdate,
  logisticsUsers,
  resourceCalls,
} from '../test-support.ts';

const url = '/api/logistics/warehouses';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;

type Row = { id: string; code: string; isDefault: boolean; concurrencyStamp: string; [k: string]: unknown };

const { call, create } = resourceCalls<Row>(() => t, url);
const list = async (who: string) => (await call(who, 'GET', `${url}/all`)).json().items as Row[];
const defaults = async (who: string) => (await list(who)).filter((w) => w.isDefault).map((w) => w.code);
const warehouse = (code: string, extra: object = {}) => ({
  code,
  name: `仓库 ${code}`,
  type: 'THIRD_PARTY',
  countryCode: 'TH',
  ...extra,
});

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody, reader } = await logisticsUsers('Logistics.Warehouses'));
});
afterAll(async () => {
  await t?.close();
});

describe('warehouses', () => {
  it('are seeded for demo, with Shenzhen as the default, and not for other', async () => {
    const seeded = await list(demoAdmin);
    expect(seeded.map((w) => [w.code, w.type, w.countryCode, w.isDefault])).toEqual([
      ['MY-01', 'OVERSEAS', 'MY', false],
      ['SZ-01', 'OWN', 'CN', true],
    ]);
    expect(await list(otherAdmin)).toEqual([]);
  });

  it('are created, read, listed, updated (stamp checked) and deleted', async () => {
    const row = await create(
      demoAdmin,
      warehouse('BKK-01', { address: ' Bangna ', contact: { name: '', phone: '' }, isActive: false }),
    );
    expect(row).toMatchObject({ code: 'BKK-01', address: 'Bangna', contact: null, isDefault: false, isActive: false });
    expect(row.creatorId).toBeTruthy();
    expect((await call(demoAdmin, 'GET', `${url}/${row.id}`)).json()).toMatchObject({ id: row.id, code: 'BKK-01' });
    const page = await call(demoAdmin, 'GET', `${url}?filter=bkk&sorting=name desc&maxResultCount=5`);
    expect(page.json()).toMatchObject({ totalCount: 1, items: [{ id: row.id }] });

    const change = warehouse('BKK-01', { name: '曼谷仓', contact: { name: 'Somchai', phone: '+66 2 000 0000' } });
    expect(await expectStampedUpdate({ t, demoAdmin }, url, row, change)).toMatchObject({
      name: '曼谷仓',
      contact: { name: 'Somchai', phone: '+66 2 000 0000' },
      isActive: true,
    });
    await expectDeleted({ t, demoAdmin }, url, row.id);
    expect(await defaults(demoAdmin)).toEqual(['SZ-01']);
  });

  it('keep exactly one default per tenant', async () => {
    // tenant other has none: the first becomes the default whatever the form says
    const first = await create(otherAdmin, warehouse('A-1', { isDefault: false }));
    expect(first.isDefault).toBe(true);
    const second = await create(otherAdmin, warehouse('A-2'));
    expect(second.isDefault).toBe(false);
    const third = await create(otherAdmin, warehouse('A-3', { isDefault: true }));
    expect(third.isDefault).toBe(true);
    expect(await defaults(otherAdmin)).toEqual(['A-3']);
    // the previous default changed, so a form opened on it before is stale
    const stale = await call(otherAdmin, 'PUT', `${url}/${first.id}`, {
      ...warehouse('A-1', { isDefault: true }),
      concurrencyStamp: first.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);

    // setting another one as default on update
    const made = await call(otherAdmin, 'PUT', `${url}/${second.id}`, warehouse('A-2', { isDefault: true }));
    expect(made.json().isDefault).toBe(true);
    expect(await defaults(otherAdmin)).toEqual(['A-2']);

    // the default is replaced, never unset
    const unset = await call(otherAdmin, 'PUT', `${url}/${second.id}`, warehouse('A-2', { isDefault: false }));
    expect(unset.statusCode).toBe(400);
    expect(members(unset)).toEqual(['isDefault']);
    expect(await defaults(otherAdmin)).toEqual(['A-2']);

    // deleting the default promotes the oldest remaining one
    expect((await call(otherAdmin, 'DELETE', `${url}/${second.id}`)).statusCode).toBe(204);
    expect(await defaults(otherAdmin)).toEqual(['A-1']);
    expect((await call(otherAdmin, 'DELETE', `${url}/${third.id}`)).statusCode).toBe(204);
    expect(await defaults(otherAdmin)).toEqual(['A-1']);
    expect((await call(otherAdmin, 'DELETE', `${url}/${first.id}`)).statusCode).toBe(204);
    expect(await list(otherAdmin)).toEqual([]);
    // demo's default is untouched throughout
    expect(await defaults(demoAdmin)).toEqual(['SZ-01']);
  });

  it('stay with one default when several writers set one at once', async () => {
    const results = await Promise.all(
      ['RACE-1', 'RACE-2', 'RACE-3', 'RACE-4'].map((code) =>
        call(demoAdmin, 'POST', url, warehouse(code, { isDefault: true })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await defaults(demoAdmin)).toHaveLength(1);
    for (const r of results) expect((await call(demoAdmin, 'DELETE', `${url}/${r.json().id}`)).statusCode).toBe(204);
    expect(await defaults(demoAdmin)).toEqual(['SZ-01']);
  });

  it('answer 400 naming the field for a taken code and bad input, writing nothing', async () => {
    const taken = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'POST', url, payload: warehouse('SZ-01') });
    expect(taken.statusCode).toBe(400);
    expect(members(taken)).toEqual(['code']);
    expect(taken.json().error.validationErrors[0].message).toContain('已存在');

    const bad = await call(demoAdmin, 'POST', url, {
      code: 'sz-02',
      name: '',
      type: 'WAREHOUSE',
      countryCode: 'XYZ',
      contact: { phone: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
    expect(members(bad).sort()).toEqual(['code', 'contact.phone', 'countryCode', 'name', 'type']);
    for (const countryCode of ['cn', 'C1', '']) {
      expect(members(await call(demoAdmin, 'POST', url, warehouse('X-1', { countryCode })))).toEqual(['countryCode']);
    }
    expect((await list(demoAdmin)).map((w) => w.code)).toEqual(['MY-01', 'SZ-01']);
  });

  it('answer 404 for another tenant’s warehouse and leave it unchanged', async () => {
    const theirs = await create(otherAdmin, warehouse('THEIRS-1'));
    await expectOutOfReach({ t, demoAdmin, otherAdmin }, url, theirs, {
      change: warehouse('MINE-1'),
      filter: 'THEIRS',
      expected: { code: 'THEIRS-1', isDefault: true },
    });
  });

  it('need Logistics.Warehouses to read and its children to write', async () => {
    const id = (await list(demoAdmin))[0].id;
    await expectCrudGuarded({ t, nobody, reader }, url, id, warehouse('NOPE-1'));
    expect((await list(demoAdmin)).map((w) => w.code)).toEqual(['MY-01', 'SZ-01']);
  });

  it('export the filtered list as a spreadsheet', async () => {
    const res = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'GET', url: `${url}/export?sorting=code desc` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(res.rawPayload, 4);
    expect(rows).toEqual([
      ['仓库编码', '仓库名称', '仓库类型', '国家'],
      ['SZ-01', '深圳仓', '自建仓', 'CN'],
      ['MY-01', '马来西亚海外仓', '海外仓', 'MY'],
    ]);
  });

  it('appear in the admin’s menu under /physical, not in one without the permission', async () => {
    const paths = async (who: string) =>
      ((await call(who, 'GET', '/api/platform/menus/by-current-user')).json().items as { path: string }[]).map(
        (m) => m.path,
      );
    expect(await paths(demoAdmin)).toEqual(expect.arrayContaining(['/physical', 'Warehouse']));
    expect(await paths(nobody)).not.toContain('/physical');
  });
});
