import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { eventually } from './wait.ts';

/** The shipment page's new-shipment dialog with the one order `orderNo` ticked (searched for first). */
export async function shipmentDialogWithOrder(page: Page, orderNo: string): Promise<Locator> {
  await page.getByTestId('shipment-create-open').click();
  const dialog = page.getByTestId('shipment-create');
  const search = dialog
    .locator('input[data-testid="shipment-create-search"], [data-testid="shipment-create-search"] input')
    .first();
  await search.fill(orderNo);
  await search.press('Enter');
  await dialog.getByText(orderNo).waitFor();
  // the search answered (only the order's row left), so no refetch replaces the row being ticked
  await eventually(
    async () => assert.equal(await dialog.locator('input[data-testid^="shipment-order-"]').count(), 1),
    20_000,
  );
  await page.waitForLoadState('networkidle');
  await dialog.getByTestId(`shipment-order-${orderNo}`).check({ force: true });
  return dialog;
}

/**
 * On the shipment page, once the new-shipment dialog has closed: the shipment `no` found,
 * labelled, packed and shipped after the confirmation, until it can be marked delivered.
 */
export async function labelPackAndShip(page: Page, dialog: Locator, no: string) {
  // the dialog closes once the shipment is made; its order table lies over the list until then
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  const search = page.locator('input[data-testid="shipments-search"], [data-testid="shipments-search"] input').first();
  if (await search.count()) {
    await search.fill(no);
    await search.press('Enter');
  }
  // the label is printed on the server (a PDF): its click is repeated until the row can be packed
  const pack = page.getByTestId(`shipment-pack-${no}`);
  await eventually(async () => {
    if (!(await pack.isVisible())) await page.getByTestId(`shipment-label-${no}`).click({ timeout: 5_000 });
    await pack.waitFor({ timeout: 10_000 });
  }, 45_000);
  await pack.click();
  await page.getByTestId(`shipment-ship-${no}`).click();
  await page.getByText(`确认发货 ${no}`).waitFor();
  await page.getByTestId(`shipment-ship-confirm-${no}`).click();
  await page.getByTestId(`shipment-deliver-${no}`).waitFor();
}
