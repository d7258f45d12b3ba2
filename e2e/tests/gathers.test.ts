/**
 * Gathered products (采集箱) through the UI (tenant demo, its administrator, Chinese): the top
 * bar's plugin button opens the collector page, which offers the extension as a ZIP; the gather
 * list gathers three sample fixture URLs and one that fails (per-URL results), lists them, and one
 * is claimed into the catalogue, where the product list leads to its detail with its variants,
 * vendor and images. A JSON upload gathers its valid item and reports the bad one. The
 * extension's popup (its own files, with the few browser APIs it uses given by the page) signs
 * in with the token server and sends the product of the tab. Then the extension's extractor, run in Chromium on a page with a product,
 * reads what the extension posts, and the API takes it.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { renderSamplePage } from '../../apps/server/src/modules/catalog/gathers/samples/pages.ts';
import { extractProduct, toGatherInput } from '../../extensions/collector/extract.js';
import {
  ADMIN,
  apiJson,
  artifact,
  DEMO_ADMIN,
  eventually,
  passwordToken,
  searchTable,
  signIn,
  text,
  withPage,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

/** The count a list tab shows once its counts arrived (`未认领 (18)` → 18). */
const tabCount = (page: Page, testid: string) =>
  eventually(async () => {
    const n = /\((\d+)\)/.exec(await text(page.getByTestId(testid)))?.[1];
    assert.ok(n, `no count on ${testid} yet`);
    return Number(n);
  });

/** Source pages the default fetcher serves from its saved samples (docs/gathering.md). */
const SAMPLES = [
  { url: 'https://detail.1688.com/offer/610000000001.html', itemId: '610000000001' },
  { url: 'https://item.taobao.com/item.htm?id=680000000001', itemId: '680000000001' },
  { url: 'https://www.aliexpress.com/item/1005006000000001.html', itemId: '1005006000000001' },
];
/** A source page the samples do not hold: its row fails. */
const MISSING = 'https://detail.1688.com/offer/619999999999.html';

/** The sample pages' images, which the source platforms' CDNs would serve to the extension's preview (no outside site is reachable here). */
const SAMPLE_IMAGES = new URL('../../apps/server/src/modules/catalog/gathers/samples/images/', import.meta.url)
  .pathname;
async function serveSampleImages(page: Page) {
  await page.route(/^https:\/\/[^/]+\/.+\.(png|jpe?g)$/, (route) => {
    const file = `${SAMPLE_IMAGES}${basename(new URL(route.request().url()).pathname)}`;
    return existsSync(file)
      ? route.fulfill({ contentType: 'image/png', body: readFileSync(file) })
      : route.fulfill({ status: 404 });
  });
}

/** Picks `name` in the select `testid` until the select shows it (a pick made while a dialog opens may be lost). */
async function choose(page: Page, testid: string, name: string) {
  const select = page.getByTestId(testid);
  for (let attempt = 1; ; attempt++) {
    if ((await text(select)).includes(name.split(' ')[0])) return;
    const dropdown = page.locator('.ant-select-dropdown:visible');
    try {
      if ((await dropdown.count()) === 0) await select.click();
      await dropdown.getByText(name, { exact: true }).click({ timeout: 5_000 });
      await eventually(async () => assert.ok((await text(select)).includes(name.split(' ')[0])), 2_000);
      return;
    } catch (e) {
      if (attempt === 4) throw e;
      // a dropdown opened while its dialog was still zooming in keeps the width it measured then
      // (too narrow to show the option): close it, so the next try opens it at the settled width
      if ((await dropdown.count()) > 0) {
        await page.keyboard.press('Escape');
        await eventually(async () => assert.equal(await dropdown.count(), 0), 5_000);
      }
    }
  }
}

interface Row {
  id: string;
  sourceItemId: string | null;
  title: string;
  status: string;
  claimCount: number;
  skuCount: number;
  images: string[];
  supplierName: string | null;
}

test('the top bar’s plugin button opens the collector page, which offers the extension as a ZIP', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    await page.getByTestId('plugin-download').click();
    await page.waitForURL((u) => u.pathname === '/product/collector');
    await page.getByTestId('collector').getByText('chrome://extensions').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('collector-download').click(),
    ]);
    assert.equal(download.suggestedFilename(), 'seller-collector.zip');
    const zip = await download.createReadStream();
    const head: Buffer = await new Promise((resolve, reject) => {
      zip.once('data', (chunk) => resolve(Buffer.from(chunk)));
      zip.once('error', reject);
    });
    zip.destroy();
    assert.equal(head.subarray(0, 2).toString('latin1'), 'PK', 'a ZIP');
    await page.screenshot({ path: artifact('collector-page.png'), fullPage: true });
    // and it leads to the gather list
    await page.getByTestId('collector-gather-list').click();
    await page.waitForURL((u) => u.pathname === '/product/gather-list');
    await page.getByTestId('gathers').waitFor();
  });
});

