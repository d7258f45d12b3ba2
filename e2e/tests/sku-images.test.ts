/**
 * SKU image export through the UI (tenant demo, Chinese): three demo products' SKUs (one given a
 * gallery image over the API) and an unknown SKU are pasted on /product/sku-download-img, the
 * export runs in the background with its progress on the page, and the finished ZIP is downloaded
 * and opened here: one file per image named by SKU, and missing.txt naming the unknown SKU.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import JSZip from 'jszip';
import { apiJson, artifact, DEMO_ADMIN, eventually, passwordToken, text } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

/** An 8×8 grey baseline JPEG (as apps/server/src/modules/catalog/sku-images/sample-jpeg.ts draws it). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAAIAAgBAREA/8QAJgABAAAAAAAAAAAAAAAAAAAACRABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQAAPwBoH//Z',
  'base64',
);

interface ProductRow {
  id: string;
  sku: string;
  mainImage: string | null;
}

test('exports the images of pasted SKUs as a ZIP named by SKU, followed live, and opens it', {
  timeout: 120_000,
}, async (t) => {
  const { access_token: token } = await passwordToken(app.server.url, DEMO_ADMIN);
  const listed = await apiJson<{ items: ProductRow[] }>(
    app.server.url,
    '/api/catalog/products?filter=CAT-&maxResultCount=3&sorting=sku%20asc',
    { token, tenant: 'demo' },
  );
  assert.equal(listed.status, 200);
  const demo = listed.body.items;
  assert.equal(demo.length, 3);
  assert.ok(
    demo.every((p) => p.mainImage),
    'the demo catalogue products have a main image',
  );

  // a gallery image (JPEG) for the first one: its second file
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'gallery.jpg');
  const uploaded = await fetch(`${app.server.url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, __tenant: 'demo' },
    body: form,
  });
  assert.equal(uploaded.status, 200);
  const { url } = (await uploaded.json()) as { url: string };
  const added = await apiJson(app.server.url, `/api/catalog/products/add-images/${demo[0].id}`, {
    method: 'POST',
    token,
    tenant: 'demo',
    json: { urls: [url] },
  });
  assert.equal(added.status, 200);

  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/product/sku-download-img' }, async (page) => {
    const pageRoot = page.getByTestId('sku-images');
    await pageRoot.getByText('暂无导出记录。').waitFor();

    await pageRoot.getByText('输入SKU', { exact: true }).click();
    await page
      .getByTestId('sku-images-skus')
      .fill([demo[0].sku, demo[1].sku.toLowerCase(), `${demo[2].sku}, NO-SUCH-SKU-1`].join('\n'));
    assert.equal(await text(page.getByTestId('sku-images-skus-count')), '4 个SKU');
    await page.getByTestId('sku-images-start').click();

    // the export's row: its progress, then completed with the download
    const status = page.locator('[data-testid^="sku-images-status-"]');
    await status.first().waitFor();
    const id = ((await status.first().getAttribute('data-testid')) ?? '').slice('sku-images-status-'.length);
    await page.getByTestId(`sku-images-progress-${id}`).waitFor();
    await eventually(async () => assert.equal(await status.first().getAttribute('data-status'), 'completed'), 60_000);
    assert.match(await text(page.getByTestId(`sku-images-progress-${id}`)), /4 \/ 4 张图片.*1 个SKU无图片/);
    await page.screenshot({ path: artifact('sku-images.png') });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`sku-images-download-${id}`).click(),
    ]);
    assert.match(download.suggestedFilename(), /^sku-images-.*\.zip$/);
    const file = artifact('sku-images.zip');
    await download.saveAs(file);
    const zip = await JSZip.loadAsync(await readFile(file));
    const names = Object.keys(zip.files).sort();
    const ext = (p: ProductRow) => (p.mainImage ?? '').slice((p.mainImage ?? '').lastIndexOf('.'));
    assert.deepEqual(
      names,
      [
        `${demo[0].sku}${ext(demo[0])}`,
        `${demo[0].sku}_2.jpg`,
        `${demo[1].sku}${ext(demo[1])}`,
        `${demo[2].sku}${ext(demo[2])}`,
        'missing.txt',
      ].sort(),
    );
    assert.equal(names.length, 5);
    assert.deepEqual(await zip.file(`${demo[0].sku}_2.jpg`)?.async('nodebuffer'), JPEG);
    assert.equal((await zip.file('missing.txt')?.async('string'))?.trim(), 'NO-SUCH-SKU-1');

    // deleted after confirming: the list is empty again
    await page.getByTestId(`sku-images-delete-${id}`).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /删\s?除|Delete/ })
      .click();
    await pageRoot.getByText('暂无导出记录。').waitFor();
  });
});
