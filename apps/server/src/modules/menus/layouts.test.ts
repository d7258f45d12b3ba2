import { describe, expect, it } from 'vitest';
import { as, expectStampChecked } from '../../../test/harness.ts';
import { useApiApp } from '../permission-management/test-support.ts';

const URL = '/api/platform/layouts';

type Layout = { id: string; name: string; displayName: string; path: string; concurrencyStamp: string };

/** The admins of both tenants, and `nobody`: a demo user without any permission. */
const app = useApiApp({ nobody: [] });
const { get, post, put, del } = app;

describe('layouts', () => {
  it('has the seeded default layout, used by the seeded menus', async () => {
    const res = await get(app.demoAdmin, `${URL}/all`);
    expect(res.statusCode).toBe(200);
    const layouts = res.json().items as Layout[];
    expect(layouts.map((l) => l.name)).toEqual(['Default']);
    const menus = (await get(app.demoAdmin, `/api/platform/menus?layoutId=${layouts[0].id}`)).json();
    expect(menus.totalCount).toBeGreaterThan(5);
  });

  it('creates, reads, updates and deletes', async () => {
    const created = await post(app.demoAdmin, URL, {
      name: 'Mobile',
      displayName: '移动端布局',
      path: 'MobileLayout',
      platformType: 192,
      meta: { icon: 'MobileOutlined' },
    });
    expect(created.statusCode).toBe(200);
    const layout = created.json() as Layout;
    expect(layout).toMatchObject({
      name: 'Mobile',
      platformType: 192,
      description: null,
      meta: { icon: 'MobileOutlined' },
    });

    const got = await get(app.demoAdmin, `${URL}/${layout.id}`);
    expect(got.json()).toMatchObject({ id: layout.id, displayName: '移动端布局' });

    const body = { name: 'Mobile', displayName: 'Mobile layout', path: 'MobileLayout', platformType: 192 };
    const updated = await expectStampChecked(
      (concurrencyStamp) => put(app.demoAdmin, `${URL}/${layout.id}`, { ...body, concurrencyStamp }),
      layout.concurrencyStamp,
    );
    expect(updated.json().displayName).toBe('Mobile layout');
    expect(updated.json().concurrencyStamp).not.toBe(layout.concurrencyStamp);

    const page = await get(app.demoAdmin, `${URL}?filter=mobile&sorting=name desc`);
    expect(page.json()).toMatchObject({ totalCount: 1, items: [{ id: layout.id }] });
    const byPlatform = await get(app.demoAdmin, `${URL}?platformType=64`);
    expect(byPlatform.json().items.map((l: Layout) => l.name)).toEqual(['Mobile']);
    const reversed = await get(app.demoAdmin, `${URL}?reverse=true`);
    const forward = await get(app.demoAdmin, URL);
    expect(reversed.json().items.map((l: Layout) => l.id)).toEqual(
      forward
        .json()
        .items.map((l: Layout) => l.id)
        .reverse(),
    );

    const deleted = await del(app.demoAdmin, `${URL}/${layout.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await get(app.demoAdmin, `${URL}/${layout.id}`)).statusCode).toBe(404);
  });

  it('rejects duplicate names and bad input with field errors', async () => {
    const dup = await post(app.demoAdmin, URL, { name: 'default', displayName: 'x', path: 'x' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.validationErrors[0].members).toEqual(['name']);
    const bad = await post(app.demoAdmin, URL, { name: '', path: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors.map((v: { members: string[] }) => v.members[0])).toEqual(
      expect.arrayContaining(['name', 'displayName', 'path']),
    );
    const tooMany = await get(app.demoAdmin, `${URL}?maxResultCount=5000`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.validationErrors[0].members).toEqual(['maxResultCount']);
    const badSort = await get(app.demoAdmin, `${URL}?sorting=tenantId`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.validationErrors[0].members).toEqual(['sorting']);
  });

  it('answers 404 for another tenant’s layout and changes nothing', async () => {
    const theirs = ((await get(app.otherAdmin, `${URL}/all`)).json().items as Layout[])[0];
    const call = as(app.t.app, app.demoAdmin);
    expect((await call({ method: 'GET', url: `${URL}/${theirs.id}` })).statusCode).toBe(404);
    expect(
      (await call({ method: 'PUT', url: `${URL}/${theirs.id}`, payload: { name: 'X', displayName: 'x', path: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await call({ method: 'DELETE', url: `${URL}/${theirs.id}` })).statusCode).toBe(404);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/platform/menus',
          payload: { layoutId: theirs.id, name: 'X', displayName: 'x', path: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const still = await get(app.otherAdmin, `${URL}/${theirs.id}`);
    expect(still.json().concurrencyStamp).toBe(theirs.concurrencyStamp);
  });

  it('needs the layout permissions', async () => {
    const id = ((await get(app.demoAdmin, `${URL}/all`)).json().items as Layout[])[0].id;
    for (const [method, url, payload] of [
      ['GET', URL, undefined],
      ['GET', `${URL}/all`, undefined],
      ['GET', `${URL}/${id}`, undefined],
      ['POST', URL, { name: 'X', displayName: 'x', path: 'x' }],
      ['PUT', `${URL}/${id}`, { name: 'X', displayName: 'x', path: 'x' }],
      ['DELETE', `${URL}/${id}`, undefined],
    ] as const) {
      expect((await as(app.t.app, app.nobody)({ method, url, payload })).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(app.t.app, null)({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