test('gathers three sample items by URL, claims one and finds it in the catalogue with variants, vendor and images', {
  timeout: 150_000,
}, async (t) => {
  await withPage(app.browser, t, async (page) => {
    // no source image is routed here: the page shows them through the server's fetcher
    // the demo has gathered the sample pages already (a URL is gathered once): those items go first
    const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
    for (const s of SAMPLES) await forgetGathered(token, s.itemId);
    await signIn(page, app.server.url, DEMO_ADMIN);
    await page.goto(`${app.server.url}/product/gather-list`);
    const list = page.getByTestId('gathers');
    await list.waitFor();
    const newBefore = await tabCount(page, 'gathers-tab-NEW');

    // gather by URLs: three samples and one missing page, each with its own result
    await page.getByTestId('gathers-by-urls').click();
    await page.getByTestId('gather-urls-input').fill([...SAMPLES.map((s) => s.url), MISSING].join('\n'));
    await page.getByTestId('gather-urls-start').click();
    const status = page.getByTestId('gather-batch-status');
    await eventually(async () => assert.match(await text(status), /采集完成:成功 3 个,失败 1 个/), 60_000);
    const batch = page.getByTestId('gather-batch');
    assert.match(await text(page.getByTestId('gather-batch-row-3')), /失败/);
    assert.ok((await text(batch.locator('tr', { hasText: MISSING }))).length > MISSING.length, 'the failure says why');
    await page.screenshot({ path: artifact('gathers-by-urls.png') });

    // the first sample's detail, from its row of the batch: its SKU matrix, and a note in its log
    const sample = SAMPLES[0];
    await page.getByTestId('gather-batch-open-0').click();
    const skus = page.getByTestId('gather-detail-skus');
    await skus.waitFor();
    const skuRows = await skus.locator('tbody tr.ant-table-row').count();
    assert.ok(skuRows >= 2, 'the sample has a SKU matrix');
    await page.getByTestId('gather-note-input').fill('样品已确认');
    await page.getByTestId('gather-note-add').click();
    const log = page.getByTestId('gather-detail-log');
    await log.getByText('样品已确认').waitFor();

    // claimed into the catalogue from the drawer (the claim dialog takes its place)
    await page.getByTestId('gather-claim-drawer').click();
    await choose(page, 'gather-claim-categories', '厨房用品 (KITCHEN)');
    await page.keyboard.press('Escape');
    // a source page without a weight: the claim asks for it
    const weight = page.getByTestId('gather-claim-weight');
    await page
      .locator('[data-testid="gather-claim-weight"], [data-testid="gather-claim-source-weight"]')
      .first()
      .waitFor();
    if (await weight.count()) await weight.fill('320');
    await page.getByTestId('gather-claim-form-submit').click();
    const results = page.getByTestId('gather-results');
    const link = results.locator('[data-testid^="gather-result-product-"]');
    await link.waitFor({ timeout: 60_000 });
    const sku = await text(link);
    assert.ok(sku, 'the claim answers the product’s SKU');
    await page.getByTestId('gather-results-ok').click();
    // the gather dialog kept its batch: the item again, whose log names the product made
    await page.getByTestId('gathers-by-urls').click();
    await page.getByTestId('gather-batch-open-0').click();
    await log.getByText(sku).waitFor();
    await page.keyboard.press('Escape');
    await skus.waitFor({ state: 'detached' });

    // the other two are listed under "new" (newest first), with their images
    const newest = list.locator('tbody tr.ant-table-row');
    for (const [i, s] of SAMPLES.slice(1).reverse().entries()) {
      await newest.nth(i).getByTestId(`gather-title-${s.itemId}`).waitFor();
    }
    await eventually(async () => assert.equal(await tabCount(page, 'gathers-tab-NEW'), newBefore + 2));
    const image = newest.first().locator('img');
    await eventually(async () => assert.equal(await image.count(), 1, 'the main image is shown'));
    await eventually(async () =>
      assert.ok(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'and loaded'),
    );
    await page.screenshot({ path: artifact('gathers-list.png') });
    // the claimed one is under "claimed"
    await page.getByTestId('gathers-tab-CLAIMED').click();
    assert.equal(await text(page.getByTestId(`gather-status-${sample.itemId}`).first()), '已认领');

    const items = await apiJson<{ items: Row[] }>(
      app.server.url,
      `/api/catalog/gathers?filter=${sample.itemId}&status=CLAIMED&sorting=gatheredAt%20desc&maxResultCount=1`,
      { token },
    );
    const gathered = items.body.items[0];
    assert.equal(gathered?.sourceItemId, sample.itemId);
    assert.equal(gathered.claimCount, 1);

    // the catalogue: the product list leads to the product, with its variants, vendor and images
    await page.goto(`${app.server.url}/product/productList`);
    const products = page.getByTestId('products');
    await products.locator('tbody tr.ant-table-row').first().waitFor();
    await searchTable(products, page.getByTestId('products-search').locator('input'), sku);
    await page.getByTestId(`product-link-${sku}`).click();
    await page.getByTestId('product-detail').waitFor();
    const variants = page
      .locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: /^变体$/ }) })
      .locator('tbody tr.ant-table-row');
    await eventually(async () => assert.equal(await variants.count(), skuRows));
    const vendors = page.getByTestId('product-vendors');
    await vendors
      .getByText(gathered.supplierName ?? '')
      .first()
      .waitFor();
    await eventually(async () => assert.ok((await page.getByTestId('product-image').count()) >= 1));
    await page.screenshot({ path: artifact('gathers-claimed-product.png'), fullPage: true });
  });
});

