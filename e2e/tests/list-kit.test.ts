/**
 * The list kit in Chromium, on the sales orders (tenant demo): a filtered, sorted list kept in the
 * URL opens the same in another tab and steps back with the back button; the tabs show the
 * server's counts; column settings survive a reload; the export holds the filtered rows; and the
 * same page in English on a 390 px phone.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { apiItems, apiJson, DEMO_ADMIN, eventually, PHONE, passwordToken, pickOption } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

const ORDERS = '/order/orders';

/** A member of the page's query string. */
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** The order numbers the list shows, top to bottom. */
const shownOrders = async (page: Page) => {
  const list = page.getByTestId('sales-orders');
  await list.locator('.ant-table-row').first().waitFor();
  return list.locator('[data-testid^="order-open-"]').allTextContents();
};

test('a filtered, sorted order list lives in its URL, counts its tabs, keeps its columns and exports', {
  timeout: 180_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const counts = await apiJson<{ total: number; counts: Record<string, number> }>(
    app.server.url,
    '/api/trade/orders/counts?platform=LAZADA',
    { token },
  );
  assert.ok(counts.body.total > 0, 'the demo tenant has Lazada orders');
  const expected = await apiItems<{ orderNo: string }>(
    app.server.url,
    '/api/trade/orders?platform=LAZADA&sorting=total%20desc&maxResultCount=10',
    token,
  );

  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: `${ORDERS}` }, async (page) => {
    await shownOrders(page);

    // the platform filter and the sort by total (twice: descending) go into the URL
    await pickOption(page, page.getByTestId('sales-orders-filter-platform'), 'Lazada');
    await eventually(async () => assert.equal(param(page, 'platform'), 'LAZADA'));
    const header = page.getByTestId('sales-orders').locator('th', { hasText: '订单金额' });
    await header.click();
    await eventually(async () => assert.equal(param(page, 'sorting'), 'total asc'));
    // the second click toggles what the header shows, so it waits until the header shows ascending
    await eventually(async () => assert.equal(await header.getAttribute('aria-sort'), 'ascending'));
    await header.click();
    await eventually(async () => assert.equal(param(page, 'sorting'), 'total desc'));
    await eventually(async () =>
      assert.deepEqual(
        await shownOrders(page),
        expected.map((o) => o.orderNo),
      ),
    );

    // the tabs count what the server counts with the same filter
    await eventually(async () =>
      assert.equal(await page.getByTestId('sales-orders-tab-all').textContent(), `全部 (${counts.body.total})`),
    );
    for (const [status, n] of Object.entries(counts.body.counts)) {
      assert.match(
        (await page.getByTestId(`sales-orders-tab-${status}`).textContent()) ?? '',
        new RegExp(`\\(${n}\\)$`),
      );
    }

    // the address opens the same list in another tab
    const copied = page.url();
    const other = await page.context().newPage();
    await other.goto(copied);
    assert.deepEqual(await shownOrders(other), await shownOrders(page));
    assert.equal(await other.getByTestId('sales-orders-filter-platform').textContent(), 'Lazada');
    await other.close();

    // back: the sort goes, then the filter
    await page.goBack();
    await eventually(async () => assert.equal(param(page, 'sorting'), 'total asc'));
    await page.goBack();
    await page.goBack();
    await eventually(async () => assert.equal(param(page, 'platform'), null));
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await eventually(async () => {
      assert.equal(param(page, 'platform'), 'LAZADA');
      assert.equal(param(page, 'sorting'), 'total desc');
    });

    // column settings survive a reload
    const list = page.getByTestId('sales-orders');
    assert.equal(await list.locator('th', { hasText: '平台订单号' }).count(), 1);
    await list.getByRole('button', { name: /列设置|Columns/ }).click();
    await page.locator('.ant-popover:visible .ant-checkbox-wrapper', { hasText: '平台订单号' }).click();
    await eventually(async () => assert.equal(await list.locator('th', { hasText: '平台订单号' }).count(), 0));
    await page.reload();
    await shownOrders(page);
    assert.equal(await list.locator('th', { hasText: '平台订单号' }).count(), 0);
    assert.equal(await list.locator('th', { hasText: '订单金额' }).count(), 1);

    // the export holds the filtered list: a header row and one row per order
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.getByRole('button', { name: /导出|Export/ }).click(),
    ]);
    const zip = await JSZip.loadAsync(await readFile((await download.path())!));
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    assert.equal((sheet.match(/<row /g) ?? []).length, counts.body.total + 1);
    assert.match(download.suggestedFilename(), /\.xlsx$/);
  });
});

test('the order list in English on a 390 px phone: filters, tabs and rows fit', { timeout: 120_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN, context: { viewport: PHONE } }, async (page) => {
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-en').click();
    await page.goto(`${app.server.url}${ORDERS}?status=Pending`);
    await shownOrders(page);
    // the tabs show their counts once /counts answers
    await eventually(async () => {
      // past the count bound a count reads "1,000+" (the demo tenant has more orders of one status than that)
      assert.match((await page.getByTestId('sales-orders-tab-all').textContent()) ?? '', /^All \([\d,]+\+?\)$/);
      assert.match((await page.getByTestId('sales-orders-tab-Pending').textContent()) ?? '', /\(\d+\)$/);
    });
    // the filters fold behind one button on a phone, and open with it
    assert.equal(await page.getByTestId('sales-orders-filters').isVisible(), false);
    await page.getByTestId('sales-orders-filters-toggle').click();
    await page.getByTestId('sales-orders-filter-platform').waitFor();
    // the page does not scroll sideways: the table scrolls inside its own box
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
    await page.screenshot({ path: new URL('../artifacts/list-kit-phone-en.png', import.meta.url).pathname });
  });
});
