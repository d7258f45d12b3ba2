import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members, type TestApp, xlsxRows } from '../../../../test/harness.ts';
import {
  expectDeleted,
  expectGuarded,
  expectOutOfReach,
  expectStampedUpdate,
  logisticsUsers,
  resourceCalls,
} from '../../logistics/test-support.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { sites } from './schema.ts';

const url = '/api/sitekit/sites';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;

type Row = {
  id: string;
  code: string;
  name: string;
  publishableKey: string;
  secretHint: string;
  previousSecretExpiresAt: string | null;
  lastUsedAt: string | null;
  concurrencyStamp: string;
  [k: string]: unknown;
};

const { call, create } = resourceCalls<Row>(() => t, url);
const site = (code: string, extra: object = {}) => ({
  name: `站点 ${code}`,
  code,
  defaultLanguage: 'zh-Hans',
  languages: ['zh-Hans', 'en'],
  defaultCurrency: 'CNY',
  currencies: ['CNY', 'USD'],
  timeZone: 'Asia/Shanghai',
  ...extra,
});

/** A Storefront API call with the given headers (no admin token). */
const store = (headers: Record<string, string>, path = '/api/store/site') =>
  t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en', ...headers } });

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody, reader } = await logisticsUsers('Sitekit.Sites'));
});
afterAll(async () => {
  await t?.close();
});

describe('sites', () => {
  it('are seeded for demo (Demo Store, its key and an issued secret), not for other', async () => {
    const demo = (await call(demoAdmin, 'GET', url)).json();
    expect(demo.totalCount).toBe(1);
    expect(demo.items[0]).toMatchObject({
      code: 'demo',
      name: 'Demo Store',
      defaultCurrency: 'USD',
      currencies: ['USD', 'CNY'],
      languages: ['en', 'zh-Hans'],
      warehouseName: '深圳仓',
      isActive: true,
    });
    expect(demo.items[0].publishableKey).toMatch(/^pk_[\w-]{22}_[\w-]{16,32}$/);
    expect(demo.items[0].secretHint).toMatch(/^sk_….{4}$/);
    expect((await call(otherAdmin, 'GET', url)).json()).toEqual({ totalCount: 0, items: [] });
  });

  it('are created, read, listed, exported, updated (stamp checked) and deleted', async () => {
    const row = await create(
      demoAdmin,
      site(' Shop-A ', {
        hosts: ['Shop.Example.com', 'shop.example.com', 'localhost:3000'],
        allowedOrigins: ['https://shop.example.com'],
        company: { name: ' 深圳公司 ', email: '' },
      }),
    );
    expect(row).toMatchObject({
      code: 'shop-a',
      hosts: ['shop.example.com', 'localhost:3000'],
      company: { name: '深圳公司', email: null, address: null },
      seo: { title: null },
      secretHint: '',
      secretIssuedAt: null,
      lastUsedAt: null,
    });
    expect(row.creatorId).toBeTruthy();
    expect((await call(demoAdmin, 'GET', `${url}/${row.id}`)).json()).toMatchObject({ id: row.id, code: 'shop-a' });
    const page = await call(demoAdmin, 'GET', `${url}?filter=SHOP-a&sorting=name desc&maxResultCount=5`);
    expect(page.json()).toMatchObject({ totalCount: 1, items: [{ id: row.id }] });
    expect((await call(demoAdmin, 'GET', `${url}?isActive=false`)).json().totalCount).toBe(0);

    const file = await call(demoAdmin, 'GET', `${url}/export?filter=shop-a`);
    expect(file.statusCode).toBe(200);
    const rows = await xlsxRows(file.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['Code', 'Name', 'Publishable key', 'Secret']));
    expect(rows.slice(1).map((r) => [r[0], r[9]])).toEqual([['shop-a', 'None issued']]);

    const updated = await expectStampedUpdate({ t, demoAdmin }, url, row, site('shop-a', { isActive: false }));
    expect(updated).toMatchObject({ isActive: false, hosts: [], allowedOrigins: [] });
    // the publishable key stays the site's through edits
    expect(updated.publishableKey).toBe(row.publishableKey);
    await expectDeleted({ t, demoAdmin }, url, row.id);
  });

  it('refuse bad input with a 400 naming the field, and write nothing', async () => {
    const refusals: [object, string | string[]][] = [
      [site('a b'), 'code'],
      [site('demo'), 'code'],
      [site('ok-1', { defaultLanguage: 'en', languages: ['zh-Hans'] }), 'defaultLanguage'],
      [site('ok-1', { defaultCurrency: 'EUR' }), 'defaultCurrency'],
      [site('ok-1', { currencies: [] }), ['currencies', 'defaultCurrency']],
      [site('ok-1', { timeZone: 'Mars/Olympus' }), 'timeZone'],
      [site('ok-1', { hosts: ['https://shop.example.com/path'] }), 'hosts.0'],
      [site('ok-1', { allowedOrigins: ['shop.example.com'] }), 'allowedOrigins.0'],
      [site('ok-1', { logoUrl: 'javascript:alert(1)' }), 'logoUrl'],
      [site('ok-1', { company: { email: 'not-mail' } }), 'company.email'],
      [site('ok-1', { warehouseId: '00000000-0000-4000-8000-000000000000' }), 'warehouseId'],
    ];
    for (const [body, member] of refusals) {
      const res = await call(demoAdmin, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(members(res), JSON.stringify(body)).toEqual([member].flat());
      expect(res.json().error.validationErrors[0].message, String(member)).not.toMatch(/Sitekit::/);
    }
    // another tenant's warehouse is as unknown as a made-up one
    const theirs = (
      await call(otherAdmin, 'POST', '/api/logistics/warehouses', {
        code: 'O-1',
        name: 'O',
        type: 'OWN',
        countryCode: 'CN',
      })
    ).json();
    const foreign = await call(demoAdmin, 'POST', url, site('ok-1', { warehouseId: theirs.id }));
    expect(foreign.statusCode).toBe(400);
    expect(members(foreign)).toEqual(['warehouseId']);
    expect((await call(demoAdmin, 'GET', `${url}?filter=ok-1`)).json().totalCount).toBe(0);
  });

  it('need Sitekit.Sites to read and its children to write or rotate; 401 without a token', async () => {
    const row = await create(demoAdmin, site('guarded'));
    await expectGuarded(
      { t, nobody, reader },
      [
        ['GET', url],
        ['GET', `${url}/${row.id}`],
        ['GET', `${url}/export`],
        ['POST', url],
        ['PUT', `${url}/${row.id}`],
        ['DELETE', `${url}/${row.id}`],
        ['PUT', `${url}/${row.id}/refresh-token`],
      ],
      site('guarded'),
    );
    // the picker of sites: for whoever works on a site's pages (a salesman reads its online orders)
    expect((await call(nobody, 'GET', `${url}/all`)).statusCode).toBe(200);
    expect((await call(reader, 'GET', `${url}/all`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `${url}/all`)).statusCode).toBe(401);
    await createUser(t.services, t.demo, 'no-roles');
    expect((await call(await token(t.app, 'demo', 'no-roles'), 'GET', `${url}/all`)).statusCode).toBe(403);
    await expectDeleted({ t, demoAdmin }, url, row.id);
  });

  it("are out of another tenant's reach: read, update, delete and rotate are 404", async () => {
    const theirs = await create(otherAdmin, site('theirs'));
    await expectOutOfReach({ t, demoAdmin, otherAdmin }, url, theirs, {
      change: site('theirs', { name: 'taken' }),
      filter: 'theirs',
      expected: { code: 'theirs', name: '站点 theirs' },
    });
    expect((await call(demoAdmin, 'PUT', `${url}/${theirs.id}/refresh-token`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `${url}/${theirs.id}`)).json().secretHint).toBe('');
  });
});