test('uploads a JSON file: the valid item is gathered, the bad one reported with its row and field', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/product/gather-list' }, async (page) => {
    await page.getByTestId('gathers').waitFor();
    const items = [
      {
        sourceUrl: 'https://detail.1688.com/offer/611111111111.html',
        title: 'E2E 上传的硅胶折叠水杯',
        priceMin: '9.90',
        currency: 'CNY',
        images: ['https://cbu01.alicdn.com/img/ibank/e2e-cup.png'],
        supplierName: 'E2E 杯业',
      },
      { sourceUrl: 'https://detail.1688.com/offer/611111111112.html', priceMin: '5' },
    ];
    await page
      .locator('.ant-upload', { has: page.getByTestId('gathers-upload') })
      .locator('input[type=file]')
      .setInputFiles({
        name: 'gathers.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(items)),
      });
    const errors = page.getByTestId('gathers-upload-errors');
    await errors.waitFor();
    const row = errors.locator('tbody tr.ant-table-row');
    assert.equal(await row.count(), 1);
    assert.match(await text(row), /^2\s*title/);
    await page.screenshot({ path: artifact('gathers-upload-errors.png'), animations: 'disabled' });
    await page.getByTestId('gathers-upload-ok').click();
    await page.getByTestId('gather-title-611111111111').waitFor();
  });
});

/** The collector extension's folder. */
const EXTENSION = new URL('../../extensions/collector/', import.meta.url).pathname;

/** Deletes the tenant's gathered items of a source item: a URL is gathered once, and the demo has the samples. */
async function forgetGathered(token: string, itemId: string) {
  const seeded = await apiJson<{ items: Row[] }>(app.server.url, `/api/catalog/gathers?filter=${itemId}`, { token });
  for (const { id } of seeded.body.items) {
    const gone = await apiJson(app.server.url, `/api/catalog/gathers/${id}`, { method: 'DELETE', token });
    assert.equal(gone.status, 204);
  }
}

