import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, members, type TestApp } from '../../../../test/harness.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { countryRecords } from './data.ts';
import { countries } from './schema.ts';
import { seedCountries } from './seed.ts';
import { countryState, countryStates } from './service.ts';

const url = '/api/logistics/countries';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let hostAdmin: string;
let nobody: string;
let reader: string;

type Row = { code: string; alpha3: string; nameEn: string; nameZh: string; currency: string; isEnabled: boolean };

const call = (who: string | null, method: 'GET' | 'PUT', path: string, payload?: object) =>
  as(t.app, who)({ method, url: path, payload });
const listed = async (who: string, query = '') => {
  const res = await call(who, 'GET', `${url}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { totalCount: number; items: Row[] };
};
const pickable = async (who: string) =>
  ((await call(who, 'GET', `${url}/all`)).json().items as Row[]).map((c) => c.code);
const enable = (who: string | null, codes: string[], isEnabled: boolean) =>
  call(who, 'PUT', `${url}/enabled`, { codes, isEnabled });
const stateOf = async (who: string, code: string) =>
  (await listed(who, `?filter=${code}&maxResultCount=300`)).items.find((c) => c.code === code)?.isEnabled;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody', ['salesman']);
  await createUser(t.services, t.demo, 'reader');
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  hostAdmin = await token(t.app, null);
  const readerId = (await call(demoAdmin, 'GET', '/api/identity/users?filter=reader')).json().items[0].id;
  const granted = await as(
    t.app,
    demoAdmin,
  )({
    method: 'PUT',
    url: `/api/permission-management/permissions?providerName=U&providerKey=${readerId}`,
    payload: { permissions: [{ name: 'Logistics.Countries', isGranted: true }] },
  });
  expect(granted.statusCode).toBe(204);
  nobody = await token(t.app, 'demo', 'nobody');
  reader = await token(t.app, 'demo', 'reader');
});
afterAll(async () => {
  await t?.close();
});

describe('countries', () => {
  it('are the whole ISO list, seeded once however often the seed runs, which corrects changed rows', async () => {
    expect((await listed(demoAdmin, '?maxResultCount=1')).totalCount).toBe(countryRecords.length);
    await t.services.data.unscoped((tx) =>
      tx.update(countries).set({ nameEn: 'Malaya', currency: 'XXX' }).where(eq(countries.code, 'MY')),
    );
    await seedCountries(t.services);
    await seedCountries(t.services);
    const [{ n }] = await t.services.data.unscoped((tx) =>
      tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(countries),
    );
    expect(n).toBe(countryRecords.length);
    expect((await listed(demoAdmin, '?filter=MY')).items.find((c) => c.code === 'MY')).toMatchObject({
      alpha3: 'MYS',
      nameEn: 'Malaysia',
      nameZh: '马来西亚',
      currency: 'MYR',
      isEnabled: true,
    });
  });

  it('are found by code, alpha-3 or either name, sorted and paged', async () => {
    for (const filter of ['MYS', 'malays', '马来西亚']) {
      expect((await listed(demoAdmin, `?filter=${encodeURIComponent(filter)}`)).items.map((c) => c.code)).toEqual([
        'MY',
      ]);
    }
    const first = await listed(demoAdmin, '?maxResultCount=3');
    expect(first.items.map((c) => c.code)).toEqual(['AD', 'AE', 'AF']);
    const second = await listed(demoAdmin, '?maxResultCount=3&skipCount=3');
    expect(second.items.map((c) => c.code)).toEqual(['AG', 'AI', 'AL']);
    expect(second.totalCount).toBe(countryRecords.length);
    const past = await listed(demoAdmin, '?skipCount=1000');
    expect(past).toEqual({ totalCount: countryRecords.length, items: [] });

    // the database's collation orders the names: descending is ascending reversed
    for (const field of ['nameEn', 'nameZh'] as const) {
      const asc = (await listed(demoAdmin, `?sorting=${field}&maxResultCount=300`)).items.map((c) => c[field]);
      const desc = (await listed(demoAdmin, `?sorting=${field} desc&maxResultCount=300`)).items.map((c) => c[field]);
      expect(asc).toHaveLength(countryRecords.length);
      expect(desc).toEqual([...asc].reverse());
      expect(new Set(asc).size).toBe(countryRecords.length);
    }
    const byCurrency = (await listed(demoAdmin, '?filter=S&sorting=currency desc, code&maxResultCount=300')).items;
    const keys = byCurrency.map((c) => `${c.currency}/${c.code}`);
    expect(keys).toEqual(
      [...keys].sort((a, b) => {
        const [ca, xa] = a.split('/');
        const [cb, xb] = b.split('/');
        return ca === cb ? (xa < xb ? -1 : 1) : ca < cb ? 1 : -1;
      }),
    );

    const bad = await call(demoAdmin, 'GET', `${url}?sorting=phoneCode; drop table x`);
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toEqual(['sorting']);
    expect(members(await call(demoAdmin, 'GET', `${url}?enabled=maybe`))).toEqual(['enabled']);
  });

  it("export the filtered list as a spreadsheet, with the tenant's choice", async () => {
    const res = await call(demoAdmin, 'GET', `${url}/export?filter=MYS`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(0, 2)).toEqual(['Code', 'Alpha-3']);
    expect(rows.slice(1).map((r) => [r[0], r[6]])).toEqual([['MY', 'Yes']]);
    expect((await call(nobody, 'GET', `${url}/export`)).statusCode).toBe(403);
  });

  it('are enabled and disabled per tenant, leaving the other tenant and the ISO list unchanged', async () => {
    const res = await enable(demoAdmin, ['MY', 'SG', 'MY'], false);
    expect(res.statusCode, res.body).toBe(204);
    expect(await stateOf(demoAdmin, 'MY')).toBe(false);
    expect(await stateOf(demoAdmin, 'SG')).toBe(false);
    expect(await stateOf(otherAdmin, 'MY')).toBe(true);

    const disabled = await listed(demoAdmin, '?enabled=false');
    expect(disabled.items.map((c) => c.code)).toEqual(['MY', 'SG']);
    expect(disabled.totalCount).toBe(2);
    expect((await listed(demoAdmin, '?enabled=true')).totalCount).toBe(countryRecords.length - 2);
    expect((await listed(otherAdmin, '?enabled=false')).totalCount).toBe(0);

    const picks = await pickable(demoAdmin);
    expect(picks).not.toContain('MY');
    expect(picks).toContain('TH');
    expect(picks).toEqual([...picks].sort());
    expect(picks).toHaveLength(countryRecords.length - 2);
    expect(await pickable(otherAdmin)).toContain('MY');

    // the freight engine's check
    const demoCtx = { tenant: t.demo };
    await t.services.data.inTenant(demoCtx, async (tx) => {
      expect(await countryState(tx, demoCtx, 'MY')).toBe('disabled');
      expect(await countryState(tx, demoCtx, 'TH')).toBe('enabled');
      expect(await countryState(tx, demoCtx, 'XX')).toBe('unknown');
      expect(Object.fromEntries(await countryStates(tx, demoCtx, ['SG', 'CN', 'ZZ']))).toEqual({
        SG: 'disabled',
        CN: 'enabled',
        ZZ: 'unknown',
      });
    });
    const otherCtx = { tenant: t.other };
    await t.services.data.inTenant(otherCtx, async (tx) => {
      expect(await countryState(tx, otherCtx, 'MY')).toBe('enabled');
    });

    // the other tenant disables one of its own; demo's choice is untouched
    expect((await enable(otherAdmin, ['TH'], false)).statusCode).toBe(204);
    expect(await stateOf(otherAdmin, 'TH')).toBe(false);
    expect(await stateOf(demoAdmin, 'TH')).toBe(true);

    expect((await enable(demoAdmin, ['MY', 'SG'], true)).statusCode).toBe(204);
    expect((await enable(otherAdmin, ['TH'], true)).statusCode).toBe(204);
    expect(await stateOf(demoAdmin, 'MY')).toBe(true);
    expect((await listed(demoAdmin, '?enabled=false')).totalCount).toBe(0);
    expect((await listed(otherAdmin, '?enabled=false')).totalCount).toBe(0);
    const [{ n }] = await t.services.data.unscoped((tx) =>
      tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(countries),
    );
    expect(n).toBe(countryRecords.length);
  });

  it('record each change of state in the audit log', async () => {
    const res = await as(
      t.app,
      demoAdmin,
    )({
      method: 'PUT',
      url: `${url}/enabled`,
      headers: { 'x-correlation-id': 'countries-audit-1' },
      payload: { codes: ['VN', 'PH'], isEnabled: false },
    });
    expect(res.statusCode).toBe(204);
    let detail: {
      entityChanges: { entityId: string; entityTypeFullName: string; propertyChanges: unknown[] }[];
    } | null = null;
    for (let i = 0; i < 100 && !detail; i++) {
      const page = (await call(demoAdmin, 'GET', '/api/auditing/audit-log?correlationId=countries-audit-1')).json();
      if (page.totalCount === 1)
        detail = (await call(demoAdmin, 'GET', `/api/auditing/audit-log/${page.items[0].id}`)).json();
      else await sleep(50);
    }
    expect(detail?.entityChanges.map((c) => [c.entityTypeFullName, c.entityId]).sort()).toEqual([
      ['TenantCountry', 'PH'],
      ['TenantCountry', 'VN'],
    ]);
    expect(detail?.entityChanges[0].propertyChanges).toEqual([
      { propertyName: 'isEnabled', originalValue: 'true', newValue: 'false' },
    ]);
    expect((await enable(demoAdmin, ['VN', 'PH'], true)).statusCode).toBe(204);
  });

  it('answer 400 naming each unknown or malformed code, changing nothing', async () => {
    const unknown = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({
      method: 'PUT',
      url: `${url}/enabled`,
      payload: { codes: ['MY', 'XX', 'TH', 'QQ'], isEnabled: false },
    });
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown)).toEqual(['codes.1', 'codes.3']);
    expect(unknown.json().error.validationErrors[0].message).toContain('未知的国家代码');
    expect(await stateOf(demoAdmin, 'MY')).toBe(true);
    expect(await stateOf(demoAdmin, 'TH')).toBe(true);

    expect(members(await enable(demoAdmin, ['my', 'CHN'], false))).toEqual(['codes.0', 'codes.1']);
    expect(members(await enable(demoAdmin, [], false))).toEqual(['codes']);
    expect(members(await call(demoAdmin, 'PUT', `${url}/enabled`, { codes: ['MY'] }))).toEqual(['isEnabled']);
    expect((await listed(demoAdmin, '?enabled=false')).totalCount).toBe(0);
  });

  it('need Logistics.Countries to read and its Update child to change, inside a tenant', async () => {
    const routes = [
      ['GET', url],
      ['GET', `${url}/all`],
      ['PUT', `${url}/enabled`],
    ] as const;
    for (const [method, path] of routes) {
      const payload = method === 'GET' ? undefined : { codes: ['MY'], isEnabled: false };
      expect((await call(null, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
      expect((await call(nobody, method, path, payload)).statusCode, `${method} ${path}`).toBe(403);
      expect((await call(reader, method, path, payload)).statusCode, `${method} ${path}`).toBe(
        method === 'GET' ? 200 : 403,
      );
    }
    // the host has no tenant's choice to make
    expect((await enable(hostAdmin, ['MY'], false)).statusCode).toBe(403);
    expect(await stateOf(demoAdmin, 'MY')).toBe(true);
  });
});
