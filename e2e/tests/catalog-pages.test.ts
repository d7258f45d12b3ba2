/**
 * The catalogue and notification pages themselves, as admin-pages does for administration: each
 * page once on a 390 px phone in English (tenant demo, its administrator): no untranslated text,
 * no sideways scrolling of the page, the first data cell not covered, and the page's drawers and
 * dialogs fit the screen with their confirm button reachable. The demo seed's Chinese product,
 * category and supplier names are data. Screenshots go to e2e/artifacts/phone-en-*.png.
 *
 * Then the wide pages on a 1440 px desktop, in English and Chinese: tables whose headers, tags
 * and sidebar items are whole (or cut with the whole text on hover), a fixed actions column that
 * covers no other column, no floating button over the page, and the browser string of the
 * personal security log cut with the whole string on hover. Screenshots: desktop-{en,zh}-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import {
  apiItems,
  apiJson,
  artifact,
  DEMO_ADMIN,
  expectPageShown,
  passwordToken,
  signIn,
  withPage,
} from '../support/app.ts';
import {
  type AdminPage,
  checkPages,
  clickOverlay,
  expectContentFits,
  expectTranslatedAndFitting,
  expectUncovered,
  firstDataCell,
  listPage,
  newButton,
  newOverlay,
  signInInEnglish,
  usePageSweep,
} from '../support/page-checks.ts';

const app = usePageSweep();

/** An import sheet with the template's headers and one row lacking its required values: the import dialog lists them. */
async function badSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const rows = workbook.addWorksheet('商品');
  rows.addRow(['父SKU', '名称', '分类编码', '价格', '描述', '区域', '开发日期', '上架日期', '类型', '资源']);
  rows.addRow(['PHONE-BAD-1', '', 'NO-SUCH-CATEGORY', -1]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Chooses `file` in the upload next to the button with test id `button`. */
const upload = async (page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
  page
    .locator('.ant-upload', { has: page.getByTestId(button) })
    .locator('input[type=file]')
    .setInputFiles(file);

/** The "New" button of the list `list`, then the add-a-row button `add` of the form's row list (one empty row shown). */
const newWithRow = (list: string, add: string) => async (page: Page) => {
  await newButton(page, list);
  await page.getByTestId(add).click();
};

test('every catalogue and notification page on a 390 px phone, in English', { timeout: 180_000 }, async (t) => {
  // what the pages show: a product in the recycle bin, a vendor in it, a notification in the inbox
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const bySku = async (sku: string) => {
    const res = await apiJson<{ id: string }>(app.server.url, `/api/catalog/products/by-sku?sku=${sku}`, { token });
    assert.equal(res.status, 200, `product ${sku}`);
    return res.body.id;
  };
  const productId = await bySku('DEMO-TS-001');
  const deleted = await apiJson(app.server.url, `/api/catalog/products/${await bySku('DEMO-HB-005')}`, {
    method: 'DELETE',
    token,
  });
  assert.equal(deleted.status, 204);
  const suppliers = await apiItems<{ id: string; code: string }>(app.server.url, '/api/catalog/suppliers/all', token);
  const supplier = (code: string) => suppliers.find((x) => x.code === code)?.id;
  // a vendor on the shown product; another one removed to the recycle bin
  const dress = await bySku('DEMO-DR-002');
  for (const [product, supplierId] of [
    [productId, supplier('SUP-001')],
    [dress, supplier('SUP-002')],
  ]) {
    const added = await apiJson(app.server.url, '/api/catalog/products/add-product-vendor', {
      method: 'POST',
      token,
      json: {
        productId: product,
        supplierId,
        url: null,
        purchasePrice: 12.5,
        leadDays: 7,
        tiers: [{ minQty: 100, unitPrice: 11 }],
      },
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
  }
  const removed = await apiJson(
    app.server.url,
    `/api/catalog/products/remove-product-vendor?ProductId=${dress}&VendorId=${supplier('SUP-002')}`,
    { method: 'DELETE', token },
  );
  assert.equal(removed.status, 204);
  const sent = await apiJson(app.server.url, '/api/notifications/send', {
    method: 'POST',
    token,
    json: {
      name: 'Notifications.Announcement',
      data: { title: 'Stocktaking on Friday', message: 'The warehouse is closed all day', description: null },
      toUsers: [],
      severity: 0,
    },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));

  const catalogue: AdminPage[] = [
    {
      path: '/product/catalog',
      ready: 'category-MEN',
      overlays: [
        clickOverlay('new root category', 'category-add-root', 'category-form-submit'),
        clickOverlay('new child category', ['category-MEN', 'category-add-child'], 'category-form-submit'),
      ],
    },
    listPage('/product/brach', 'brands-edit-小棉', 'brands', 'brand'),
    {
      path: '/product/supplier',
      ready: 'suppliers-edit-SUP-001',
      firstCell: firstDataCell('suppliers'),
      overlays: [
        newOverlay('supplier', 'suppliers'),
        clickOverlay('edit supplier', 'suppliers-edit-SUP-001', 'suppliers-form-submit'),
      ],
    },
    {
      path: '/product/vendor-source',
      ready: 'vendor-sources',
      overlays: [newOverlay('vendor source', 'vendor-sources')],
    },
    {
      path: '/product/purchase-attributes',
      ready: 'purchase-attributes-edit-颜色',
      firstCell: firstDataCell('purchase-attributes'),
      overlays: [
        {
          name: 'new purchase attribute',
          open: newWithRow('purchase-attributes', 'purchase-attribute-values-add'),
          confirm: 'purchase-attributes-form-submit',
        },
      ],
    },
    {
      path: '/product/screen-attributes',
      ready: 'screen-attributes',
      firstCell: firstDataCell('screen-attributes'),
      overlays: [
        {
          name: 'new screening attribute',
          open: newWithRow('screen-attributes', 'screen-attribute-options-add'),
          confirm: 'screen-attributes-form-submit',
        },
      ],
    },
    {
      path: '/product/attributes-group',
      ready: 'attribute-groups-edit-服装',
      firstCell: firstDataCell('attribute-groups'),
      overlays: [
        {
          name: 'new attribute group',
          open: newWithRow('attribute-groups', 'attribute-group-items-add'),
          confirm: 'attribute-groups-form-submit',
        },
      ],
    },
    {
      path: '/product/productList',
      ready: 'products-edit-DEMO-TS-001',
      firstCell: firstDataCell('products'),
      overlays: [
        newOverlay('product', 'products'),
        clickOverlay('edit product', 'products-edit-DEMO-TS-001', 'products-form-submit'),
        {
          name: 'import report',
          open: async (p) =>
            upload(p, 'products-import', {
              name: 'bad.xlsx',
              mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              buffer: await badSheet(),
            }),
          confirm: 'products-import-ok',
        },
      ],
    },
    {
      path: `/product/product-detail?id=${productId}`,
      shot: 'product-product-detail',
      ready: 'product-vendors',
      overlays: [clickOverlay('new vendor', 'vendor-add', 'vendor-form-submit')],
    },
    { path: '/product/recycle', ready: 'recycle-restore-DEMO-HB-005', firstCell: firstDataCell('recycle') },
  ];
  const notifications: AdminPage[] = [
    { path: '/notifications/send', ready: 'notification-send-submit' },
    { path: '/message/notification', ready: 'notification-mark-read', firstCell: firstDataCell('notification-inbox') },
  ];

  await app.withPhoneInEnglish(t, DEMO_ADMIN, async (page) => {
    await checkPages(page, app, catalogue);

    // the recycle bin's second tab: removed vendors
    await page.getByTestId('recycle-tab-vendors').click();
    await page.locator('.ant-tabs-tab-active [data-testid="recycle-tab-vendors"]').waitFor();
    const removedVendor = firstDataCell('recycle-vendors')(page);
    await removedVendor.waitFor();
    await expectTranslatedAndFitting(page, app.serverKey, '/product/recycle (vendors)');
    await expectContentFits(page.locator('.app-content'), '/product/recycle (vendors)');
    await expectUncovered(removedVendor, '/product/recycle (vendors)');
    await page.screenshot({ path: artifact('phone-en-product-recycle-vendors.png'), animations: 'disabled' });

    await checkPages(page, app, notifications);
    await page.getByTestId('notification-subscriptions-tab').click();
    await page.locator('.ant-tabs-tab-active [data-testid="notification-subscriptions-tab"]').waitFor();
    await page.getByTestId('notification-subscription').first().waitFor();
    await expectTranslatedAndFitting(page, app.serverKey, '/message/notification (subscriptions)');
    await expectContentFits(page.locator('.app-content'), '/message/notification (subscriptions)');
    await page.screenshot({
      path: artifact('phone-en-message-notification-subscriptions.png'),
      animations: 'disabled',
    });
  });
});

const DESKTOP_WIDE = { width: 1440, height: 900 } as const;

/**
 * Texts cut short in `root` (matched by `selector`): ones whose box is narrower than their text or
 * that wrap onto a second line, unless their element (or an ancestor) holds the whole text in a
 * `title` (shown on hover).
 */
async function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => {
      const text = el.textContent?.trim() ?? '';
      if (!text || !(el as HTMLElement).checkVisibility()) return [];
      // lines of its text (icons beside it, such as a sorter's two arrows, do not count)
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.push(r.top);
      }
      tops.sort((a, b) => a - b);
      const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1] > 4).length;
      const cut = el.scrollWidth > el.clientWidth + 1 || lines > 1;
      const titled = el.closest(`[title="${CSS.escape(text)}"]`) || el.querySelector(`[title="${CSS.escape(text)}"]`);
      return cut && !titled ? [text] : [];
    }),
  );
}

