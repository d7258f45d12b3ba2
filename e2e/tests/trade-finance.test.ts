/**
 * Finance and statistics through the UI (tenant demo, Chinese, the bundled simulator): orders made
 * on the simulator for demo's Lazada shop, this week's statement pulled with "拉取结算单", an
 * arrival created for its net amount and matched against it (已核销), and the statistics page
 * showing the sales of the last 90 days (the seeded orders and these).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiItems, apiJson, DEMO_ADMIN, eventually, passwordToken, pickOption } from '../support/app.ts';
import { demoLazadaShop, sevenDemoLazadaOrders } from '../support/marketplace-sim.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

interface Statement {
  id: string;
  statementNo: string;
  netAmount: string;
  currency: string;
  matchedStatus: string;
}

test('a statement is pulled, an arrival matched against it, the statistics show the sales', {
  timeout: 300_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const shop = await demoLazadaShop(app.server.url, token);
  const { sellerId } = await sevenDemoLazadaOrders(app.server);
  // this week's statement on the simulator: Monday (UTC) of today
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = new Date(midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * 86_400_000);
  const statementNo = `${sellerId}-${monday.toISOString().slice(0, 10)}`;

  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    // 1. the statement pulled from the marketplace
    await page.goto(`${app.server.url}/order/financial/statement`);
    await page.getByTestId('pull').click();
    await pickOption(page, page.getByTestId('pull-shop'), shop.name);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId(`statement-${statementNo}`).waitFor({ timeout: 60_000 });
    const list = await apiJson<{ items: Statement[] }>(
      app.server.url,
      `/api/trade/finance/statements?shopId=${shop.id}&filter=${statementNo}`,
      { token },
    );
    const statement = list.body.items[0];
    assert.ok(statement && Number(statement.netAmount) > 0, JSON.stringify(list.body));
    await page.getByTestId(`statement-${statementNo}`).click();
    await page.getByTestId('statement-lines').getByText('佣金').first().waitFor();
    await page.keyboard.press('Escape');

    // 2. an arrival of the statement's net amount, matched against it
    await page.goto(`${app.server.url}/order/financial/arrival`);
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const form = page.getByTestId('arrival-form');
    await form.waitFor();
    await pickOption(page, page.getByTestId('arrival-shopId'), shop.name);
    await page.locator('[data-testid="arrival-fromAmount"]').fill(statement.netAmount);
    await page.locator('[data-testid="arrival-payoutAmount"]').fill((Number(statement.netAmount) * 1.55).toFixed(2));
    await page.locator('[data-testid="arrival-fxRate"]').fill('1.55');
    await page.locator('[data-testid="arrival-remark"], [data-testid="arrival-form"] textarea').first().fill('e2e');
    await page.getByTestId('arrival-save').click();
    const arrival = await eventually(async () => {
      const all = await apiItems<{ id: string; arrivalNo: string; remark: string | null }>(
        app.server.url,
        '/api/trade/finance/arrivals?filter=e2e',
        token,
      );
      assert.ok(all[0], 'the arrival is not saved yet');
      return all[0];
    }, 20_000);
    await page.getByTestId(`match-${arrival.arrivalNo}`).click();
    const table = page.getByTestId('match-statements');
    await table.getByText(statementNo).waitFor();
    await table.locator('tr', { hasText: statementNo }).locator('input[type="checkbox"]').check();
    await page.getByTestId('match-save').click();
    await page.getByTestId(`arrival-status-${arrival.arrivalNo}`).getByText('已核销').waitFor({ timeout: 20_000 });
    const after = await apiJson<{ matchedStatus: string }>(
      app.server.url,
      `/api/trade/finance/statements/${statement.id}`,
      { token },
    );
    assert.equal(after.body.matchedStatus, 'MATCHED');

    // 3. the statistics of the last 90 days show the sales
    await page.goto(`${app.server.url}/order/statistics-order`);
    const total = page.getByTestId('statistics-sales-total');
    await eventually(async () => {
      const text = (await total.textContent()) ?? '';
      const value = Number(text.replace(/[^\d.]/g, ''));
      assert.ok(value > 0, `sales total ${text}`);
    }, 30_000);
    await page.getByTestId('chart-sales').locator('svg').first().waitFor();
  });
});
