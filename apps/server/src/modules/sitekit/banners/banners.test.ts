import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, type TestApp, xlsxRows } from '../../../../test/harness.ts';
import {
  expectCrudGuarded,
  expectDeleted,
  expectOutOfReach,
  expectStampedUpdate,
  logisticsUsers,
  resourceCalls,
} from '../../logistics/test-support.ts';
import { createSite, demoStore } from '../test-support.ts';

const url = '/api/sitekit/banners';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;
let siteId: string;

type Row = { id: string; title: string; concurrencyStamp: string; [k: string]: unknown };
const { call, create } = resourceCalls<Row>(() => t, url);
const banner = (extra: object = {}) => ({
  siteId,
  position: 'HOME_SIDE',
  title: 'Side offer',
  imageUrl: '/demo/banner-side-1.svg',
  ...extra,
});
let store: Awaited<ReturnType<typeof demoStore>>['store'];
const titles = (res: { json(): { items: { title: string }[] } }) => res.json().items.map((b) => b.title);
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody, reader } = await logisticsUsers('Sitekit.Banners'));
  ({ siteId, store } = await demoStore(t, demoAdmin));
});
afterAll(async () => {
  await t?.close();
});

describe('banners', () => {
  it('are seeded for the demo store: three carousel slides in order and two side banners', async () => {
    const slides = (
      await call(demoAdmin, 'GET', `${url}?siteId=${siteId}&position=HOME_CAROUSEL&sorting=sortOrder asc`)
    ).json();
    expect(slides.items.map((b: Row) => [b.title, b.imageUrl])).toEqual([
      ['Free shipping over USD 49', '/demo/banner-1.svg'],
      ['Double 12: up to 30% off', '/demo/banner-2.svg'],
      ['New arrivals every week', '/demo/banner-3.svg'],
    ]);
    expect((await call(demoAdmin, 'GET', `${url}?siteId=${siteId}`)).json().totalCount).toBe(5);
    expect((await call(otherAdmin, 'GET', url)).json().totalCount).toBe(0);
  });

  it('are created, listed per site and position, exported, updated (stamp checked) and deleted', async () => {
    const row = await create(
      demoAdmin,
      banner({ title: ' Popup offer ', position: 'POPUP', link: 'https://shop.example.com/sale' }),
    );
    expect(row).toMatchObject({ title: 'Popup offer', position: 'POPUP', sortOrder: 0, isActive: true, startAt: null });
    const popups = (await call(demoAdmin, 'GET', `${url}?siteId=${siteId}&position=POPUP`)).json();
    expect(popups.items.map((b: Row) => b.id)).toEqual([row.id]);
    const file = await call(demoAdmin, 'GET', `${url}/export?siteId=${siteId}&position=POPUP`);
    expect(file.statusCode).toBe(200);
    expect((await xlsxRows(file.rawPayload)).slice(1).map((r) => [r[0], r[1]])).toEqual([['Pop-up', 'Popup offer']]);
    const updated = await expectStampedUpdate(
      { t, demoAdmin },
      url,
      row,
      banner({ title: 'Popup, later', position: 'POPUP' }),
    );
    expect(updated).toMatchObject({ title: 'Popup, later', link: null });
    await expectDeleted({ t, demoAdmin }, url, row.id);
  });

  it('reach the storefront while active and within their dates, in order', async () => {
    const later = await create(
      demoAdmin,
      banner({ title: 'Starts later', position: 'CATEGORY_TOP', startAt: hours(2) }),
    );
    const ended = await create(
      demoAdmin,
      banner({ title: 'Ended', position: 'CATEGORY_TOP', startAt: hours(-5), endAt: hours(-1) }),
    );
    const off = await create(demoAdmin, banner({ title: 'Switched off', position: 'CATEGORY_TOP', isActive: false }));
    const now = await create(
      demoAdmin,
      banner({ title: 'Now', position: 'CATEGORY_TOP', startAt: hours(-1), endAt: hours(1), sortOrder: 2 }),
    );
    const first = await create(demoAdmin, banner({ title: 'First', position: 'CATEGORY_TOP', sortOrder: 1 }));
    expect(titles(await store('/api/store/banners?position=CATEGORY_TOP'))).toEqual(['First', 'Now']);
    expect(titles(await store('/api/store/banners?position=HOME_CAROUSEL'))).toEqual([
      'Free shipping over USD 49',
      'Double 12: up to 30% off',
      'New arrivals every week',
    ]);
    const all = await store('/api/store/banners');
    expect(all.json().items).toHaveLength(7);
    // what a shopper sees of a banner: no ids, dates or internals
    expect(Object.keys(all.json().items[0]).sort()).toEqual(
      ['altText', 'imageUrl', 'link', 'mobileImageUrl', 'position', 'subtitle', 'title'].sort(),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/store/banners' })).statusCode).toBe(401);
    for (const b of [later, ended, off, now, first]) await expectDeleted({ t, demoAdmin }, url, b.id);
  });

  it('refuse bad input naming the field, and another tenant’s site', async () => {
    const refusals: [object, string][] = [
      [banner({ title: '' }), 'title'],
      [banner({ imageUrl: '' }), 'imageUrl'],
      [banner({ imageUrl: 'javascript:alert(1)' }), 'imageUrl'],
      [banner({ link: 'data:text/html,x' }), 'link'],
      [banner({ position: 'FOOTER' }), 'position'],
      [banner({ startAt: hours(2), endAt: hours(1) }), 'endAt'],
      [banner({ startAt: 'not a date' }), 'startAt'],
      [banner({ siteId: '00000000-0000-4000-8000-000000000000' }), 'siteId'],
    ];
    for (const [body, member] of refusals) {
      const res = await call(demoAdmin, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(members(res), JSON.stringify(body)).toEqual([member]);
    }
    const theirSiteId = await createSite(t, otherAdmin, 'their-banners');
    const foreign = await call(demoAdmin, 'POST', url, banner({ siteId: theirSiteId }));
    expect(foreign.statusCode).toBe(400);
    expect(members(foreign)).toEqual(['siteId']);
  });

  it('need Sitekit.Banners to read and its children to write; another tenant’s banner is 404', async () => {
    const row = await create(demoAdmin, banner({ title: 'Guarded' }));
    await expectCrudGuarded({ t, nobody, reader }, url, row.id, banner());
    const theirSiteId = (await call(otherAdmin, 'GET', '/api/sitekit/sites')).json().items[0].id as string;
    const theirs = await create(otherAdmin, banner({ siteId: theirSiteId, title: 'Theirs only' }));
    await expectOutOfReach({ t, demoAdmin, otherAdmin }, url, theirs, {
      change: banner({ title: 'taken' }),
      filter: 'Theirs',
      expected: { title: 'Theirs only' },
    });
    await expectDeleted({ t, demoAdmin }, url, row.id);
  });
});