describe('site settings', () => {
  const settingsUrl = (id: string) => `${url}/${id}/settings`;
  const settings = {
    paymentTypes: ['Alipay', 'WeChat', 'Alipay'],
    cancelUnpaidAfterMinutes: 30,
    abandonCartAfterHours: 2,
    expireEmptyCartsAfterHours: 6,
    expireAnonymousCartsAfterDays: 30,
    expireContactCartsAfterDays: 90,
    reviewsMustBeApproved: false,
    reviewsOnlyAfterPurchase: true,
    oneReviewPerProduct: true,
    notifyOwnerOfReviews: false,
  };

  it('start at the defaults, are saved whole with the site’s stamp, and reach the storefront', async () => {
    const row = await create(demoAdmin, site('settings'));
    const start = (await call(demoAdmin, 'GET', settingsUrl(row.id))).json();
    expect(start).toEqual({
      siteId: row.id,
      concurrencyStamp: row.concurrencyStamp,
      paymentTypes: ['Cash', 'BACS', 'Alipay', 'WeChat'],
      cancelUnpaidAfterMinutes: 60,
      abandonCartAfterHours: 1,
      expireEmptyCartsAfterHours: 6,
      expireAnonymousCartsAfterDays: 30,
      expireContactCartsAfterDays: 90,
      reviewsMustBeApproved: true,
      reviewsOnlyAfterPurchase: false,
      oneReviewPerProduct: true,
      notifyOwnerOfReviews: true,
    });
    const stale = await call(demoAdmin, 'PUT', settingsUrl(row.id), { ...settings, concurrencyStamp: 'stale' });
    expect(stale.statusCode).toBe(409);
    const saved = await call(demoAdmin, 'PUT', settingsUrl(row.id), {
      ...settings,
      concurrencyStamp: start.concurrencyStamp,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ paymentTypes: ['Alipay', 'WeChat'], reviewsOnlyAfterPurchase: true });
    expect(saved.json().concurrencyStamp).not.toBe(start.concurrencyStamp);
    // an edit of the site keeps its settings
    const site2 = (await call(demoAdmin, 'GET', `${url}/${row.id}`)).json();
    await expectStampedUpdate({ t, demoAdmin }, url, site2, site('settings', { name: 'renamed' }));
    expect((await call(demoAdmin, 'GET', settingsUrl(row.id))).json().cancelUnpaidAfterMinutes).toBe(30);
    expect((await store({ 'x-site-key': row.publishableKey })).json().paymentTypes).toEqual(['Alipay', 'WeChat']);
    await expectDeleted({ t, demoAdmin }, url, row.id);
  });

  it('refuse bad input naming the field; 403 without the permission, 404 for another tenant’s site', async () => {
    const row = await create(demoAdmin, site('settings-guarded'));
    for (const [change, member] of [
      [{ paymentTypes: [] }, 'paymentTypes'],
      [{ paymentTypes: ['Bitcoin'] }, 'paymentTypes.0'],
      [{ abandonCartAfterHours: 0 }, 'abandonCartAfterHours'],
      [{ cancelUnpaidAfterMinutes: 1.5 }, 'cancelUnpaidAfterMinutes'],
      [{ reviewsMustBeApproved: 'yes' }, 'reviewsMustBeApproved'],
    ] as const) {
      const res = await call(demoAdmin, 'PUT', settingsUrl(row.id), { ...settings, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(members(res)).toEqual([member]);
    }
    await expectGuarded(
      { t, nobody, reader },
      [
        ['GET', settingsUrl(row.id)],
        ['PUT', settingsUrl(row.id)],
      ],
      settings,
    );
    const theirs = await create(otherAdmin, site('their-settings'));
    expect((await call(demoAdmin, 'GET', settingsUrl(theirs.id))).statusCode).toBe(404);
    expect((await call(demoAdmin, 'PUT', settingsUrl(theirs.id), settings)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', settingsUrl(theirs.id))).json().reviewsMustBeApproved).toBe(true);
  });
});

describe('the site secret and the Storefront API key', () => {
  it('rotates: the new secret shown once, the old one kept for the grace period, then refused', async () => {
    const row = await create(demoAdmin, site('rotating', { allowedOrigins: ['https://rotating.example.com'] }));
    const key = { 'x-site-key': row.publishableKey };
    // the publishable key alone identifies the site
    const open = await store(key);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual({
      name: '站点 rotating',
      code: 'rotating',
      defaultLanguage: 'zh-Hans',
      languages: ['zh-Hans', 'en'],
      defaultCurrency: 'CNY',
      currencies: ['CNY', 'USD'],
      timeZone: 'Asia/Shanghai',
      logoUrl: null,
      company: { name: null, address: null, phone: null, email: null, vat: null },
      seo: { title: null, description: null, keywords: null },
      paymentTypes: ['Cash', 'BACS', 'Alipay', 'WeChat'],
    });
    expect((await call(demoAdmin, 'GET', `${url}/${row.id}`)).json().lastUsedAt).toBeTruthy();

    // the first secret replaces nothing
    const first = await call(demoAdmin, 'PUT', `${url}/${row.id}/refresh-token`);
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json();
    expect(one.secret).toMatch(/^sk_[\w-]{43}$/);
    expect(one.secretHint).toBe(`sk_…${one.secret.slice(-4)}`);
    expect(one.previousSecretExpiresAt).toBeNull();
    expect((await store({ ...key, 'x-site-secret': one.secret })).statusCode).toBe(200);

    // the second keeps the first working for the default 24 hours
    const two = (await call(demoAdmin, 'PUT', `${url}/${row.id}/refresh-token`)).json();
    expect(two.secret).not.toBe(one.secret);
    const until = new Date(two.previousSecretExpiresAt).getTime();
    expect(Math.abs(until - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);
    expect((await store({ ...key, 'x-site-secret': two.secret })).statusCode).toBe(200);
    expect((await store({ ...key, 'x-site-secret': one.secret })).statusCode).toBe(200);
    // the publishable key is unchanged and still works alone
    const after = (await call(demoAdmin, 'GET', `${url}/${row.id}`)).json();
    expect(after.publishableKey).toBe(row.publishableKey);
    expect(after.secretHint).toBe(two.secretHint);
    expect(JSON.stringify(after)).not.toContain(two.secret);
    expect((await store(key)).statusCode).toBe(200);

    // once the grace period is over, the old secret is refused and the new one still works
    await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
      tx
        .update(sites)
        .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(sites.id, row.id)),
    );
    const rotatedOut = await store({ ...key, 'x-site-secret': one.secret });
    expect(rotatedOut.statusCode).toBe(401);
    expect(rotatedOut.json().error.message).toBe('The site secret is not valid.');
    expect((await store({ ...key, 'x-site-secret': two.secret })).statusCode).toBe(200);
    expect((await call(demoAdmin, 'GET', `${url}/${row.id}`)).json().previousSecretExpiresAt).toBeNull();

    // the audit log shows that the secret changed, never its hash
    const rotation = await vi.waitFor(async () => {
      const logs = (await call(demoAdmin, 'GET', `/api/auditing/audit-log?url=${row.id}/refresh-token`)).json();
      expect(logs.totalCount).toBe(2);
      return logs.items[0] as { id: string };
    });
    const detail = (await call(demoAdmin, 'GET', `/api/auditing/audit-log/${rotation.id}`)).json();
    const changes = detail.entityChanges[0].propertyChanges as { propertyName: string; newValue: string }[];
    expect(changes.find((c) => c.propertyName === 'secretHash')?.newValue).toBe('***');
    expect(JSON.stringify(detail)).not.toMatch(/[0-9a-f]{64}/);
    await expectDeleted({ t, demoAdmin }, url, row.id);
  });

  it('refuses a missing, malformed, unknown or closed key, and an admin token in its place', async () => {
    const missing = await store({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.message).toBe('Send the site’s publishable key in the x-site-key header.');
    for (const bad of ['pk_nonsense', `pk_${'A'.repeat(22)}_${'B'.repeat(22)}`, "pk_' OR 1=1 --"])
      expect((await store({ 'x-site-key': bad })).statusCode, bad).toBe(401);
    // a real tenant with a key id that is not one of its sites
    const demoKey = (await call(demoAdmin, 'GET', url)).json().items[0].publishableKey as string;
    const wrongSite = `${demoKey.slice(0, demoKey.lastIndexOf('_'))}_${'x'.repeat(22)}`;
    expect((await store({ 'x-site-key': wrongSite })).statusCode).toBe(401);
    // another tenant's site id under demo's tenant part is not found either
    const theirs = await create(otherAdmin, site('other-shop'));
    const crossed = `${demoKey.slice(0, demoKey.lastIndexOf('_'))}${theirs.publishableKey.slice(theirs.publishableKey.lastIndexOf('_'))}`;
    expect((await store({ 'x-site-key': crossed })).statusCode).toBe(401);
    expect((await store({ 'x-site-key': theirs.publishableKey })).json().code).toBe('other-shop');
    // an admin token is no site key
    expect((await store({ authorization: `Bearer ${demoAdmin}` })).statusCode).toBe(401);
    // a secret sent along must be right
    expect((await store({ 'x-site-key': demoKey, 'x-site-secret': 'sk_wrong' })).statusCode).toBe(401);

    const closed = await create(demoAdmin, site('closed', { isActive: false }));
    const refused = await store({ 'x-site-key': closed.publishableKey });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This site is closed.');
    await expectDeleted({ t, demoAdmin }, url, closed.id);
  });

  it('answers readable only to the site’s allowed origins; preflights name the headers it takes', async () => {
    const row = await create(demoAdmin, site('cors', { allowedOrigins: ['https://shop.example.com'] }));
    const allowed = await store({ 'x-site-key': row.publishableKey, origin: 'https://shop.example.com' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    const other = await store({ 'x-site-key': row.publishableKey, origin: 'https://evil.example.net' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/store/site',
      headers: { origin: 'https://shop.example.com', 'access-control-request-headers': 'x-site-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('x-site-key');
    await expectDeleted({ t, demoAdmin }, url, row.id);
  });

  it('limits the calls per key and client address (429 past the limit, other keys unaffected)', async () => {
    const busy = await create(demoAdmin, site('busy'));
    const quiet = await create(demoAdmin, site('quiet'));
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++) statuses.push((await store({ 'x-site-key': busy.publishableKey })).statusCode);
    expect(statuses.slice(0, 300).every((s) => s === 200)).toBe(true);
    expect(statuses[300]).toBe(429);
    expect((await store({ 'x-site-key': quiet.publishableKey })).statusCode).toBe(200);
  });
});
