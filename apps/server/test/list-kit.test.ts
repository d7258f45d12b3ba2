import type { ColumnField, FilterField } from '@seller/contracts/lists';
import { filterLabelOf, LIST_COUNT_CAP, LIST_MAX_SKIP, textKeyOf } from '@seller/contracts/lists';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitLists } from '../src/core/lists.ts';
import { allResources } from '../src/core/localization/index.ts';
import { as, createTestApp, members, signIn, type TestApp } from './harness.ts';

/**
 * The list kit across the product: every paged route is made by a kit (`listRoutes` or the
 * resource kit's `resourceRoutes`), every text a declared list names exists in both languages, and
 * the kit's rules hold through HTTP: the total stops at the cap, paging stops at the deepest page,
 * an unknown sort is a 400 naming `sorting`, days follow the tenant's calendar and an exported
 * text never runs as a formula.
 */
let t: TestApp;
let admin: ReturnType<typeof as>;

/** Paged routes still declared by hand (not yet moved onto the kit); the list only shrinks. */
const notYetOnTheKit = new Set<string>([
  // pg-boss's own store, read through its connection and API (its partitioned job table and indexes are
  // pg-boss's, not a table of ours the kit could scope and order)
  '/api/background-jobs/jobs',
  '/api/trade/finance/profit/skus',
  // the Storefront API's public lists, read with a site's key by shoppers: their paging, sorts and
  // filters are the storefront's (`storeProductsQuery`), not the back-office kit's
  '/api/store/products',
  '/api/store/products/:slug/reviews',
]);

beforeAll(async () => {
  t = await createTestApp({ JOBS_WORKER: 'false' });
  admin = as(t.app, (await signIn(t.app, { tenant: 'demo' })).access_token);
}, 180_000);
afterAll(() => t?.close());

const isPaged = (schema: unknown) => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && 'totalCount' in shape && 'items' in shape);
};

