import { beforeAll, describe, expect, it } from 'vitest';
import { as, members, type TestApp, xlsxRows } from '../../../../test/harness.ts';
import { useCatalogApp } from '../test-support.ts';

const API = '/api/catalog/products';
const RECYCLE = '/api/catalog/recycle/products';

const app = useCatalogApp();
const { get, post, put, del } = app;
let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;

type Row = { id: string; concurrencyStamp: string; sku: string; [k: string]: unknown };

/** A category, a colour attribute (3 values) and a size attribute (2 values) of `who`'s tenant. */
async function masterData(who: string, suffix: string) {
  const category = (
    await post(who, '/api/catalog/categories', { code: `PT${suffix}`, name: `测试类${suffix}` })
  ).json();
  const colour = (
    await post(who, '/api/catalog/purchase-attributes', {
      name: `颜色${suffix}`,
      values: [
        { value: '红', code: 'RD' },
        { value: '黑', code: 'BK' },
        { value: '白', code: 'WT' },
      ],
    })
  ).json();
  const size = (
    await post(who, '/api/catalog/purchase-attributes', {
      name: `尺码${suffix}`,
      values: [
        { value: 'M', code: 'M' },
        { value: 'L', code: 'L' },
      ],
    })
  ).json();
  return { category, colour, size };
}

let demo: Awaited<ReturnType<typeof masterData>>;

const body = (sku: string, extra: object = {}) => ({
  name: '测试保温杯',
  nameEn: 'Test flask',
  sku,
  categoryIds: [demo.category.id],
  description: '不锈钢真空保温杯',
  price: 39.9,
  weight: 350,
  specialAttributes: ['liquid'],
  region: 'MY',
  developmentDate: '2026-01-05',
  launchDate: '2026-02-01',
  salesTypes: ['normal', 'variation'],
  resource: 'selfDeveloped',
  ...extra,
});

/** The messages of a 400 by member, in the caller's language. */
const messagesOf = (res: { json(): { error: { validationErrors: { members: string[]; message: string }[] } } }) =>
  Object.fromEntries(res.json().error.validationErrors.map((v) => [v.members[0], v.message]));

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody } = app);
  demo = await masterData(demoAdmin, 'A');
});

