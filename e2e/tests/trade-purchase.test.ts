/**
 * Purchasing and receiving through the UI (tenant demo, Chinese): a purchase order made from a
 * replenishment suggestion ("生成采购草稿"), submitted and approved from its row, received in two
 * partial receipts (the row's receive drawer, then the receipts page), the PO turning to received;
 * the stock page shows the SKU's on-hand quantity and its ledger the two purchase receipts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiItems, apiJson, DEMO_ADMIN, eventually, passwordToken, pickOption } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

const PO = '/api/trade/purchase-orders';

interface Suggestion {
  variantId: string;
  sku: string;
  warehouseId: string;
  supplierId: string | null;
  supplierName: string | null;
  suggested: number;
  onHand: number;
}
interface Order {
  id: string;
  poNo: string;
  status: string;
  supplierName: string;
  qtyReceived: number;
}
interface Balance {
  sku: string;
  onHand: number;
  inTransit: number;
}

/** Types into an antd InputNumber by its test id (on the input or around it). */
async function fillNumber(page: Page, testid: string, value: number) {
  const el = page.getByTestId(testid);
  const input = (await el.evaluate((n) => n.tagName === 'INPUT')) ? el : el.locator('input');
  await input.fill(String(value));
}

test('a PO from a replenishment suggestion is approved and received in two parts', { timeout: 300_000 }, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const lookups = await apiJson<{ warehouses: Array<{ id: string; code: string; isDefault: boolean }> }>(
    app.server.url,
    `${PO}/lookups`,
    { token },
  );
  const { id: warehouseId, code: warehouseCode } = lookups.body.warehouses.find((w) => w.isDefault)!;
  // a SKU the formula suggests buying, with a supplier (the demo's three months of orders sell them)
  const suggestions = await apiJson<{ items: Suggestion[] }>(
    app.server.url,
    `${PO}/suggestions?warehouseId=${warehouseId}`,
    {
      token,
    },
  );
  const pick = suggestions.body.items.find((s) => s.supplierId && s.suggested > 0);
  assert.ok(pick, `no suggestion with a supplier: ${JSON.stringify(suggestions.body.items.slice(0, 3))}`);
  const stockBefore = await apiJson<{ items: Balance[] }>(
    app.server.url,
    `/api/trade/stock?warehouseId=${warehouseId}&filter=${encodeURIComponent(pick.sku)}`,
    { token },
  );
  const onHandBefore = stockBefore.body.items.find((b) => b.sku === pick.sku)?.onHand ?? 0;

  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/order/purchase' }, async (page) => {
    // replenishment: find the SKU, order 10 of it, make the draft
    await page.getByTestId('po-replenish').click();
    const replSearch = page.getByTestId('repl-search');
    const replInput = (await replSearch.evaluate((n) => n.tagName === 'INPUT'))
      ? replSearch
      : replSearch.locator('input');
    await replInput.fill(pick.sku);
    await replInput.press('Enter');
    const row = page.getByTestId('repl-table').locator('tr', { hasText: pick.sku }).first();
    await row.waitFor();
    await fillNumber(page, `repl-qty-${pick.sku}`, 10);
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('repl-create').click();
    await page.getByText(/已生成采购单:PO-\d{8}-\d{4}/).waitFor();
    // the page opens the drafts' tab itself; act only once it has, or a click lands on the list it leaves
    await page.waitForURL(/[?&]status=DRAFT/);
    await page.locator('.ant-tabs-tab-active [data-testid="purchase-orders-tab-DRAFT"]').waitFor();

    const drafts = await apiJson<{ items: Order[] }>(
      app.server.url,
      `${PO}?status=DRAFT&filter=${encodeURIComponent(pick.sku)}&sorting=creationTime desc`,
      { token },
    );
    const po = drafts.body.items[0];
    assert.ok(po, 'no draft PO for the SKU');

    // submit in the draft tab, approve in all
    await page.getByTestId(`po-action-submit-${po.poNo}`).click();
    await page.getByTestId('purchase-orders-tab-all').click();
    await page.getByTestId(`po-action-approve-${po.poNo}`).click();
    await eventually(async () =>
      assert.equal(await page.getByTestId(`po-status-${po.poNo}`).getAttribute('data-status'), 'APPROVED'),
    );

    // first receipt from the row: 4 of the 10
    await page.getByTestId(`po-action-receive-${po.poNo}`).click();
    await page.getByTestId('receive-lines').getByText(pick.sku).waitFor();
    await fillNumber(page, 'receive-qtyArrived-0', 4);
    await page.getByTestId('receive-post').click();
    await page.getByTestId('receive-post-ok').click();
    await eventually(async () =>
      assert.equal(await page.getByTestId(`po-status-${po.poNo}`).getAttribute('data-status'), 'PARTIALLY_RECEIVED'),
    );

    // second receipt on the receipts page: the remaining 6 are proposed
    await page.goto(`${app.server.url}/order/receiving`);
    await pickOption(page, page.getByTestId('receipt-pick-po'), `${po.poNo} · ${po.supplierName}`);
    await page.getByTestId('receipt-receive').click();
    await page.getByTestId('receive-lines').getByText(pick.sku).waitFor();
    await page.getByTestId('receive-post').click();
    await page.getByTestId('receive-post-ok').click();
    await page.getByTestId('receipts').getByText(po.poNo).first().waitFor();
    await eventually(async () => {
      const mine = await apiJson<{ items: Order[] }>(app.server.url, `${PO}/${po.id}`, { token });
      assert.equal((mine.body as unknown as Order).status, 'RECEIVED');
      assert.equal((mine.body as unknown as Order).qtyReceived, 10);
    });
    await eventually(async () =>
      assert.equal(await page.getByTestId('receipts').locator('tr', { hasText: po.poNo }).count(), 2),
    );

    // the stock page: on hand up by 10, the ledger shows both receipts
    await page.goto(`${app.server.url}/order/stock`);
    const search = page.getByTestId('stock-balances-search');
    const searchInput = (await search.evaluate((n) => n.tagName === 'INPUT')) ? search : search.locator('input');
    await searchInput.fill(pick.sku);
    await searchInput.press('Enter');
    const stockRow = page
      .getByTestId('stock-balances')
      .locator('tr', { hasText: pick.sku })
      .filter({ hasText: warehouseCode })
      .first();
    await stockRow.waitFor();
    await eventually(async () => {
      const cells = await stockRow.locator('td').allTextContents();
      assert.ok(cells.includes(String(onHandBefore + 10)), `on hand ${onHandBefore + 10} not in ${cells.join(' | ')}`);
    });
    await stockRow.getByTestId(`stock-ledger-${pick.sku}`).click();
    // the ledger tab, narrowed to the row's SKU and warehouse
    await page.getByTestId('stock-ledger-sku').waitFor();
    const ledger = page.getByTestId('stock-ledger');
    await ledger.getByText('采购入库').first().waitFor();
    const receipts = await apiItems<{ receiptNo: string }>(app.server.url, `/api/trade/receipts?poId=${po.id}`, token);
    for (const r of receipts) await ledger.getByText(r.receiptNo).waitFor();
    assert.equal(await ledger.locator('tr', { hasText: '采购入库' }).count(), 2);
    // approval put the 10 in transit under the PO's number
    await ledger.getByText(po.poNo).first().waitFor();
  });
});
