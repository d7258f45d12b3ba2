/**
 * Issue 6, catalogue master data through the UI (tenant demo, Chinese): a subcategory in the
 * category tree, a brand and a supplier, each then listed, and the supplier read back over the API.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiItems,
  artifact,
  DEMO_ADMIN,
  eventually,
  openNewForm,
  passwordToken,
  pickOption,
  text,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

/** Fills a form field by its test id (antd puts the id on the input itself). */
const fill = (page: Page, testid: string, value: string) => page.getByTestId(testid).fill(value);
/** Waits until no drawer is shown (saved forms close theirs). */
const drawersClosed = (page: Page) =>
  eventually(async () => assert.equal(await page.locator('.ant-drawer-content-wrapper:visible').count(), 0));

test('creates a subcategory, a brand and a supplier and sees them listed', { timeout: 60_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    // the product group is in the menu
    await page.getByRole('menuitem', { name: /商品管理/ }).waitFor();

    // category tree: a child under the seeded 服装 (APPAREL)
    await page.goto(`${app.server.url}/product/catalog`);
    await page.getByTestId('category-APPAREL').click();
    await page.getByTestId('category-add-child').click();
    await fill(page, 'category-code', 'kids');
    await fill(page, 'category-name', '童装');
    await page.getByTestId('category-form-submit').click();
    const kids = page.getByTestId('category-KIDS');
    await kids.waitFor();
    // created under APPAREL: its tree node sits inside APPAREL's subtree, and the detail names the parent
    await eventually(async () => assert.match(await text(page.getByTestId('category-detail')), /服装/));
    await drawersClosed(page);
    await page.screenshot({ path: artifact('catalog-categories.png') });

    // brands
    const brands = await openNewForm(page, `${app.server.url}/product/brach`, 'brands', '悦家');
    await fill(page, 'brand-name', '端到端品牌');
    await fill(page, 'brand-name-en', 'E2E Brand');
    await page.getByTestId('brands-form-submit').click();
    await brands.getByRole('cell', { name: '端到端品牌' }).waitFor();

    // suppliers, with a settlement form chosen from the spec's options
    const suppliers = await openNewForm(page, `${app.server.url}/product/supplier`, 'suppliers', 'SUP-001');
    await fill(page, 'supplier-code', 'e2e-01');
    await fill(page, 'supplier-full-name', '端到端供应商');
    await pickOption(page, page.getByTestId('supplier-settlement-form'), '定期结算');
    await page.getByTestId('suppliers-form-submit').click();
    const row = suppliers.getByRole('row', { name: /E2E-01/ });
    await row.waitFor();
    assert.match(await text(row), /端到端供应商.*定期结算/);
    await drawersClosed(page);
    await page.screenshot({ path: artifact('catalog-suppliers.png') });
  });

  // what the pages wrote, read back over the API
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const categories = await apiItems<{ id: string; code: string; parentId: string | null }>(
    app.server.url,
    '/api/catalog/categories/all',
    token,
  );
  const apparel = categories.find((c) => c.code === 'APPAREL');
  assert.equal(categories.find((c) => c.code === 'KIDS')?.parentId, apparel?.id);
  const suppliers = await apiItems<{ code: string; settlementForm: number }>(
    app.server.url,
    '/api/catalog/suppliers?filter=E2E',
    token,
  );
  assert.deepEqual(
    suppliers.map((s) => [s.code, s.settlementForm]),
    [['E2E-01', 15]],
  );
});

test('the attribute and vendor-source pages list the seeded rows and edit child values', {
  timeout: 40_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    for (const [path, list, seeded] of [
      ['/product/vendor-source', 'vendor-sources', 'detail.1688.com/offer/*'],
      ['/product/screen-attributes', 'screen-attributes', '涤纶'],
      ['/product/attributes-group', 'attribute-groups', '尺码 *'],
      ['/product/purchase-attributes', 'purchase-attributes', '黑色 · BLK'],
    ]) {
      await page.goto(`${app.server.url}${path}`);
      await page.getByTestId(list).getByText(seeded).waitFor();
    }

    // a new colour value with its SKU code, typed in lower case
    await page.getByTestId('purchase-attributes-edit-颜色').click();
    await page.getByTestId('purchase-attribute-values-add').click();
    const values = page.getByTestId('purchase-attribute-values');
    await values.getByPlaceholder('值', { exact: true }).last().fill('绿色');
    await values.getByPlaceholder('SKU 编码', { exact: true }).last().fill('grn');
    await page.getByTestId('purchase-attributes-form-submit').click();
    await page.getByTestId('purchase-attributes').getByText('绿色 · GRN').waitFor();
    await drawersClosed(page);
    await page.screenshot({ path: artifact('catalog-purchase-attributes.png') });
  });
});
