import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, members, type TestApp } from '../../../../test/harness.ts';
import { productBody } from '../../catalog/test-support.ts';
import { createUser, token } from '../../permission-management/test-support.ts';
import { shopCalls, shops } from '../shops/schema.ts';
import { DEMO_SHOPS } from '../shops/seed.ts';
import { callLogWritten, connectShop } from '../shops/testing.ts';
import { withPaths } from './cache.ts';
import { draftAttributes } from './lookup.ts';
import { seedDemoMappings } from './seed.ts';

/**
 * Category mapping over HTTP against the bundled simulator: the platform category cache read
 * through a connected shop, the mapping's CRUD with its rules, and what a product gets
 * (`draftAttributes`).
 */

const base = '/api/catalog/category-mapping';
let t: TestApp;
let admin: string;
let otherAdmin: string;
let nobody: string;
let shopId: string;
let otherShopId: string;

interface Category {
  id: string;
  parentId: string | null;
  name: string;
  path: string;
  leaf: boolean;
}
interface Attribute {
  name: string;
  label: string;
  mandatory: boolean;
  inputType: string;
  saleProp: boolean;
  options: { id: string; name: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.services, t.demo, 'nobody', ['salesman']);
  admin = await token(t.app, 'demo');
  otherAdmin = await token(t.app, 'other');
  nobody = await token(t.app, 'demo', 'nobody');
  shopId = (await connectShop(t, 'demo', 'LAZADA', 'SG')).shopId;
  otherShopId = (await connectShop(t, 'other', 'LAZADA', 'SG')).shopId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(t.app, who)({ method, url, payload });

async function catalogIds() {
  const res = await call(admin, 'GET', `${base}/catalog-options`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as {
    categories: { id: string; name: string }[];
    attributes: { kind: string; id: string; name: string; values: { id: string; name: string }[] }[];
  };
  const category = (path: string) => body.categories.find((c) => c.name === path)!;
  const material = body.attributes.find((a) => a.kind === 'screen' && a.name === '材质')!;
  const color = body.attributes.find((a) => a.kind === 'purchase' && a.name === '颜色')!;
  return { category, material, color };
}

async function firstLeaf(filter = 'Dresses'): Promise<Category> {
  const res = await call(admin, 'GET', `${base}/platform-categories?shopId=${shopId}&filter=${filter}`);
  expect(res.statusCode).toBe(200);
  const leaf = (res.json() as { items: Category[] }).items.find((c) => c.leaf);
  expect(leaf).toBeDefined();
  return leaf!;
}

async function attributesOf(categoryId: string): Promise<Attribute[]> {
  const res = await call(admin, 'GET', `${base}/platform-attributes?shopId=${shopId}&categoryId=${categoryId}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Attribute[] }).items;
}

/** How many times the demo shop asked the marketplace for a category's attributes (its call log). */
async function attributeFetches(): Promise<number> {
  await callLogWritten(t.services);
  const rows = await t.services.data.unscoped((tx) =>
    tx
      .select({ id: shopCalls.id })
      .from(shopCalls)
      .where(and(eq(shopCalls.shopId, shopId), eq(shopCalls.api, '/category/attributes/get'))),
  );
  return rows.length;
}

describe('the platform category cache', () => {
  it('reads the tree through a shop: the top level, children, and a bounded search with name paths', async () => {
    const top = await call(admin, 'GET', `${base}/platform-categories?shopId=${shopId}`);
    expect(top.statusCode).toBe(200);
    const body = top.json() as { platform: string; region: string; items: Category[] };
    expect(body.platform).toBe('LAZADA');
    expect(body.region).toBe('SG');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((c) => c.parentId === null && !c.leaf)).toBe(true);
    const children = await call(
      admin,
      'GET',
      `${base}/platform-categories?shopId=${shopId}&parentId=${body.items[0].id}`,
    );
    const kids = (children.json() as { items: Category[] }).items;
    expect(kids.length).toBeGreaterThan(0);
    expect(kids.every((c) => c.parentId === body.items[0].id && c.path.startsWith(`${body.items[0].name} > `))).toBe(
      true,
    );
    const search = await call(admin, 'GET', `${base}/platform-categories?shopId=${shopId}&filter=e`);
    expect((search.json() as { items: Category[] }).items.length).toBeLessThanOrEqual(100);
  });

  it('fetches a leaf’s attributes once and keeps them; a category that is not a leaf is refused naming categoryId', async () => {
    const leaf = await firstLeaf();
    const before = await attributeFetches();
    const attrs = await attributesOf(leaf.id);
    expect(attrs.some((a) => a.mandatory)).toBe(true);
    expect(attrs.some((a) => a.saleProp)).toBe(true);
    expect(await attributeFetches()).toBe(before + 1);
    const again = await call(admin, 'GET', `${base}/platform-attributes?shopId=${shopId}&categoryId=${leaf.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().fetchedAt).toBeDefined();
    expect((again.json() as { items: Attribute[] }).items).toEqual(attrs);
    // the second read is served from the cache: the marketplace was asked once
    expect(await attributeFetches()).toBe(before + 1);
    const parent = await call(admin, 'GET', `${base}/platform-attributes?shopId=${shopId}&categoryId=${leaf.parentId}`);
    expect(parent.statusCode).toBe(400);
    expect(members(parent)).toEqual(['categoryId']);
    const unknown = await call(admin, 'GET', `${base}/platform-attributes?shopId=${shopId}&categoryId=nope`);
    expect(unknown.statusCode).toBe(400);
    expect(members(unknown)).toEqual(['categoryId']);
  });

  it('refreshes the tree on demand', async () => {
    const res = await call(admin, 'POST', `${base}/refresh?shopId=${shopId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ platform: 'LAZADA', region: 'SG' });
    expect(res.json().categoryCount).toBeGreaterThan(100);
  });

  it('answers 404 for another tenant’s shop, 403 without the permission, 400 for a bad shop id', async () => {
    expect((await call(admin, 'GET', `${base}/platform-categories?shopId=${otherShopId}`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `${base}/refresh?shopId=${otherShopId}`)).statusCode).toBe(404);
    expect((await call(nobody, 'GET', `${base}/platform-categories?shopId=${shopId}`)).statusCode).toBe(403);
    expect((await call(nobody, 'POST', `${base}/refresh?shopId=${shopId}`)).statusCode).toBe(403);
    expect((await call(nobody, 'GET', `${base}/catalog-options`)).statusCode).toBe(403);
    const bad = await call(admin, 'GET', `${base}/platform-categories?shopId=x`);
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toEqual(['shopId']);
    expect(members(await call(admin, 'POST', `${base}/refresh?shopId=x`))).toEqual(['shopId']);
    expect(members(await call(admin, 'GET', `${base}/platform-attributes?shopId=${shopId}`))).toEqual(['categoryId']);
    expect(members(await call(admin, 'GET', `${base}/platform-categories?shopId=${shopId}&region=Singapore`))).toEqual([
      'region',
    ]);
    // a site the shop does not sell on
    expect(members(await call(admin, 'GET', `${base}/platform-categories?shopId=${shopId}&region=TH`))).toEqual([
      'region',
    ]);
  });

  it('keeps a name path for every category of a flattened tree', () => {
    const rows = withPaths([
      { id: '1', parentId: null, name: 'A', leaf: false },
      { id: '2', parentId: '1', name: 'B', leaf: false },
      { id: '3', parentId: '2', name: 'C', leaf: true },
    ]);
    expect(rows.map((r) => r.path)).toEqual(['A', 'A > B', 'A > B > C']);
  });
});

describe('category mappings', () => {
  /** A valid body for `catalogCategoryId` → the leaf, mandatory attributes given defaults. */
  interface Row {
    attribute: string;
    defaultValue?: string | null;
    [key: string]: unknown;
  }
  async function validBody(catalogCategoryId: string, leaf: Category, extra: Row[] = []) {
    const attrs = await attributesOf(leaf.id);
    const skip = new Set(['name', 'description', 'short_description', 'brand']);
    const given = new Set(extra.map((e) => e.attribute));
    const defaults = attrs
      .filter((a) => a.mandatory && !skip.has(a.name) && !given.has(a.name))
      .map((a): Row => ({ attribute: a.name, defaultValue: a.options[0]?.name ?? 'x' }));
    return {
      catalogCategoryId,
      platform: 'LAZADA',
      region: 'SG',
      platformCategoryId: leaf.id,
      attributes: [...defaults, ...extra],
    };
  }

  it('creates, lists, reads, updates and deletes a mapping; the same category twice is refused', async () => {
    const { category } = await catalogIds();
    const women = category('服装 / 女装');
    const leaf = await firstLeaf();
    const body = await validBody(women.id, leaf);
    const created = await call(admin, 'POST', base, body);
    expect(created.statusCode).toBe(200);
    const dto = created.json();
    expect(dto).toMatchObject({
      catalogCategoryId: women.id,
      catalogCategoryName: '服装 / 女装',
      platform: 'LAZADA',
      region: 'SG',
      platformCategoryId: leaf.id,
      platformCategoryName: leaf.path,
    });

    const again = await call(admin, 'POST', base, body);
    expect(again.statusCode).toBe(400);
    expect(members(again)).toEqual(['catalogCategoryId']);

    const list = await call(admin, 'GET', `${base}?platform=LAZADA&region=SG&categoryId=${women.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().totalCount).toBe(1);
    expect((await call(admin, 'GET', `${base}?platform=SHOPEE`)).json().totalCount).toBe(0);
    expect((await call(admin, 'GET', `${base}?sorting=platformCategoryName desc`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `${base}/${dto.id}`)).json().id).toBe(dto.id);

    const updated = await call(admin, 'PUT', `${base}/${dto.id}`, {
      ...body,
      attributes: [...body.attributes, { attribute: 'model', defaultValue: 'M-1' }],
      concurrencyStamp: dto.concurrencyStamp,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().attributes.find((a: { attribute: string }) => a.attribute === 'model').defaultValue).toBe(
      'M-1',
    );

    expect((await call(admin, 'DELETE', `${base}/${dto.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${base}/${dto.id}`)).statusCode).toBe(404);
  });

  it('refuses a mandatory attribute without mapping or default, a value that is not an option, a non-leaf, naming the field', async () => {
    const { category } = await catalogIds();
    const men = category('服装 / 男装');
    const leaf = await firstLeaf();
    const body = await validBody(men.id, leaf);

    const missing = await call(admin, 'POST', base, { ...body, attributes: [] });
    expect(missing.statusCode).toBe(400);
    expect(members(missing)).toEqual(['attributes']);
    expect(missing.json().error.validationErrors[0].message).toContain('mandatory');

    const emptyRow = await call(admin, 'POST', base, {
      ...body,
      attributes: body.attributes.map((a, i) => (i === 0 ? { attribute: a.attribute } : a)),
    });
    expect(emptyRow.statusCode).toBe(400);
    expect(members(emptyRow)).toEqual(['attributes.0.defaultValue']);

    const warranty = body.attributes.findIndex((a) => a.attribute === 'warranty_type');
    const notOption = await call(admin, 'POST', base, {
      ...body,
      attributes: body.attributes.map((a, i) => (i === warranty ? { ...a, defaultValue: 'Forever' } : a)),
    });
    expect(notOption.statusCode).toBe(400);
    expect(members(notOption)).toEqual([`attributes.${warranty}.defaultValue`]);

    const unknownAttr = await call(admin, 'POST', base, {
      ...body,
      attributes: [...body.attributes, { attribute: 'no_such', defaultValue: 'x' }],
    });
    expect(members(unknownAttr)).toEqual([`attributes.${body.attributes.length}.attribute`]);

    const nonLeaf = await call(admin, 'POST', base, { ...body, platformCategoryId: leaf.parentId });
    expect(nonLeaf.statusCode).toBe(400);
    expect(members(nonLeaf)).toEqual(['platformCategoryId']);

    const badRegion = await call(admin, 'POST', base, { ...body, region: 'Malaysia' });
    expect(badRegion.statusCode).toBe(400);
    expect(members(badRegion)).toEqual(['region']);

    const badCategory = await call(admin, 'POST', base, {
      ...body,
      catalogCategoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(members(badCategory)).toEqual(['catalogCategoryId']);
  });

  it('keeps tenants apart and asks for the permissions', async () => {
    const { category } = await catalogIds();
    const bags = category('箱包 / 双肩包');
    const leaf = await firstLeaf('Backpacks');
    const created = await call(admin, 'POST', base, await validBody(bags.id, leaf));
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect((await call(otherAdmin, 'GET', `${base}/${id}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'PUT', `${base}/${id}`, await validBody(bags.id, leaf))).statusCode).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `${base}/${id}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', base)).json().totalCount).toBe(0);
    expect((await call(nobody, 'GET', base)).statusCode).toBe(403);
    expect((await call(nobody, 'GET', `${base}/${id}`)).statusCode).toBe(403);
    expect((await call(nobody, 'POST', base, await validBody(bags.id, leaf))).statusCode).toBe(403);
    expect((await call(nobody, 'PUT', `${base}/${id}`, await validBody(bags.id, leaf))).statusCode).toBe(403);
    expect((await call(nobody, 'DELETE', `${base}/${id}`)).statusCode).toBe(403);
  });

  it('gives a product of a child category its nearest mapped ancestor’s platform values, defaults and missing ones', async () => {
    const { category, material } = await catalogIds();
    const home = category('家居');
    const kitchen = category('家居 / 厨房用品');
    const leaf = await firstLeaf('Kitchen');
    const attrs = await attributesOf(leaf.id);
    const materialAttr = attrs.find((a) => a.name === 'material')!;
    const cotton = material.values.find((v) => v.name === '棉')!;
    const plastic = material.values.find((v) => v.name === '塑料')!;
    const body = await validBody(home.id, leaf, [
      {
        attribute: 'material',
        catalogAttributeKind: 'screen',
        catalogAttributeId: material.id,
        valueMap: [
          { catalogValueId: cotton.id, platformValue: 'Cotton' },
          { catalogValueId: plastic.id, platformValue: 'Plastic' },
        ],
        defaultValue: null,
      },
    ]);
    const created = await call(admin, 'POST', base, body);
    expect(created.statusCode).toBe(200);
    expect(materialAttr.mandatory).toBe(true);

    const product = await call(
      admin,
      'POST',
      '/api/catalog/products',
      productBody(kitchen.id, 'MAP-KIT-001', { screenValues: [{ attributeId: material.id, optionIds: [plastic.id] }] }),
    );
    expect(product.statusCode).toBe(200);
    const productId = product.json().id;

    const res = await call(admin, 'GET', `${base}/draft-attributes?productId=${productId}&platform=LAZADA&region=SG`);
    expect(res.statusCode).toBe(200);
    const draft = res.json();
    expect(draft.mapping).toMatchObject({ id: created.json().id, platformCategoryId: leaf.id });
    expect(draft.attributes.material).toBe('Plastic');
    expect(draft.attributes.warranty_type).toBe(
      body.attributes.find((a) => a.attribute === 'warranty_type')!.defaultValue,
    );
    expect(draft.missing).toEqual([]);
    expect(draft.saleProps.map((s: { name: string }) => s.name)).toContain('color_family');

    // the function publishing calls gives the same answer
    const direct = await draftAttributes(t.services, t.demo, { productId, platform: 'LAZADA', region: 'SG' });
    expect(direct.attributes).toEqual(draft.attributes);
    // another site has no mapping
    expect(
      (await draftAttributes(t.services, t.demo, { productId, platform: 'SHOPEE', region: 'SG' })).mapping,
    ).toBeNull();

    // another tenant's product is not found; a bad product id is named
    expect(
      (await call(otherAdmin, 'GET', `${base}/draft-attributes?productId=${productId}&platform=LAZADA&region=SG`))
        .statusCode,
    ).toBe(404);
    const bad = await call(admin, 'GET', `${base}/draft-attributes?productId=x&platform=LAZADA&region=MY`);
    expect(members(bad)).toEqual(['productId']);
  });
});

describe('demo mappings', () => {
  it('maps the seeded catalogue categories on a platform once its shop is authorized, and waits for the other', async () => {
    // a shop authorized here stands for the demo Lazada shop (which the seed's job authorizes on a running server)
    const { shopId: myShop } = await connectShop(t, 'demo', 'LAZADA', 'MY');
    const demoName = DEMO_SHOPS.find((d) => d.platform === 'LAZADA')!.name;
    const shopeeName = DEMO_SHOPS.find((d) => d.platform === 'SHOPEE')!.name;
    await t.services.data.inTenant({ tenant: t.demo }, async (tx) => {
      await tx.update(shops).set({ name: 'unused' }).where(eq(shops.name, demoName));
      await tx.update(shops).set({ name: demoName }).where(eq(shops.id, myShop));
      // the server's own job may have authorized the demo Shopee shop by now: it stands aside
      await tx.update(shops).set({ name: 'unused shopee' }).where(eq(shops.name, shopeeName));
    });
    // no demo Shopee shop is authorized here: the job keeps waiting for it (and is retried)
    await expect(seedDemoMappings(t.services, { tenantId: t.demo.id })).rejects.toThrow('not authorized');
    const list = await call(admin, 'GET', `${base}?platform=LAZADA&region=MY&maxResultCount=50`);
    expect(list.json().totalCount).toBe(7);
    const women = (
      list.json().items as Array<{
        catalogCategoryName: string;
        attributes: Array<{ attribute: string; valueMap: unknown[] }>;
      }>
    ).find((m) => m.catalogCategoryName === '服装 / 女装')!;
    expect(women.attributes.find((a) => a.attribute === 'color_family')!.valueMap.length).toBeGreaterThan(0);
    expect(women.attributes.find((a) => a.attribute === 'material')!.valueMap.length).toBeGreaterThan(0);
    // run again: a site with mappings is left alone
    await expect(seedDemoMappings(t.services, { tenantId: t.demo.id })).rejects.toThrow('not authorized');
    expect((await call(admin, 'GET', `${base}?platform=LAZADA&region=MY`)).json().totalCount).toBe(7);
  });
});
