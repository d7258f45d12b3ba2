import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, expectStampChecked, members, type TestApp, xlsxRows } from '../../../../test/harness.ts';
import { createUser, token } from '../../permission-management/test-support.ts';

const API = '/api/catalog';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let brandReader: string;

type Row = { id: string; concurrencyStamp: string; [k: string]: unknown };

async function grant(userName: string, names: string[]) {
  const users = await as(t.app, demoAdmin)({ method: 'GET', url: `/api/identity/users?filter=${userName}` });
  const id = users.json().items[0].id;
  const res = await as(
    t.app,
    demoAdmin,
  )({
    method: 'PUT',
    url: `/api/permission-management/permissions?providerName=U&providerKey=${id}`,
    payload: { permissions: names.map((name) => ({ name, isGranted: true })) },
  });
  expect(res.statusCode).toBe(204);
}

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody', ['salesman']);
  await createUser(t.services, t.demo, 'brandreader');
  demoAdmin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  await grant('brandreader', ['Catalog.Brands']);
  nobody = await token(t.app, 'demo', 'nobody');
  brandReader = await token(t.app, 'demo', 'brandreader');
});
afterAll(async () => {
  await t?.close();
});

const post = (who: string, url: string, payload: object) => as(t.app, who)({ method: 'POST', url, payload });
const put = (who: string, url: string, payload: object) => as(t.app, who)({ method: 'PUT', url, payload });
const get = (who: string, url: string) => as(t.app, who)({ method: 'GET', url });
const del = (who: string, url: string) => as(t.app, who)({ method: 'DELETE', url });

/** Per entity: a valid body, a changed one, the unique member, a bad body and the members it names. */
const resources = [
  {
    path: 'brands',
    create: { name: '测试品牌', nameEn: 'Test brand', website: 'https://brand.example.com' },
    update: { name: '测试品牌', nameEn: 'Renamed', website: null },
    unique: 'name',
    bad: { name: '', website: 'ftp://x' },
    badMembers: ['name', 'website'],
    filter: '测试品牌',
  },
  {
    path: 'suppliers',
    create: {
      code: 'sup-t01',
      fullName: '测试供应商有限公司',
      settlementForm: 15,
      settlementCycle: 20,
      paymentType: 10,
    },
    update: { code: 'SUP-T01', fullName: '测试供应商', contactPerson: '张三', phone: '+86 138-0000-0000' },
    unique: 'code',
    bad: { code: 'A B', fullName: '', settlementForm: 7, paymentType: 3, qq: 'abc', email: 'x' },
    badMembers: ['code', 'fullName', 'settlementForm', 'paymentType', 'qq', 'email'],
    filter: 'SUP-T',
  },
  {
    path: 'vendor-sources',
    create: { name: '京东', website: 'https://www.jd.com', urlPatterns: ['item.jd.com/*'] },
    update: { name: '京东', website: 'https://www.jd.com', urlPatterns: ['item.jd.com/*', '*.jd.com'], sort: 9 },
    unique: 'name',
    bad: { name: '', urlPatterns: ['not a pattern'] },
    badMembers: ['name', 'urlPatterns.0'],
    filter: 'jd.com',
  },
  {
    path: 'purchase-attributes',
    create: { name: '容量', nameEn: 'Capacity', values: [{ value: '500毫升', valueEn: '500 ml', code: '500ML' }] },
    update: { name: '容量', nameEn: 'Volume', values: [{ value: '1升', valueEn: '1 l', code: '1L' }] },
    unique: 'name',
    bad: { name: '', values: [{ value: '', code: 'a b' }] },
    badMembers: ['name', 'values.0.value', 'values.0.code'],
    filter: 'volume',
  },
  {
    path: 'screen-attributes',
    create: { name: '风格', nameEn: 'Style', options: [{ value: '简约', valueEn: 'Minimal' }] },
    update: { name: '风格', nameEn: 'Look', options: [{ value: '复古', valueEn: 'Retro' }] },
    unique: 'name',
    bad: { name: '', options: [{ value: '' }] },
    badMembers: ['name', 'options.0.value'],
    filter: 'look',
  },
  {
    path: 'attribute-groups',
    create: { name: '测试组', description: 'x' },
    update: { name: '测试组', description: null, items: [] },
    unique: 'name',
    bad: { name: '', items: [{ kind: 'other', attributeId: 'x' }] },
    badMembers: ['name', 'items.0.kind', 'items.0.attributeId'],
    filter: '测试',
  },
  {
    path: 'categories',
    create: { code: 'test-cat', name: '测试分类', nameEn: 'Test' },
    update: { code: 'TEST-CAT', name: '测试分类二', nameEn: null, sort: 3 },
    unique: 'code',
    bad: { code: '-X', name: '', parentId: 'nope' },
    badMembers: ['code', 'name', 'parentId'],
    filter: '分类二',
  },
] as const;