/** Tags of a table's body reaching past their cell (clipped by it). */
async function clippedTags(page: Page, list: string): Promise<string[]> {
  return page
    .getByTestId(list)
    .locator('.ant-table-tbody .ant-tag')
    .evaluateAll((tags) =>
      tags.flatMap((tag) => {
        const cell = tag.closest('td')?.getBoundingClientRect();
        const box = tag.getBoundingClientRect();
        const whole = tag.scrollWidth <= tag.clientWidth + 1;
        return cell && box.right <= cell.right + 0.5 && box.left >= cell.left - 0.5 && whole
          ? []
          : [tag.textContent ?? ''];
      }),
    );
}

/** The list `list` on a wide screen: its table fits beside the fixed actions column (no column under it), headers and tags whole. */
async function expectWholeTable(page: Page, list: string, where: string, { fits = true } = {}) {
  const table = page.getByTestId(list);
  await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  assert.deepEqual(await cutTexts(page, `[data-testid="${list}"] .ant-table-thead th`), [], `${where}: headers cut`);
  assert.deepEqual(await clippedTags(page, list), [], `${where}: tags cut`);
  if (fits) {
    const content = await table
      .locator('.ant-table-content')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    assert.ok(
      content.scroll <= content.client + 1,
      `${where}: the table needs ${content.scroll} px of ${content.client}`,
    );
  }
  // each row's last action is not under anything (a floating button); when the table fits, neither
  // is the right edge of the last column before the actions
  for (const action of await table
    .locator('.ant-table-tbody tr.ant-table-row td.ant-table-cell-fix:has(.crud-row-actions)')
    .all()) {
    // rows below the fold are looked at where they are shown
    await action.scrollIntoViewIfNeeded();
    await expectUncovered(action.locator('button').last(), `${where}: last action`);
  }
  if (!fits) return;
  const covered = await table
    .locator('.ant-table-tbody tr.ant-table-row')
    .first()
    .locator('td:not(.ant-table-cell-fix)')
    .last()
    .evaluate((td) => {
      const r = td.getBoundingClientRect();
      const found = document.elementFromPoint(r.right - 3, r.top + r.height / 2);
      return found && (td === found || td.contains(found)) ? null : (found?.outerHTML.slice(0, 120) ?? 'nothing');
    });
  assert.equal(covered, null, `${where}: the last column is covered`);
}