describe('the list kit', () => {
  it('makes every paged route of the API', () => {
    const paged = t.services.routes.filter((r) => r.method === 'GET' && isPaged(r.schema?.response?.[200]));
    expect(paged.length).toBeGreaterThan(40);
    const byHand = paged.map((r) => r.url).filter((url) => !kitLists.has(url) && !notYetOnTheKit.has(url));
    expect(byHand).toEqual([]);
  });

  it('lists only routes that are still by hand', () => {
    const paged = new Set(
      t.services.routes.filter((r) => r.method === 'GET' && isPaged(r.schema?.response?.[200])).map((r) => r.url),
    );
    expect([...notYetOnTheKit].filter((url) => kitLists.has(url) || !paged.has(url))).toEqual([]);
  });

  it('finds every text a declared list names, in both languages', () => {
    const missing: string[] = [];
    for (const culture of ['en', 'zh-Hans'] as const) {
      const texts = allResources(culture);
      for (const [url, { list }] of kitLists) {
        if (!list) continue;
        const spec = list.spec;
        const need = (key: string) => {
          if (!texts[spec.texts]?.[key]) missing.push(`${culture} ${url} ${spec.texts}::${key}`);
        };
        need(spec.exportName ?? 'ExportName');
        if (spec.search) need(spec.search);
        for (const [key, c] of Object.entries(spec.columns as Record<string, ColumnField>)) {
          const header = c.header ?? textKeyOf(key);
          need(header);
          for (const v of c.values ?? []) need(`${c.texts ?? `${header}:`}${v}`);
        }
        for (const [name, f] of Object.entries(spec.filters as Record<string, FilterField>)) {
          need(filterLabelOf(name, f));
          if (f.kind === 'enum') for (const v of f.values) need(`${f.texts ?? `${textKeyOf(name)}:`}${v}`);
        }
        for (const v of spec.tabs?.values ?? []) need(`${spec.tabs!.texts ?? `${textKeyOf(spec.tabs!.member)}:`}${v}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('refuses an unknown sort and a page past the deepest, naming the member, on every kit list', async () => {
    const wrong: string[] = [];
    const host = as(t.app, (await signIn(t.app, {})).access_token);
    for (const url of kitLists.keys()) {
      if (url.includes(':')) continue;
      // host lists (tenants) are read by the host's administrator
      const onHost = (await admin({ method: 'GET', url })).statusCode === 403;
      const reader = onHost ? host : admin;
      const evil = await reader({ method: 'GET', url: `${url}?sorting=${encodeURIComponent('name; drop table x')}` });
      if (evil.statusCode !== 400 || members(evil).join() !== 'sorting')
        wrong.push(`${url} sorting ${evil.statusCode}`);
      const deep = await reader({ method: 'GET', url: `${url}?skipCount=${LIST_MAX_SKIP + 1}` });
      if (deep.statusCode !== 400 || members(deep).join() !== 'skipCount') wrong.push(`${url} skip ${deep.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the sales order list on the kit', () => {
  const url = '/api/trade/orders';
  const demoId = () => t.demo.id;
  const insertOrders = (n: number, buyer: string, at: string) =>
    t.services.data.unscoped((tx) =>
      tx.execute(sql`
        insert into trade_sales_orders (tenant_id, order_no, source, status, currency, total, buyer_name, ordered_at, concurrency_stamp)
        select ${demoId()}::uuid, ${`KIT-${at.slice(0, 10)}-`} || g, 'MANUAL', 'Pending', 'MYR', 10, ${buyer}, ${at}::timestamptz, md5(g::text)
        from generate_series(1, ${n}) as g`),
    );

  it('counts a total up to the cap and says so past it, in the page and the tab counts', async () => {
    const rows = LIST_COUNT_CAP + 5;
    await insertOrders(rows, 'capped-buyer', '2021-03-01T00:00:00Z');
    const page = await admin({ method: 'GET', url: `${url}?buyer=capped-buyer&maxResultCount=5` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ totalCount: LIST_COUNT_CAP, totalCountCapped: true });
    expect(page.json().items).toHaveLength(5);
    const counts = (await admin({ method: 'GET', url: `${url}/counts?buyer=capped-buyer` })).json();
    expect(counts).toMatchObject({ capped: true, total: LIST_COUNT_CAP, counts: { Pending: LIST_COUNT_CAP, Paid: 0 } });
    // a full page past the cap keeps the bounded total; the last page tells the exact total itself
    const deep = (
      await admin({ method: 'GET', url: `${url}?buyer=capped-buyer&skipCount=${rows - 10}&maxResultCount=5` })
    ).json();
    expect(deep).toMatchObject({ totalCount: LIST_COUNT_CAP, totalCountCapped: true });
    expect(deep.items).toHaveLength(5);
    const last = (
      await admin({ method: 'GET', url: `${url}?buyer=capped-buyer&skipCount=${rows - 2}&maxResultCount=5` })
    ).json();
    expect(last.items).toHaveLength(2);
    expect(last.totalCount).toBe(rows);
    expect(last.totalCountCapped).toBeUndefined();
  });

  it('reads days on the tenant calendar (Asia/Shanghai): 17:00 UTC belongs to the next day there', async () => {
    await insertOrders(1, 'calendar-buyer', '2022-01-01T17:00:00Z');
    const on = async (day: string) =>
      (await admin({ method: 'GET', url: `${url}?buyer=calendar-buyer&from=${day}&to=${day}` })).json().totalCount;
    expect(await on('2022-01-02')).toBe(1);
    expect(await on('2022-01-01')).toBe(0);
    // an instant is taken as it is (and `to` is exclusive)
    const instant = await admin({
      method: 'GET',
      url: `${url}?buyer=calendar-buyer&from=2022-01-01T16:59:00Z&to=2022-01-01T17:00:01Z`,
    });
    expect(instant.json().totalCount).toBe(1);
    expect(members(await admin({ method: 'GET', url: `${url}?from=yesterday` }))).toEqual(['from']);
  });

  it('exports a text that looks like a formula as text, never as a formula', async () => {
    await insertOrders(1, '=HYPERLINK("http://evil.example","x")', '2023-05-05T05:00:00Z');
    const res = await admin({ method: 'GET', url: `${url}/export?from=2023-05-05&to=2023-05-05` });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const cells = (sheet.getRow(2).values as unknown[]).filter((v) => typeof v === 'string') as string[];
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(sheet.getRow(2).values).not.toContainEqual(expect.objectContaining({ formula: expect.anything() }));
  });
});
