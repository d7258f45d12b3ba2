import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, type TestApp, xlsxRows } from '../../../../test/harness.ts';
import { expectGuarded, logisticsUsers, resourceCalls } from '../../logistics/test-support.ts';
import { createSite, demoStore } from '../test-support.ts';

const url = '/api/sitekit/articles';

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
let nobody: string;
let reader: string;
let siteId: string;

type Row = { id: string; slug: string; status: string; concurrencyStamp: string; [k: string]: unknown };
const { call, create } = resourceCalls<Row>(() => t, url);

const article = (extra: object = {}) => ({
  siteId,
  language: 'zh-Hans',
  title: '夏季促销开始了',
  summary: '全场八折',
  content: '<p>全场 <b>八折</b></p>',
  tags: ['促销'],
  ...extra,
});
let store: Awaited<ReturnType<typeof demoStore>>['store'];

beforeAll(async () => {
  ({ t, demoAdmin, otherAdmin, nobody, reader } = await logisticsUsers('Sitekit.Articles'));
  ({ siteId, store } = await demoStore(t, demoAdmin));
});
afterAll(async () => {
  await t?.close();
});

describe('articles', () => {
  it('are seeded for demo: one published (pinned), one draft, one deleted', async () => {
    const seeded = (await call(demoAdmin, 'GET', `${url}?siteId=${siteId}&sorting=title asc`)).json();
    expect(seeded.items.map((a: Row) => [a.slug, a.status])).toEqual([
      ['free-shipping', 'PUBLISHED'],
      ['summer-clearance', 'DELETED'],
      ['double-twelve-guide', 'DRAFT'],
    ]);
  });

  it('go draft → published → draft → deleted → restored → deleted → purged, each step only from its state', async () => {
    const a = await create(demoAdmin, article({ slug: 'Summer-Sale' }));
    expect(a).toMatchObject({ slug: 'summer-sale', status: 'DRAFT', publishedAt: null, tags: ['促销'] });
    const step = async (action: string, status: number) => {
      const res = await call(demoAdmin, 'POST', `${url}/${a.id}/${action}`);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(status);
      return res.json();
    };
    expect((await step('unpublish', 409)).error.message).toBe('Only a published article can be taken off.');
    const published = await step('publish', 200);
    expect(published.status).toBe('PUBLISHED');
    expect(published.publishedAt).toBeTruthy();
    expect((await step('publish', 409)).error.message).toBe('Only a draft can be published.');
    expect((await step('unpublish', 200)).status).toBe('DRAFT');
    // a purge is refused until the article is deleted
    expect((await call(demoAdmin, 'DELETE', `${url}/${a.id}`)).statusCode).toBe(409);
    const deleted = await step('delete', 200);
    expect(deleted).toMatchObject({ status: 'DELETED' });
    expect(deleted.deletionTime).toBeTruthy();
    // a deleted one is not edited
    const edit = await call(demoAdmin, 'PUT', `${url}/${a.id}`, article());
    expect(edit.statusCode).toBe(409);
    const restored = await step('restore', 200);
    expect(restored).toMatchObject({ status: 'DRAFT', deletionTime: null });
    // the first publication time is kept through the round trip
    expect(restored.publishedAt).toBe(published.publishedAt);
    await step('delete', 200);
    expect((await call(demoAdmin, 'DELETE', `${url}/${a.id}`)).statusCode).toBe(204);
    expect((await call(demoAdmin, 'GET', `${url}/${a.id}`)).statusCode).toBe(404);
  });

  it('are listed per site with status tabs and their counts, searched, sorted and exported', async () => {
    const draft = await create(demoAdmin, article({ title: 'Draft one', slug: 'draft-one' }));
    const live = await create(demoAdmin, article({ title: 'Live one', slug: 'live-one', language: 'en' }));
    await call(demoAdmin, 'POST', `${url}/${live.id}/publish`);
    const gone = await create(demoAdmin, article({ title: 'Gone one', slug: 'gone-one' }));
    await call(demoAdmin, 'POST', `${url}/${gone.id}/delete`);

    const counts = (await call(demoAdmin, 'GET', `${url}/counts?siteId=${siteId}&filter=one`)).json();
    expect(counts).toMatchObject({ total: 3, counts: { DRAFT: 1, PUBLISHED: 1, DELETED: 1 } });
    const page = (
      await call(demoAdmin, 'GET', `${url}?siteId=${siteId}&filter=one&status=DRAFT,PUBLISHED&sorting=title asc`)
    ).json();
    expect(page.items.map((r: Row) => r.slug)).toEqual(['draft-one', 'live-one']);
    const english = (await call(demoAdmin, 'GET', `${url}?siteId=${siteId}&language=en&filter=one`)).json();
    expect(english.items.map((r: Row) => r.slug)).toEqual(['live-one']);
    const bad = await call(demoAdmin, 'GET', `${url}?siteId=${siteId}&sorting=content asc`);
    expect(members(bad)).toEqual(['sorting']);

    const file = await call(demoAdmin, 'GET', `${url}/export?siteId=${siteId}&filter=one&sorting=title asc`);
    expect(file.statusCode).toBe(200);
    const rows = await xlsxRows(file.rawPayload);
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['Draft one', 'Draft'],
      ['Gone one', 'Deleted'],
      ['Live one', 'Published'],
    ]);
    for (const a of [draft, live, gone]) {
      await call(demoAdmin, 'POST', `${url}/${a.id}/delete`);
      await call(demoAdmin, 'DELETE', `${url}/${a.id}`);
    }
  });

  it('keep their HTML sanitized: no script, handler, style or javascript: link survives', async () => {
    const a = await create(
      demoAdmin,
      article({
        slug: 'hostile',
        content:
          '<p onclick="steal()">Hi<script>alert(1)</script><img src="x.png" onerror="steal()"><img src="https://img.example.com/a.png" alt="A"><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a><iframe src="https://evil.example"></iframe><style>body{}</style></p>',
      }),
    );
    expect(a.content).toBe(
      // a relative image path stays (it runs nothing); its handler goes
      '<p>Hi<img src="x.png" /><img src="https://img.example.com/a.png" alt="A" /><a rel="noopener noreferrer nofollow" target="_blank">x</a><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>',
    );
    await call(demoAdmin, 'POST', `${url}/${a.id}/publish`);
    const served = (await store('/api/store/articles/hostile')).json();
    expect(served.content).toBe(a.content);
    await call(demoAdmin, 'POST', `${url}/${a.id}/delete`);
    await call(demoAdmin, 'DELETE', `${url}/${a.id}`);
  });

  it('reach the storefront only when published, pinned first then newest, by language and tag', async () => {
    const older = await create(demoAdmin, article({ title: 'Older', slug: 'older', tags: ['news'] }));
    const pinned = await create(demoAdmin, article({ title: 'Pinned', slug: 'pinned', isPinned: true }));
    const newer = await create(demoAdmin, article({ title: 'Newer', slug: 'newer', language: 'en', tags: ['news'] }));
    const draft = await create(demoAdmin, article({ title: 'Still a draft', slug: 'still-draft' }));
    for (const a of [older, pinned, newer]) await call(demoAdmin, 'POST', `${url}/${a.id}/publish`);

    const listed = (await store('/api/store/articles')).json().items.map((a: { slug: string }) => a.slug);
    // the demo's own published article is pinned too, and older than the ones just published
    expect(listed).toEqual(['pinned', 'free-shipping', 'newer', 'older']);
    expect(
      (await store('/api/store/articles?tag=news&language=en')).json().items.map((a: { slug: string }) => a.slug),
    ).toEqual(['newer']);
    expect((await store('/api/store/articles/still-draft')).statusCode).toBe(404);
    const detail = (await store('/api/store/articles/older')).json();
    expect(detail).toMatchObject({ slug: 'older', title: 'Older', content: '<p>全场 <b>八折</b></p>', tags: ['news'] });
    // unpublished, it is gone from the storefront
    await call(demoAdmin, 'POST', `${url}/${older.id}/unpublish`);
    expect((await store('/api/store/articles/older')).statusCode).toBe(404);
    // without the site's key there is no storefront at all
    expect((await t.app.inject({ method: 'GET', url: '/api/store/articles' })).statusCode).toBe(401);
    for (const a of [older, pinned, newer, draft]) {
      await call(demoAdmin, 'POST', `${url}/${a.id}/delete`);
      await call(demoAdmin, 'DELETE', `${url}/${a.id}`);
    }
  });

  it('refuse bad input naming the field, a slug taken on the site, and a site not the tenant’s', async () => {
    const refusals: [object, string][] = [
      [article({ title: '' }), 'title'],
      [article({ slug: 'Not a slug!' }), 'slug'],
      [article({ language: 'fr' }), 'language'],
      [article({ coverImageUrl: 'javascript:alert(1)' }), 'coverImageUrl'],
      [article({ siteId: 'nope' }), 'siteId'],
    ];
    for (const [body, member] of refusals) {
      const res = await call(demoAdmin, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(members(res)).toEqual([member]);
    }
    const first = await create(demoAdmin, article({ slug: 'taken' }));
    const again = await call(demoAdmin, 'POST', url, article({ slug: 'taken' }));
    expect(again.statusCode).toBe(400);
    expect(members(again)).toEqual(['slug']);
    const theirSiteId = await createSite(t, otherAdmin, 'theirs');
    const foreign = await call(demoAdmin, 'POST', url, article({ siteId: theirSiteId }));
    expect(foreign.statusCode).toBe(400);
    expect(members(foreign)).toEqual(['siteId']);
    // writers racing for one slug: one gets it, the others the same refusal (never a 500)
    const raced = await Promise.all(
      [1, 2, 3, 4].map((n) => call(demoAdmin, 'POST', url, article({ slug: 'raced', title: `Race ${n}` }))),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (const r of raced.filter((x) => x.statusCode === 400)) expect(members(r)).toEqual(['slug']);
    const winner = raced.find((r) => r.statusCode === 200)!.json() as Row;
    // a title of no Latin letters gets a short code for its address
    const chinese = await create(demoAdmin, article({ title: '新品上市' }));
    expect(chinese.slug).toMatch(/^a-[0-9a-f]{8}$/);
    for (const a of [first, chinese, winner]) {
      await call(demoAdmin, 'POST', `${url}/${a.id}/delete`);
      await call(demoAdmin, 'DELETE', `${url}/${a.id}`);
    }
  });

  it('need Sitekit.Articles to read and its children to write; another tenant’s article is 404', async () => {
    const a = await create(demoAdmin, article({ slug: 'guarded' }));
    await expectGuarded(
      { t, nobody, reader },
      [
        ['GET', `${url}?siteId=${siteId}`],
        ['GET', `${url}/${a.id}`],
        ['POST', url],
        ['PUT', `${url}/${a.id}`],
        ['POST', `${url}/${a.id}/publish`],
        ['POST', `${url}/${a.id}/delete`],
        ['DELETE', `${url}/${a.id}`],
      ],
      article({ slug: 'guarded-2' }),
    );
    for (const [method, path] of [
      ['GET', `${url}/${a.id}`],
      ['PUT', `${url}/${a.id}`],
      ['POST', `${url}/${a.id}/publish`],
      ['DELETE', `${url}/${a.id}`],
    ] as const)
      expect((await call(otherAdmin, method, path, method === 'PUT' ? article() : undefined)).statusCode, path).toBe(
        404,
      );
    expect((await call(otherAdmin, 'GET', `${url}?siteId=${siteId}`)).json().totalCount).toBe(0);
    expect((await call(demoAdmin, 'GET', `${url}/${a.id}`)).json().status).toBe('DRAFT');
  });
});