for (const language of ['en', 'zh'] as const) {
  test(`wide pages on a 1440 px desktop (${language}): tables, tags and the sidebar whole, nothing floating over them`, {
    timeout: 120_000,
  }, async (t) => {
    await withPage(
      app.browser,
      t,
      async (page) => {
        if (language === 'en') await signInInEnglish(page, app.server.url, DEMO_ADMIN);
        else await signIn(page, app.server.url, DEMO_ADMIN);
        assert.equal(await page.locator('.app-settings-button').count(), 0, 'no floating settings button');
        const shot = (name: string) => page.screenshot({ path: artifact(`desktop-${language}-${name}.png`) });

        const lists: Array<{ path: string; list: string; ready: string; fits?: boolean }> = [
          // the selection column (publishing chosen products) makes the English list scroll a little
          {
            path: '/product/productList',
            list: 'products',
            ready: 'products-edit-DEMO-TS-001',
            fits: language !== 'en',
          },
          { path: '/admin/users', list: 'users', ready: 'user-delete-admin' },
          { path: '/product/supplier', list: 'suppliers', ready: 'suppliers-edit-SUP-001', fits: false },
        ];
        for (const l of lists) {
          await page.goto(`${app.server.url}${l.path}`);
          await page.getByTestId(l.ready).waitFor();
          await expectPageShown(page);
          await expectWholeTable(page, l.list, `${language} ${l.path}`, { fits: l.fits });
          if (language === 'en') await expectTranslatedAndFitting(page, app.serverKey, l.path);
          // every menu item of the open group whole, or whole on hover
          assert.deepEqual(
            await cutTexts(page, '[data-testid="sidebar"] .ant-menu-title-content'),
            [],
            `${language} ${l.path}: sidebar items cut`,
          );
          await shot(l.path.slice(1).replaceAll('/', '-'));
        }

        // personal settings: the browser string is cut to its column, whole on hover
        await page.goto(`${app.server.url}/profile/setting`);
        const log = page.getByTestId('my-security-log');
        // a sign-in of this browser (others, made over the API, say `node`)
        const browserCell = log.locator('.ant-table-tbody tr.ant-table-row td', { hasText: 'Mozilla/5.0' }).first();
        await browserCell.waitFor();
        const cell = await browserCell.evaluate((td) => ({
          title: td.querySelector('[title]')?.getAttribute('title') ?? td.getAttribute('title'),
          text: td.textContent ?? '',
        }));
        assert.match(cell.text, /Mozilla\/5\.0/);
        assert.equal(cell.title, cell.text, 'the whole browser string on hover');
        const sizes = await log
          .locator('.ant-table-content')
          .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        assert.ok(sizes.scroll <= sizes.client + 1, `the security log needs ${sizes.scroll} px of ${sizes.client}`);
        await shot('profile-setting');
      },
      { viewport: DESKTOP_WIDE },
    );
  });
}