test('the extension’s popup signs in with the token server and sends the product of the tab', {
  timeout: 60_000,
}, async (t) => {
  const url = 'https://item.taobao.com/item.htm?id=680000000002';
  // the sample page as the product's samples fetcher renders it for this item
  const html = await renderSamplePage('taobao', '680000000002');
  assert.ok(html, 'the Taobao sample 680000000002 renders');
  await forgetGathered((await passwordToken(app.server.url, DEMO_ADMIN)).access_token, '680000000002');
  await withPage(
    app.browser,
    t,
    async (page) => {
      // the popup's files, served beside the admin (an extension page with the host permission
      // reaches the admin without CORS; a page of the admin's own origin does too)
      await serveSampleImages(page);
      await page.route(`${app.server.url}/__collector/**`, (route) => {
        const name = basename(new URL(route.request().url()).pathname);
        if (name === 'config.json') return route.fulfill({ json: { server: app.server.url, tenant: 'demo' } });
        const type = name.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
        return route.fulfill({ contentType: type, body: readFileSync(`${EXTENSION}${name}`) });
      });
      // the browser APIs the popup uses: local storage, the host permission (granted), the active
      // tab, and running the extractor in it (here on the sample page's document)
      await page.addInitScript(
        ({ html, url, base }) => {
          const store = new Map<string, unknown>();
          const w = window as unknown as { chrome: unknown };
          w.chrome = {
            storage: {
              local: {
                get: async (key: string) => (store.has(key) ? { [key]: store.get(key) } : {}),
                set: async (items: Record<string, unknown>) => {
                  for (const [k, v] of Object.entries(items)) store.set(k, v);
                },
                remove: async (key: string) => void store.delete(key),
              },
            },
            permissions: { request: async () => true },
            runtime: { getURL: (path: string) => `${base}/__collector/${path}` },
            tabs: { query: async () => [{ id: 7 }] },
            scripting: {
              executeScript: async ({ func }: { func: (doc: Document, url: string) => unknown }) => [
                { result: func(new DOMParser().parseFromString(html, 'text/html'), url) },
              ],
            },
          };
        },
        { html, url, base: app.server.url },
      );
      await page.goto(`${app.server.url}/__collector/popup.html`);
      // the downloaded config fills in the admin and the tenant
      await eventually(async () => assert.equal(await page.locator('#server').inputValue(), app.server.url));
      assert.equal(await page.locator('#tenant').inputValue(), 'demo');
      await page.locator('#username').fill(ADMIN.userName);
      await page.locator('#password').fill('wrong password');
      await page.getByRole('button', { name: '登录' }).click();
      await eventually(async () => assert.match(await text(page.locator('#status.error')), /用户名或密码错误/));
      await page.locator('#password').fill(ADMIN.password);
      await page.getByRole('button', { name: '登录' }).click();
      await eventually(async () => assert.match(await text(page.locator('#who')), /admin/));
      assert.equal(await text(page.locator('#preview-title')), '家用收纳箱 塑料 加厚 大号 衣物整理箱');
      assert.equal(await text(page.locator('#preview-price')), 'CNY 19.9–39.9');
      await page.screenshot({ path: artifact('collector-popup.png') });
      await page.getByRole('button', { name: '采集当前商品' }).click();
      await eventually(async () => assert.match(await text(page.locator('#status.ok')), /已采集到采集箱/));
    },
    { locale: 'zh-CN', viewport: { width: 360, height: 420 } },
  );
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const found = await apiJson<{ items: (Row & { origin: string; gathererName: string })[] }>(
    app.server.url,
    '/api/catalog/gathers?filter=680000000002&sorting=gatheredAt%20desc&maxResultCount=1',
    { token },
  );
  assert.equal(found.body.items[0]?.origin, 'extension');
  assert.equal(found.body.items[0]?.gathererName, 'admin');
  assert.equal(found.body.items[0]?.skuCount, 3);
});

test('the extension’s extractor, run in Chromium on a product page, reads what the API takes', {
  timeout: 60_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  await withPage(app.browser, t, async (page) => {
    // a product page as the platforms write them: JSON-LD and Open Graph
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'E2E 折叠收纳箱',
      image: ['https://img.alicdn.com/e2e/box-1.jpg', 'https://img.alicdn.com/e2e/box-2.jpg'],
      offers: { '@type': 'AggregateOffer', lowPrice: '12.80', highPrice: '19.90', priceCurrency: 'CNY' },
    };
    await page.route('https://item.taobao.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html><head><title>x</title>
          <script type="application/ld+json">${JSON.stringify(ld)}</script></head><body>收纳箱</body></html>`,
      }),
    );
    await page.goto('https://item.taobao.com/item.htm?id=688000000001');
    // the function's own source runs in the page, as chrome.scripting.executeScript sends it
    const product = await page.evaluate(extractProduct as () => ReturnType<typeof extractProduct>);
    assert.ok(product);
    assert.equal(product.sourceItemId, '688000000001');
    const posted = await apiJson<Row>(app.server.url, '/api/catalog/gathers', {
      method: 'POST',
      token,
      json: toGatherInput(product),
    });
    assert.equal(posted.status, 200, JSON.stringify(posted.body));
    assert.equal(posted.body.title, 'E2E 折叠收纳箱');
    assert.equal(posted.body.images.length, 2);
  });
});