describe.each(resources)('$path', (r) => {
  const url = `${API}/${r.path}`;

  it('creates, reads, lists, updates (stamp checked) and deletes', async () => {
    const created = await post(demoAdmin, url, r.create);
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json() as Row;
    expect(row.id).toBeTruthy();
    expect(row.creatorId).toBeTruthy();

    expect((await get(demoAdmin, `${url}/${row.id}`)).json()).toMatchObject({ id: row.id });
    const all = (await get(demoAdmin, `${url}/all`)).json().items as Row[];
    expect(all.map((x) => x.id)).toContain(row.id);

    const updated = await expectStampChecked(
      (concurrencyStamp) => put(demoAdmin, `${url}/${row.id}`, { ...r.update, concurrencyStamp }),
      row.concurrencyStamp,
    );
    expect(updated.json().concurrencyStamp).not.toBe(row.concurrencyStamp);
    expect(updated.json().lastModifierId).toBeTruthy();

    const page = await get(demoAdmin, `${url}?filter=${encodeURIComponent(r.filter)}&maxResultCount=5`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ totalCount: 1, items: [{ id: row.id }] });

    expect((await del(demoAdmin, `${url}/${row.id}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${url}/${row.id}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the fields, for bad input, duplicates, sorting and paging', async () => {
    const bad = await post(demoAdmin, url, r.bad);
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toEqual(expect.arrayContaining([...r.badMembers]));

    // another unique value: a deleted supplier's code stays taken
    const value = `${String((r.create as Record<string, unknown>)[r.unique])}2`;
    const first = await post(demoAdmin, url, { ...r.create, [r.unique]: value });
    expect(first.statusCode, first.body).toBe(200);
    const dup = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({ method: 'POST', url, payload: { ...r.create, [r.unique]: value.toUpperCase() } });
    expect(dup.statusCode).toBe(400);
    expect(members(dup)).toEqual([r.unique]);
    expect(dup.json().error.validationErrors[0].message).toContain('已存在');
    await del(demoAdmin, `${url}/${first.json().id}`);

    expect(members(await get(demoAdmin, `${url}?sorting=tenantId`))).toEqual(['sorting']);
    expect(members(await get(demoAdmin, `${url}?maxResultCount=5000`))).toEqual(['maxResultCount']);
  });

  it('answers 404 for another tenant’s row and leaves it unchanged', async () => {
    const theirs = (await post(otherAdmin, url, r.create)).json() as Row;
    expect(theirs.id).toBeTruthy();
    expect((await get(demoAdmin, `${url}/${theirs.id}`)).statusCode).toBe(404);
    expect((await put(demoAdmin, `${url}/${theirs.id}`, r.update)).statusCode).toBe(404);
    expect((await del(demoAdmin, `${url}/${theirs.id}`)).statusCode).toBe(404);
    expect((await get(demoAdmin, `${url}?filter=${encodeURIComponent(r.filter)}`)).json().totalCount).toBe(0);
    const still = await get(otherAdmin, `${url}/${theirs.id}`);
    expect(still.json().concurrencyStamp).toBe(theirs.concurrencyStamp);
  });

  it('needs the catalogue permission (settings alone is not enough)', async () => {
    const id = ((await get(demoAdmin, `${url}/all`)).json().items as Row[])[0]?.id ?? crypto.randomUUID();
    for (const [method, u, payload] of [
      ['GET', url, undefined],
      ['GET', `${url}/all`, undefined],
      ['GET', `${url}/${id}`, undefined],
      ['POST', url, r.create],
      ['PUT', `${url}/${id}`, r.update],
      ['DELETE', `${url}/${id}`, undefined],
    ] as const) {
      expect((await as(t.app, nobody)({ method, url: u, payload })).statusCode, `${method} ${u}`).toBe(403);
      expect((await as(t.app, null)({ method, url: u, payload })).statusCode, `${method} ${u}`).toBe(401);
    }
  });
});

describe('concurrent writers', () => {
  it('let one of several same-named brands in; the others get the field error', async () => {
    const results = await Promise.all(
      ['Race', 'RACE', 'race', 'Race', 'rAce'].map((name) => post(demoAdmin, `${API}/brands`, { name })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(members(r)).toEqual(['name']);
  });
});

describe('seeded demo catalogue', () => {
  it('is there for demo and not for other', async () => {
    for (const path of [
      'categories',
      'brands',
      'suppliers',
      'vendor-sources',
      'purchase-attributes',
      'screen-attributes',
      'attribute-groups',
    ]) {
      expect((await get(demoAdmin, `${API}/${path}`)).json().totalCount, path).toBeGreaterThan(1);
    }
    expect((await get(otherAdmin, `${API}/categories?filter=APPAREL`)).json().totalCount).toBe(0);
    expect((await get(otherAdmin, `${API}/suppliers?filter=SUP-001`)).json().totalCount).toBe(0);
    const tree = (await get(demoAdmin, `${API}/categories/all`)).json().items as {
      code: string;
      parentId: string | null;
      id: string;
    }[];
    const apparel = tree.find((c) => c.code === 'APPAREL')!;
    expect(tree.filter((c) => c.parentId === apparel.id).map((c) => c.code)).toEqual(['WOMEN', 'MEN']);
  });
});

describe('permissions per action', () => {
  it('a reader of brands may list them but not create one', async () => {
    expect((await get(brandReader, `${API}/brands`)).statusCode).toBe(200);
    expect((await post(brandReader, `${API}/brands`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await get(brandReader, `${API}/suppliers`)).statusCode).toBe(403);
  });

  it('shows the product menu only to holders of settings and a catalogue permission', async () => {
    const codes = async (who: string) =>
      ((await get(who, '/api/platform/menus/by-current-user')).json().items as { path: string }[]).map((m) => m.path);
    expect(await codes(demoAdmin)).toEqual(expect.arrayContaining(['/product', 'catalog', 'brach', 'supplier']));
    expect(await codes(nobody)).not.toContain('/product');
  });
});

describe('categories', () => {
  const url = `${API}/categories`;
  const create = async (code: string, parentId: string | null = null) => {
    const res = await post(demoAdmin, url, { code, name: code, parentId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row & { parentId: string | null; sort: number };
  };

  it('moves and reorders within the tree, refusing cycles', async () => {
    const root = await create('MV-ROOT');
    const a = await create('MV-A', root.id);
    const b = await create('MV-B', root.id);
    const c = await create('MV-C', root.id);
    expect(a.parentId).toBe(root.id);

    // c to the front among its siblings
    const moved = await put(demoAdmin, `${url}/${c.id}/move`, { parentId: root.id, index: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    const children = async (parentId: string) =>
      ((await get(demoAdmin, `${url}/all`)).json().items as (Row & { parentId: string; code: string })[])
        .filter((x) => x.parentId === parentId)
        .map((x) => x.code);
    expect(await children(root.id)).toEqual(['MV-C', 'MV-A', 'MV-B']);

    // b under a, then a under its own child: refused
    expect((await put(demoAdmin, `${url}/${b.id}/move`, { parentId: a.id, index: 0 })).statusCode).toBe(200);
    expect(await children(a.id)).toEqual(['MV-B']);
    const cycle = await put(demoAdmin, `${url}/${a.id}/move`, { parentId: b.id, index: 0 });
    expect(cycle.statusCode).toBe(400);
    expect(members(cycle)).toEqual(['parentId']);
    const self = await put(demoAdmin, `${url}/${a.id}/move`, { parentId: a.id, index: 0 });
    expect(members(self)).toEqual(['parentId']);

    // to the top level, with a stale stamp: 409
    const stale = await put(demoAdmin, `${url}/${a.id}/move`, { parentId: null, index: 0, concurrencyStamp: 'x' });
    expect(stale.statusCode).toBe(409);
    expect((await put(demoAdmin, `${url}/${a.id}/move`, { parentId: null, index: 0 })).json()).toMatchObject({
      parentId: null,
      sort: 0,
    });
  });

  it('keeps a category with subcategories, and refuses parents and groups of another tenant', async () => {
    const root = await create('KEEP-ROOT');
    await create('KEEP-CHILD', root.id);
    const refused = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'DELETE', url: `${url}/${root.id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('子分类');

    const theirRoot = (await post(otherAdmin, url, { code: 'THEIRS', name: 'theirs' })).json() as Row;
    const theirGroup = (await post(otherAdmin, `${API}/attribute-groups`, { name: 'theirs' })).json() as Row;
    const bad = await post(demoAdmin, url, { code: 'X1', name: 'x', parentId: theirRoot.id, attributeGroupId: null });
    expect(members(bad)).toEqual(['parentId']);
    const badGroup = await post(demoAdmin, url, { code: 'X2', name: 'x', attributeGroupId: theirGroup.id });
    expect(members(badGroup)).toEqual(['attributeGroupId']);
    const badMove = await put(demoAdmin, `${url}/${root.id}/move`, { parentId: theirRoot.id, index: 0 });
    expect(members(badMove)).toEqual(['parentId']);
    expect((await put(demoAdmin, `${url}/${theirRoot.id}/move`, { parentId: null, index: 0 })).statusCode).toBe(404);
    expect((await put(nobody, `${url}/${root.id}/move`, { parentId: null, index: 0 })).statusCode).toBe(403);
    expect(members(await put(demoAdmin, `${url}/${root.id}/move`, { parentId: null, index: -1 }))).toEqual(['index']);
  });
});

describe('attributes and groups', () => {
  it('keeps value ids across edits, upper-cases SKU codes and refuses repeats', async () => {
    const url = `${API}/purchase-attributes`;
    const created = (
      await post(demoAdmin, url, {
        name: '长度',
        values: [
          { value: '短', code: 's' },
          { value: '长', code: 'l' },
        ],
      })
    ).json() as Row & { values: { id: string; code: string; value: string }[] };
    expect(created.values.map((v) => v.code)).toEqual(['S', 'L']);
    const [short] = created.values;
    const updated = await put(demoAdmin, `${url}/${created.id}`, {
      name: '长度',
      values: [
        { id: short.id, value: '短款', code: 'S' },
        { value: '中', code: 'M' },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const values = updated.json().values as { id: string; value: string; code: string }[];
    expect(values.map((v) => [v.value, v.code])).toEqual([
      ['短款', 'S'],
      ['中', 'M'],
    ]);
    expect(values[0].id).toBe(short.id);

    const dup = await put(demoAdmin, `${url}/${created.id}`, {
      name: '长度',
      values: [
        { value: 'a', code: 'X' },
        { value: 'b', code: 'x' },
      ],
    });
    expect(members(dup)).toEqual(['values.1.code']);
  });

  it('groups name their attributes; removing an attribute or a group unlinks it', async () => {
    const color = (await post(demoAdmin, `${API}/purchase-attributes`, { name: '图案', values: [] })).json() as Row;
    const season = (await post(demoAdmin, `${API}/screen-attributes`, { name: '场合', options: [] })).json() as Row;
    const theirs = (await post(otherAdmin, `${API}/screen-attributes`, { name: '场合' })).json() as Row;

    const url = `${API}/attribute-groups`;
    const missing = await post(demoAdmin, url, {
      name: 'G1',
      items: [
        { kind: 'purchase', attributeId: color.id },
        { kind: 'screen', attributeId: theirs.id },
      ],
    });
    expect(members(missing)).toEqual(['items.1.attributeId']);
    const wrongKind = await post(demoAdmin, url, { name: 'G1', items: [{ kind: 'screen', attributeId: color.id }] });
    expect(members(wrongKind)).toEqual(['items.0.attributeId']);

    const group = await post(demoAdmin, url, {
      name: 'G1',
      items: [
        { kind: 'purchase', attributeId: color.id, required: true },
        { kind: 'screen', attributeId: season.id },
      ],
    });
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().items).toMatchObject([
      { kind: 'purchase', attributeId: color.id, attributeName: '图案', required: true },
      { kind: 'screen', attributeId: season.id, attributeName: '场合', required: false },
    ]);
    const category = (
      await post(demoAdmin, `${API}/categories`, { code: 'G1-CAT', name: 'g', attributeGroupId: group.json().id })
    ).json();
    expect(category.attributeGroupId).toBe(group.json().id);

    expect((await del(demoAdmin, `${API}/purchase-attributes/${color.id}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${url}/${group.json().id}`)).json().items).toMatchObject([
      { attributeId: season.id },
    ]);

    expect((await del(demoAdmin, `${url}/${group.json().id}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${API}/categories/${category.id}`)).json().attributeGroupId).toBeNull();
  });
});

describe('suppliers', () => {
  const url = `${API}/suppliers`;

  it('has one default supplier; a recycled supplier keeps its code', async () => {
    const a = (await post(demoAdmin, url, { code: 'DEF-A', fullName: 'A', isDefault: true })).json() as Row;
    const b = (await post(demoAdmin, url, { code: 'DEF-B', fullName: 'B', isDefault: true })).json() as Row;
    const defaults = ((await get(demoAdmin, `${url}/all`)).json().items as Row[]).filter((s) => s.isDefault);
    expect(defaults.map((s) => s.id)).toEqual([b.id]);

    expect((await del(demoAdmin, `${url}/${a.id}`)).statusCode).toBe(204);
    const again = await post(demoAdmin, url, { code: 'DEF-A', fullName: 'A again' });
    expect(members(again)).toEqual(['code']);
  });

  it('exports the filtered list with localized headers and option labels', async () => {
    const res = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({ method: 'GET', url: `${url}/export?filter=SUP-00&sorting=code desc` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['编码', '公司全称', '结算方式']));
    expect(rows.slice(1).map((r) => r[0])).toEqual(['SUP-003', 'SUP-002', 'SUP-001']);
    expect(rows.find((r) => r[0] === 'SUP-001')).toEqual(expect.arrayContaining(['定期结算', '月结', '银行转账']));
    expect((await get(nobody, `${url}/export`)).statusCode).toBe(403);
    expect(members(await get(demoAdmin, `${url}/export?sorting=nope`))).toEqual(['sorting']);
  });

  it('exports brands too', async () => {
    const res = await get(demoAdmin, `${API}/brands/export`);
    expect(res.statusCode).toBe(200);
    const rows = await xlsxRows(res.rawPayload);
    expect(rows[0][0]).toBe('Name');
    expect(rows.length).toBeGreaterThan(3);
  });
});

describe('vendor sources', () => {
  it('recognises a product URL by the sources’ patterns', async () => {
    const match = async (u: string) =>
      ((await get(demoAdmin, `${API}/vendor-sources/match?url=${encodeURIComponent(u)}`)).json().items as Row[]).map(
        (s) => s.name,
      );
    expect(await match('https://detail.1688.com/offer/123456.html?spm=a')).toEqual(['1688']);
    expect(await match('https://item.taobao.com/item.htm?id=1')).toEqual(['淘宝']);
    expect(await match('https://example.com/x')).toEqual([]);
    expect(members(await get(demoAdmin, `${API}/vendor-sources/match`))).toEqual(['url']);
    expect((await get(nobody, `${API}/vendor-sources/match?url=x`)).statusCode).toBe(403);
  });
});