describe('products', () => {
  it('seeds demo products with variants along the lifecycle', async () => {
    const res = (await get(demoAdmin, `${API}?filter=DEMO-&maxResultCount=50`)).json();
    expect(res.totalCount).toBe(10);
    const tee = (await get(demoAdmin, `${API}/by-sku?sku=DEMO-TS-001`)).json();
    expect(tee).toMatchObject({ pmsStatus: 3, inStock: true, region: 'MY', salesTypes: ['normal', 'variation'] });
    expect(tee.variants).toHaveLength(9);
    expect(tee.specifications.map((s: Row) => s.name)).toEqual(['面料', '克重', '版型']);
    expect(tee.screenValues).toHaveLength(2);
    expect(tee.launchDate > tee.developmentDate).toBe(true);
    expect(res.items.find((p: Row) => p.sku === 'DEMO-HB-005')).toMatchObject({ pmsStatus: 4 });
  });

  it('creates a product with the cartesian product of its variant options, reads, updates and lists it', async () => {
    const created = await post(
      demoAdmin,
      API,
      body('tp-cup-01', {
        variantOptions: [
          { attributeId: demo.colour.id, valueIds: demo.colour.values.map((v: Row) => v.id) },
          { attributeId: demo.size.id, valueIds: demo.size.values.map((v: Row) => v.id) },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json();
    expect(p).toMatchObject({ sku: 'TP-CUP-01', pmsStatus: 1, isActive: true, price: '39.90', weight: 350 });
    expect(p.variants.map((v: Row) => v.sku)).toEqual([
      'TP-CUP-01-RD-M',
      'TP-CUP-01-RD-L',
      'TP-CUP-01-BK-M',
      'TP-CUP-01-BK-L',
      'TP-CUP-01-WT-M',
      'TP-CUP-01-WT-L',
    ]);
    expect(p.variants[0]).toMatchObject({ label: '红 / M', price: '39.90' });

    expect((await get(demoAdmin, `${API}/${p.id}`)).json()).toMatchObject({ id: p.id, sku: 'TP-CUP-01' });

    // partial variant SKU, case-insensitive
    const found = await get(demoAdmin, `${API}?filter=cup-01-bk&maxResultCount=5`);
    expect(found.json()).toMatchObject({ totalCount: 1, items: [{ id: p.id }] });
    const byCategory = await get(demoAdmin, `${API}?categoryId=${demo.category.id}&pmsStatus=1&isActive=true`);
    expect(byCategory.json().items.map((x: Row) => x.id)).toContain(p.id);
    expect((await get(demoAdmin, `${API}?categoryId=${demo.category.id}&pmsStatus=3`)).json().totalCount).toBe(0);
    const sorted = await get(demoAdmin, `${API}?sorting=price desc&maxResultCount=2`);
    expect(sorted.statusCode).toBe(200);

    // stale stamp → 409; one colour dropped → its two variants go, the others keep their ids
    const stale = await put(demoAdmin, `${API}/${p.id}`, { ...body('TP-CUP-01'), concurrencyStamp: 'f'.repeat(32) });
    expect(stale.statusCode).toBe(409);
    const updated = await put(demoAdmin, `${API}/${p.id}`, {
      ...body('TP-CUP-02', { name: '测试保温杯二' }),
      variantOptions: [
        { attributeId: demo.colour.id, valueIds: [demo.colour.values[0].id, demo.colour.values[1].id] },
        { attributeId: demo.size.id, valueIds: demo.size.values.map((v: Row) => v.id) },
      ],
      concurrencyStamp: p.concurrencyStamp,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const u = updated.json();
    expect(u.variants.map((v: Row) => v.sku)).toEqual([
      'TP-CUP-02-RD-M',
      'TP-CUP-02-RD-L',
      'TP-CUP-02-BK-M',
      'TP-CUP-02-BK-L',
    ]);
    expect(u.variants[0].id).toBe(p.variants[0].id);
    expect((await get(demoAdmin, `${API}?filter=TP-CUP-01`)).json().totalCount).toBe(0);

    // remove-variant: gone and no longer found by its SKU
    const removed = await del(demoAdmin, `${API}/remove-variant/${u.variants[3].id}`);
    expect(removed.statusCode).toBe(204);
    expect((await get(demoAdmin, `${API}/${p.id}`)).json().variants).toHaveLength(3);
    expect((await get(demoAdmin, `${API}/by-sku?sku=TP-CUP-02-BK-L`)).statusCode).toBe(404);

    // by-sku (parent or variant) and item-price (batch)
    expect((await get(demoAdmin, `${API}/by-sku?sku=tp-cup-02-rd-l`)).json()).toMatchObject({ id: p.id });
    const prices = await get(demoAdmin, `${API}/item-price?skus=TP-CUP-02,TP-CUP-02-RD-M&skus=NOPE`);
    expect(prices.statusCode, prices.body).toBe(200);
    expect(prices.json().items).toEqual(
      expect.arrayContaining([
        { sku: 'TP-CUP-02', productId: p.id, variantId: null, price: '39.90', currency: 'CNY' },
        expect.objectContaining({ sku: 'TP-CUP-02-RD-M', productId: p.id, price: '39.90', currency: 'CNY' }),
      ]),
    );
    expect(prices.json().items).toHaveLength(2);
  });

  it('applies the form rules with the spec’s messages (400 naming the fields)', async () => {
    const empty = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'POST', url: API, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(members(empty)).toEqual(
      expect.arrayContaining([
        'name',
        'sku',
        'categoryIds',
        'description',
        'price',
        'region',
        'developmentDate',
        'launchDate',
        'salesTypes',
        'resource',
      ]),
    );
    const messages = empty.json().error.validationErrors.map((v: { message: string }) => v.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        '请输入名称',
        '请输入父 SKU',
        '请选择分类',
        '请填写价格',
        '请选择区域',
        '请选择日期',
        '请至少选择一个类型',
        '请选择资源',
      ]),
    );

    const short = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({ method: 'POST', url: API, payload: body('TP-X', { name: 'ab' }) });
    expect(members(short)).toEqual(['name']);
    expect(short.json().error.validationErrors[0].message).toBe('长度在 3 个字符以上');

    expect(members(await post(demoAdmin, API, body('bad sku!')))).toEqual(['sku']);
    expect(members(await post(demoAdmin, API, body('TP-Y', { categoryIds: [crypto.randomUUID()] })))).toEqual([
      'categoryIds.0',
    ]);
    expect(members(await post(demoAdmin, API, body('TP-Y', { brandId: crypto.randomUUID() })))).toEqual(['brandId']);
    expect(members(await post(demoAdmin, API, body('TP-Y', { specialAttributes: ['fire'] })))).toEqual([
      'specialAttributes.0',
    ]);
    expect(
      members(
        await post(
          demoAdmin,
          API,
          body('TP-Y', { variantOptions: [{ attributeId: demo.colour.id, valueIds: [demo.size.values[0].id] }] }),
        ),
      ),
    ).toEqual(['variantOptions.0.valueIds.0']);
    expect(members(await get(demoAdmin, `${API}?sorting=tenantId`))).toEqual(['sorting']);
    // spec §5: a call without its id is a client error naming it
    expect(members(await post(demoAdmin, `${API}/approve-product`, { pmsStatus: 3 }))).toEqual(['id']);
  });

  it('requires region, both dates, a type and a resource with the spec’s messages (zh and en)', async () => {
    const cases: [string, object, string, string][] = [
      ['region', { region: undefined }, '请选择区域', 'Please select a region'],
      ['region', { region: '' }, '请选择区域', 'Please select a region'],
      ['developmentDate', { developmentDate: undefined }, '请选择日期', 'Please pick a date'],
      ['launchDate', { launchDate: null }, '请选择日期', 'Please pick a date'],
      ['salesTypes', { salesTypes: undefined }, '请至少选择一个类型', 'Please choose at least one type'],
      ['salesTypes', { salesTypes: [] }, '请至少选择一个类型', 'Please choose at least one type'],
      ['resource', { resource: undefined }, '请选择资源', 'Please select a resource'],
    ];
    for (const [field, extra, zh, en] of cases) {
      for (const [culture, message] of [
        ['zh-Hans', zh],
        ['en', en],
      ]) {
        const res = await as(t.app, demoAdmin, culture)({ method: 'POST', url: API, payload: body('TP-REQ', extra) });
        expect(res.statusCode, `${field} ${culture}`).toBe(400);
        expect(messagesOf(res)).toEqual({ [field]: message });
      }
    }
    // the update applies the same rules
    const p = (await post(demoAdmin, API, body('TP-REQ'))).json();
    const { region: _, ...noRegion } = body('TP-REQ');
    expect(members(await put(demoAdmin, `${API}/${p.id}`, noRegion))).toEqual(['region']);

    // launch before development: named on the launch date; the same day is fine
    const early = body('TP-REQ-2', { developmentDate: '2026-03-01', launchDate: '2026-02-28' });
    const zh = await as(t.app, demoAdmin, 'zh-Hans')({ method: 'POST', url: API, payload: early });
    expect(messagesOf(zh)).toEqual({ launchDate: '上架日期不能早于开发日期' });
    const en = await as(t.app, demoAdmin, 'en')({ method: 'POST', url: API, payload: early });
    expect(messagesOf(en)).toEqual({ launchDate: 'The launch date cannot be before the development date' });
    const sameDay = await post(
      demoAdmin,
      API,
      body('TP-REQ-2', { developmentDate: '2026-03-01', launchDate: '2026-03-01' }),
    );
    expect(sameDay.statusCode, sameDay.body).toBe(200);
    expect(sameDay.json()).toMatchObject({
      region: 'MY',
      developmentDate: '2026-03-01',
      launchDate: '2026-03-01',
      salesTypes: ['normal', 'variation'],
      resource: 'selfDeveloped',
      screenValues: [],
      specifications: [],
      detailContent: null,
    });

    // values outside the option sets
    expect(members(await post(demoAdmin, API, body('TP-REQ-3', { region: 'XX' })))).toEqual(['region']);
    expect(members(await post(demoAdmin, API, body('TP-REQ-3', { salesTypes: ['gift'] })))).toEqual(['salesTypes.0']);
    expect(members(await post(demoAdmin, API, body('TP-REQ-3', { resource: 'shop' })))).toEqual(['resource']);
    expect(members(await post(demoAdmin, API, body('TP-REQ-3', { launchDate: '2026-13-01' })))).toEqual(['launchDate']);
    expect(members(await post(demoAdmin, API, body('TP-REQ-3', { detailContent: 'x'.repeat(100_001) })))).toEqual([
      'detailContent',
    ]);
  });

  it('keeps screening values of the tenant’s own attributes and options', async () => {
    const attribute = (who: string, options: string[]) =>
      post(who, '/api/catalog/screen-attributes', { name: '风格SV', options: options.map((value) => ({ value })) });
    const mine = (await attribute(demoAdmin, ['简约', '复古'])).json();
    const theirs = (await attribute(otherAdmin, ['简约'])).json();
    const [simple, retro] = mine.options.map((o: Row) => o.id);

    const foreignOption = await post(
      demoAdmin,
      API,
      body('TP-SV', { screenValues: [{ attributeId: mine.id, optionIds: [simple, theirs.options[0].id] }] }),
    );
    expect(foreignOption.statusCode).toBe(400);
    expect(members(foreignOption)).toEqual(['screenValues.0.optionIds.1']);
    const foreignAttribute = await post(
      demoAdmin,
      API,
      body('TP-SV', { screenValues: [{ attributeId: theirs.id, optionIds: [theirs.options[0].id] }] }),
    );
    expect(members(foreignAttribute)).toEqual(['screenValues.0.attributeId']);
    expect((await get(demoAdmin, `${API}?filter=TP-SV`)).json().totalCount).toBe(0);

    const created = await post(
      demoAdmin,
      API,
      body('TP-SV', { screenValues: [{ attributeId: mine.id, optionIds: [retro, simple] }] }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json();
    expect(p.screenValues).toEqual([{ attributeId: mine.id, optionIds: [retro, simple] }]);
    const cleared = await put(demoAdmin, `${API}/${p.id}`, body('TP-SV', { screenValues: [] }));
    expect(cleared.json().screenValues).toEqual([]);
  });

  it('keeps the declared value as money of its declared currency: its digits, no more places', async () => {
    // a JSON number is taken as its text and written with the currency's two digits
    const usd = await post(demoAdmin, API, body('TP-DV1', { declaredValue: 12.5, declaredCurrency: 'usd' }));
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json()).toMatchObject({ declaredValue: '12.50', declaredCurrency: 'USD' });
    // whole yen; a fraction of a yen is refused on the member
    const yen = await post(demoAdmin, API, body('TP-DV2', { declaredValue: '1200', declaredCurrency: 'JPY' }));
    expect(yen.json()).toMatchObject({ declaredValue: '1200', declaredCurrency: 'JPY' });
    const fraction = await post(demoAdmin, API, body('TP-DV3', { declaredValue: '1200.5', declaredCurrency: 'JPY' }));
    expect(fraction.statusCode).toBe(400);
    expect(Object.keys(messagesOf(fraction))).toEqual(['declaredValue']);
    // three places in dinar; a fourth is refused
    const kwd = await post(demoAdmin, API, body('TP-DV4', { declaredValue: '3.125', declaredCurrency: 'KWD' }));
    expect(kwd.json()).toMatchObject({ declaredValue: '3.125' });
    const places = await post(demoAdmin, API, body('TP-DV5', { declaredValue: '3.1255', declaredCurrency: 'KWD' }));
    expect(Object.keys(messagesOf(places))).toEqual(['declaredValue']);
    const read = await get(demoAdmin, `${API}/${usd.json().id}`);
    expect(read.json().declaredValue).toBe('12.50');
  });

  it('saves the spec sheet in order, keeps a line’s id by its name and removes lines', async () => {
    const created = await post(
      demoAdmin,
      API,
      body('TP-SPEC', {
        specifications: [{ name: '材质', value: '304 不锈钢' }, { name: '容量', value: '500 ml' }, { name: '产地' }],
        detailContent: '<p>双层真空保温</p>',
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json();
    expect(p.detailContent).toBe('<p>双层真空保温</p>');
    expect(p.specifications).toMatchObject([
      { name: '材质', value: '304 不锈钢', sort: 0 },
      { name: '容量', value: '500 ml', sort: 1 },
      { name: '产地', value: '', sort: 2 },
    ]);
    const idOf = (rows: Row[], name: string) => rows.find((r) => r.name === name)?.id;

    const updated = await put(
      demoAdmin,
      `${API}/${p.id}`,
      body('TP-SPEC', {
        specifications: [
          { name: '容量', value: '750 ml' },
          { name: '材质', value: '304 不锈钢' },
          { name: '颜色', value: '银色' },
        ],
        concurrencyStamp: p.concurrencyStamp,
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const lines = (await get(demoAdmin, `${API}/${p.id}`)).json().specifications;
    expect(lines).toMatchObject([
      { name: '容量', value: '750 ml', sort: 0 },
      { name: '材质', value: '304 不锈钢', sort: 1 },
      { name: '颜色', value: '银色', sort: 2 },
    ]);
    expect(idOf(lines, '容量')).toBe(idOf(p.specifications, '容量'));
    expect(idOf(lines, '材质')).toBe(idOf(p.specifications, '材质'));
    expect(lines.map((l: Row) => l.id)).not.toContain(idOf(p.specifications, '产地'));

    // bad lines: 400 naming the line
    const spec = (specifications: object[]) => post(demoAdmin, API, body('TP-SPEC-2', { specifications }));
    expect(members(await spec([{ name: 'a' }, { name: 'a' }]))).toEqual(['specifications.1.name']);
    expect(members(await spec([{ name: 'x'.repeat(65), value: '1' }]))).toEqual(['specifications.0.name']);
    expect(members(await spec([{ name: ' ', value: '1' }]))).toEqual(['specifications.0.name']);
    expect(members(await spec([{ name: 'n', value: 'v'.repeat(256) }]))).toEqual(['specifications.0.value']);
    expect(members(await spec(Array.from({ length: 51 }, (_, i) => ({ name: `n${i}` }))))).toEqual(['specifications']);

    // remove-specification: 403 without the update permission, 204, then 404
    const colour = idOf(lines, '颜色');
    expect((await del(nobody, `${API}/remove-specification/${colour}`)).statusCode).toBe(403);
    expect((await del(demoAdmin, `${API}/remove-specification/${colour}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${API}/${p.id}`)).json().specifications.map((l: Row) => l.name)).toEqual([
      '容量',
      '材质',
    ]);
    expect((await del(demoAdmin, `${API}/remove-specification/${colour}`)).statusCode).toBe(404);
    expect(members(await del(demoAdmin, `${API}/remove-specification/not-an-id`))).toEqual(['id']);

    // another tenant's line: 404 and left as it was
    const theirs = await masterData(otherAdmin, 'S');
    const their = (
      await post(otherAdmin, API, {
        ...body('TP-SPEC'),
        categoryIds: [theirs.category.id],
        specifications: [{ name: '材质', value: '玻璃' }],
      })
    ).json();
    const theirLine = their.specifications[0].id;
    expect((await del(demoAdmin, `${API}/remove-specification/${theirLine}`)).statusCode).toBe(404);
    expect((await get(otherAdmin, `${API}/${their.id}`)).json().specifications).toEqual(their.specifications);

    // a line of a recycled product is out of reach too
    expect((await del(demoAdmin, `${API}/${p.id}`)).statusCode).toBe(204);
    const kept = idOf(lines, '材质');
    expect((await del(demoAdmin, `${API}/remove-specification/${kept}`)).statusCode).toBe(404);
  });

  it('applies per-variant price, weight and dimensions on save and keeps them', async () => {
    const [red, black, white] = demo.colour.values.map((v: Row) => v.id);
    const [m, l] = demo.size.values.map((v: Row) => v.id);
    const options = (colours: string[]) => [
      { attributeId: demo.colour.id, valueIds: colours },
      { attributeId: demo.size.id, valueIds: [m, l] },
    ];
    const bySku = (p: { variants: Row[] }, sku: string) => p.variants.find((v) => v.sku === sku);

    const created = await post(
      demoAdmin,
      API,
      body('TP-OVR', {
        variantOptions: options([red, black]),
        variants: [
          { valueIds: [red, m], price: 45, weight: 360, length: 20, width: 8.5, height: 8.5 },
          { valueIds: [l, black], price: 49.5 }, // the combination in any order
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json();
    expect(bySku(p, 'TP-OVR-RD-M')).toMatchObject({ price: '45.00', weight: 360, length: 20, width: 8.5, height: 8.5 });
    // a weight not given follows the product's (null), a price not given starts at the product's
    expect(bySku(p, 'TP-OVR-BK-L')).toMatchObject({ price: '49.50', weight: null, length: null });
    expect(bySku(p, 'TP-OVR-RD-L')).toMatchObject({ price: '39.90', weight: null, length: null });

    // a save without overrides leaves the variants as they are, whatever the product's price
    const again = await put(
      demoAdmin,
      `${API}/${p.id}`,
      body('TP-OVR', { variantOptions: options([red, black]), price: 50 }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(bySku(again.json(), 'TP-OVR-RD-M')).toMatchObject({ price: '45.00', weight: 360, height: 8.5 });
    expect(bySku(again.json(), 'TP-OVR-RD-L')).toMatchObject({ price: '39.90' });

    // a new colour: its variants take the product's price, and an override applies to them too
    const grown = await put(
      demoAdmin,
      `${API}/${p.id}`,
      body('TP-OVR', {
        variantOptions: options([red, black, white]),
        price: 50,
        variants: [{ valueIds: [white, m], height: 3, weight: null }],
      }),
    );
    expect(grown.statusCode, grown.body).toBe(200);
    const g = grown.json();
    expect(bySku(g, 'TP-OVR-WT-M')).toMatchObject({ price: '50.00', weight: null, height: 3 });
    expect(bySku(g, 'TP-OVR-WT-L')).toMatchObject({ price: '50.00', weight: null });
    expect(bySku(g, 'TP-OVR-RD-M')).toMatchObject({ price: '45.00', length: 20 });

    // a combination no variant has: 400 naming it, nothing written
    const unmatched = await put(
      demoAdmin,
      `${API}/${p.id}`,
      body('TP-OVR', {
        variantOptions: options([red, black, white]),
        variants: [
          { valueIds: [red, m], price: 1 },
          { valueIds: [red], price: 2 },
        ],
      }),
    );
    expect(unmatched.statusCode).toBe(400);
    expect(members(unmatched)).toEqual(['variants.1.valueIds']);
    expect(bySku((await get(demoAdmin, `${API}/${p.id}`)).json(), 'TP-OVR-RD-M')).toMatchObject({ price: '45.00' });
    const none = await post(demoAdmin, API, body('TP-OVR-2', { variants: [{ valueIds: [red, m], price: 1 }] }));
    expect(members(none)).toEqual(['variants.0.valueIds']);
    expect((await get(demoAdmin, `${API}?filter=TP-OVR-2`)).json().totalCount).toBe(0);
    const image = await post(
      demoAdmin,
      API,
      body('TP-OVR-2', {
        variantOptions: options([red]),
        variants: [{ valueIds: [red, m], image: '/api/files/x.png' }],
      }),
    );
    expect(members(image)).toEqual(['variants.0.image']);
    expect(
      members(await post(demoAdmin, API, body('TP-OVR-2', { variants: [{ valueIds: [red], price: -1 }] }))),
    ).toEqual(['variants.0.price']);
  });

  it('takes a variant’s own SKU and weight, and lets a variant without them follow the product', async () => {
    const [red, black] = demo.colour.values.map((v: Row) => v.id);
    const [m] = demo.size.values.map((v: Row) => v.id);
    const variantOptions = [
      { attributeId: demo.colour.id, valueIds: [red, black] },
      { attributeId: demo.size.id, valueIds: [m] },
    ];
    const skus = (p: { variants: Row[] }) => p.variants.map((v) => v.sku);
    const bySku = (p: { variants: Row[] }, sku: string) => p.variants.find((v) => v.sku === sku);
    const other = await post(demoAdmin, API, body('TP-VSK-OTHER'));
    expect(other.statusCode, other.body).toBe(200);

    const created = await post(
      demoAdmin,
      API,
      body('TP-VSK', {
        variantOptions,
        variants: [{ valueIds: [red, m], sku: ' tp-red-own ', price: 45, weight: 400 }],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json();
    expect(skus(p)).toEqual(['TP-RED-OWN', 'TP-VSK-BK-M']);
    expect(bySku(p, 'TP-RED-OWN')).toMatchObject({ price: '45.00', weight: 400 });
    expect(bySku(p, 'TP-VSK-BK-M')).toMatchObject({ price: '39.90', weight: null });
    expect((await get(demoAdmin, `${API}/by-sku?sku=tp-red-own`)).json()).toMatchObject({ id: p.id });

    // a new parent SKU renames the variants that follow it and keeps the own one
    const renamed = await put(demoAdmin, `${API}/${p.id}`, {
      ...body('TP-VSK2', { variantOptions, weight: 500 }),
      concurrencyStamp: p.concurrencyStamp,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(skus(renamed.json())).toEqual(['TP-RED-OWN', 'TP-VSK2-BK-M']);
    expect(bySku(renamed.json(), 'TP-VSK2-BK-M')).toMatchObject({ weight: null });

    // an emptied SKU or weight follows the product again
    const followed = await put(demoAdmin, `${API}/${p.id}`, {
      ...body('TP-VSK2', { variantOptions, variants: [{ valueIds: [red, m], sku: '', weight: null }] }),
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(skus(followed.json())).toEqual(['TP-VSK2-RD-M', 'TP-VSK2-BK-M']);
    expect(bySku(followed.json(), 'TP-VSK2-RD-M')).toMatchObject({ price: '45.00', weight: null });

    // a bad SKU, one another product holds, the parent's, a sibling's or one given twice: 400 naming
    // the variant's SKU, and nothing written
    const refused: [object[], string][] = [
      [[{ valueIds: [red, m], sku: 'BAD SKU!' }], 'variants.0.sku'],
      [[{ valueIds: [red, m], sku: 'x'.repeat(51) }], 'variants.0.sku'],
      [
        [
          { valueIds: [black, m], price: 1 },
          { valueIds: [red, m], sku: 'tp-vsk-other' },
        ],
        'variants.1.sku',
      ],
      [[{ valueIds: [red, m], sku: 'TP-VSK2' }], 'variants.0.sku'],
      [[{ valueIds: [red, m], sku: 'TP-VSK2-BK-M' }], 'variants.0.sku'],
      [
        [
          { valueIds: [red, m], sku: 'TP-TWICE' },
          { valueIds: [black, m], sku: 'tp-twice' },
        ],
        'variants.1.sku',
      ],
    ];
    for (const [variants, member] of refused) {
      const res = await put(demoAdmin, `${API}/${p.id}`, body('TP-VSK2', { variantOptions, price: 99, variants }));
      expect(res.statusCode, JSON.stringify(variants)).toBe(400);
      expect(members(res)).toEqual([member]);
    }
    const after = (await get(demoAdmin, `${API}/${p.id}`)).json();
    expect(after.price).toBe('39.90');
    expect(skus(after)).toEqual(['TP-VSK2-RD-M', 'TP-VSK2-BK-M']);
    expect(bySku(after, 'TP-VSK2-BK-M')).toMatchObject({ price: '39.90' });
    const none = await post(
      demoAdmin,
      API,
      body('TP-VSK3', { variantOptions, variants: [{ valueIds: [black, m], sku: 'TP-VSK2-RD-M' }] }),
    );
    expect(members(none)).toEqual(['variants.0.sku']);
    expect((await get(demoAdmin, `${API}?filter=TP-VSK3`)).json().totalCount).toBe(0);

    // one variant may take the SKU another gives up in the same save
    const swapped = await put(
      demoAdmin,
      `${API}/${p.id}`,
      body('TP-VSK2', {
        variantOptions,
        variants: [
          { valueIds: [red, m], sku: 'TP-VSK2-BK-M' },
          { valueIds: [black, m], sku: 'TP-VSK2-RD-M' },
        ],
      }),
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().variants.map((v: Row) => [v.label, v.sku])).toEqual([
      ['红 / M', 'TP-VSK2-BK-M'],
      ['黑 / M', 'TP-VSK2-RD-M'],
    ]);
  });

  it('keeps SKUs unique per tenant across products and variants, recycled ones included', async () => {
    const a = (
      await post(
        demoAdmin,
        API,
        body('TP-UQ', { variantOptions: [{ attributeId: demo.size.id, valueIds: [demo.size.values[0].id] }] }),
      )
    ).json();
    expect(a.variants[0].sku).toBe('TP-UQ-M');
    const dup = await post(demoAdmin, API, body('tp-uq'));
    expect(dup.statusCode).toBe(400);
    expect(members(dup)).toEqual(['sku']);
    expect(members(await post(demoAdmin, API, body('TP-UQ-M')))).toEqual(['sku']);
    // another tenant may use the same SKU
    const theirs = await masterData(otherAdmin, 'B');
    const other = await post(otherAdmin, API, { ...body('TP-UQ'), categoryIds: [theirs.category.id] });
    expect(other.statusCode, other.body).toBe(200);

    // recycled: still taken; cleared: free again
    expect((await del(demoAdmin, `${API}/${a.id}`)).statusCode).toBe(204);
    expect(members(await post(demoAdmin, API, body('TP-UQ')))).toEqual(['sku']);
    expect((await del(demoAdmin, `${RECYCLE}/${a.id}/clear`)).statusCode).toBe(204);
    expect((await post(demoAdmin, API, body('TP-UQ'))).statusCode).toBe(200);
  });

  it('generates distinct SKUs under concurrent calls and checks the prefix', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(demoAdmin, `${API}/generate-sku?prefix=zx-bag`)),
    );
    const skus = results.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().sku as string;
    });
    expect(new Set(skus).size).toBe(8);
    for (const sku of skus) expect(sku).toMatch(/^ZX-BAG\d{4}-\d{4}$/);
    // a number already taken by hand is skipped
    const next = Number(skus.sort().at(-1)!.slice(-4)) + 1;
    const taken = `${skus[0].slice(0, -4)}${String(next).padStart(4, '0')}`;
    expect((await post(demoAdmin, API, body(taken))).statusCode).toBe(200);
    const after = (await post(demoAdmin, `${API}/generate-sku?prefix=ZX-BAG`)).json().sku;
    expect(after).not.toBe(taken);
    expect(members(await post(demoAdmin, `${API}/generate-sku?prefix=a b`))).toEqual(['prefix']);
    expect(members(await post(demoAdmin, `${API}/generate-sku?prefix=${'A'.repeat(45)}`))).toEqual(['prefix']);
  });

  it('moves through the PMS lifecycle and refuses other transitions with 409', async () => {
    const p = (await post(demoAdmin, API, body('TP-LC'))).json();
    const approve = (pmsStatus: number) => post(demoAdmin, `${API}/approve-product`, { id: p.id, pmsStatus });
    const refused = await approve(4); // developing → clearance
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('Catalog::IllegalTransition');
    expect((await approve(3)).json()).toMatchObject({ pmsStatus: 3 });
    expect((await approve(1)).statusCode).toBe(409); // on sale → developing
    expect((await approve(5)).json()).toMatchObject({ pmsStatus: 5 });
    expect(members(await approve(9))).toEqual(['pmsStatus']);

    const off = await put(demoAdmin, `${API}/${p.id}/set-active`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await get(demoAdmin, `${API}?filter=TP-LC&isActive=false`)).json().totalCount).toBe(1);
    expect((await get(demoAdmin, `${API}?filter=TP-LC&isActive=true`)).json().totalCount).toBe(0);
    expect(members(await put(demoAdmin, `${API}/${p.id}/set-active`, {}))).toEqual(['isActive']);
  });

  it('deletes into the recycle area, restores and deletes for good', async () => {
    const p = (await post(demoAdmin, API, body('TP-RC'))).json();
    expect((await del(demoAdmin, `${API}/${p.id}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${API}/${p.id}`)).statusCode).toBe(404);
    expect((await get(demoAdmin, `${API}?filter=TP-RC`)).json().totalCount).toBe(0);
    const bin = await get(demoAdmin, `${RECYCLE}?filter=TP-RC`);
    expect(bin.json()).toMatchObject({ totalCount: 1, items: [{ id: p.id, isDeleted: true }] });

    const back = await put(demoAdmin, `${RECYCLE}/${p.id}/reback`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect((await get(demoAdmin, `${API}/${p.id}`)).json()).toMatchObject({ isDeleted: false });
    // only recycled products can be restored or cleared
    expect((await put(demoAdmin, `${RECYCLE}/${p.id}/reback`, {})).statusCode).toBe(404);
    expect((await del(demoAdmin, `${RECYCLE}/${p.id}/clear`)).statusCode).toBe(404);

    expect((await del(demoAdmin, `${API}/hard-Delete/${p.id}`)).statusCode).toBe(204);
    expect((await get(demoAdmin, `${RECYCLE}?filter=TP-RC`)).json().totalCount).toBe(0);
    expect((await del(demoAdmin, `${API}/hard-Delete/${p.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another tenant’s product and leaves it unchanged', async () => {
    const theirs = await masterData(otherAdmin, 'C');
    const p = (await post(otherAdmin, API, { ...body('TP-THEIRS'), categoryIds: [theirs.category.id] })).json();
    expect(p.id).toBeTruthy();
    const variantless = p.id;
    for (const res of [
      await get(demoAdmin, `${API}/${p.id}`),
      await put(demoAdmin, `${API}/${p.id}`, body('TP-THEIRS')),
      await put(demoAdmin, `${API}/${p.id}/set-active`, { isActive: false }),
      await post(demoAdmin, `${API}/approve-product`, { id: p.id, pmsStatus: 3 }),
      await get(demoAdmin, `${API}/by-sku?sku=TP-THEIRS`),
      await del(demoAdmin, `${API}/${p.id}`),
      await del(demoAdmin, `${API}/remove-variant/${variantless}`),
      await del(demoAdmin, `${API}/remove-specification/${variantless}`),
      await del(demoAdmin, `${API}/hard-Delete/${p.id}`),
      await put(demoAdmin, `${RECYCLE}/${p.id}/reback`, {}),
      await del(demoAdmin, `${RECYCLE}/${p.id}/clear`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await get(demoAdmin, `${API}?filter=TP-THEIRS`)).json().totalCount).toBe(0);
    expect((await get(demoAdmin, `${API}/item-price?skus=TP-THEIRS`)).json().items).toEqual([]);
    expect((await get(otherAdmin, `${API}/${p.id}`)).json()).toMatchObject({
      concurrencyStamp: p.concurrencyStamp,
      isActive: true,
    });
  });

  it('exports the filtered, sorted list to Excel', async () => {
    const res = await as(
      t.app,
      demoAdmin,
      'zh-Hans',
    )({
      method: 'GET',
      url: `${API}/export?filter=DEMO-&pmsStatus=3&sorting=sku asc`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await xlsxRows(res.rawPayload);
    expect(rows[0].slice(0, 2)).toEqual(['父SKU', '名称']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['DEMO-BP-004', 'DEMO-HD-003', 'DEMO-ST-007', 'DEMO-TS-001']);
    expect(rows[1][4]).toBe('在售');
    expect((await get(nobody, `${API}/export`)).statusCode).toBe(403);
  });

  it('needs the product permissions', async () => {
    const id = crypto.randomUUID();
    for (const [method, url, payload] of [
      ['GET', API, undefined],
      ['GET', `${API}/${id}`, undefined],
      ['GET', `${API}/by-sku?sku=X`, undefined],
      ['GET', `${API}/item-price?skus=X`, undefined],
      ['POST', API, body('TP-NO')],
      ['POST', `${API}/generate-sku?prefix=X`, undefined],
      ['POST', `${API}/approve-product`, { id, pmsStatus: 3 }],
      ['PUT', `${API}/${id}`, body('TP-NO')],
      ['PUT', `${API}/${id}/set-active`, { isActive: true }],
      ['DELETE', `${API}/${id}`, undefined],
      ['DELETE', `${API}/remove-variant/${id}`, undefined],
      ['DELETE', `${API}/remove-specification/${id}`, undefined],
      ['DELETE', `${API}/hard-Delete/${id}`, undefined],
      ['GET', RECYCLE, undefined],
      ['PUT', `${RECYCLE}/${id}/reback`, {}],
      ['DELETE', `${RECYCLE}/${id}/clear`, undefined],
    ] as const) {
      const res = await as(t.app, nobody)({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
