/**
 * Price rules through the UI (tenant demo, Chinese): the seeded rules listed; a new rule created in
 * the drawer, a quantity tier added to it, and the calculator explaining its price for a cost of
 * 20 CNY step by step (worked by hand below), with the tier table and the price of 5 units.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiItems,
  apiJson,
  artifact,
  DEMO_ADMIN,
  eventually,
  passwordToken,
  pickOption,
  text,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

const NAME = 'E2E Lazada 马来西亚';

/** Picks an option of the antd select with `testid`. */
const pick = (page: Page, testid: string, option: string) => pickOption(page, page.getByTestId(testid), option);

test('creates a price rule and sees the calculator explain its price step by step', { timeout: 90_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/product/price-rules' }, async (page) => {
    const list = page.getByTestId('price-rules');
    // the demo seed's three rules
    for (const name of ['Lazada 马来西亚 成本加价', 'Shopee 新加坡 目标利润率', 'Shopee 泰国 阶梯批发'])
      await list.getByRole('row', { name: new RegExp(name) }).waitFor();

    // create: CNY → MYR at 0.65 + 2 %, 30 % markup, commission 5 %, payment 2 %, withdrawal 1 %,
    // packaging 0.50, domestic 2, fixed fee 1, fixed international freight 15, up to x.90
    await list.getByRole('button', { name: /新建|New/ }).click();
    const fill = (name: string, value: string) => page.getByTestId(`rule-${name}`).fill(value);
    await fill('name', NAME);
    await pick(page, 'rule-platform', 'Lazada');
    await fill('siteCode', 'MY');
    await fill('currencyTo', 'MYR');
    await fill('exchangeRate', '0.65');
    await fill('fxBufferPct', '2');
    await fill('markupPct', '30');
    await fill('commissionPct', '5');
    await fill('paymentPct', '2');
    await fill('withdrawalPct', '1');
    await fill('packagingFee', '0.5');
    await fill('domesticFreight', '2');
    await fill('fixedFee', '1');
    await fill('internationalFreight', '15');
    await pick(page, 'rule-rounding', 'x.90');
    await page.getByTestId('price-rules-form-submit').click();
    const created = list.getByRole('row', { name: new RegExp(NAME) });
    await created.waitFor();
    assert.match(await text(created), /CNY → MYR × 0\.65.*成本加价 30 %.*x\.90/);
    await eventually(async () => assert.equal(await page.locator('.ant-drawer-content-wrapper:visible').count(), 0));

    // a tier: 3 to 9 units take 3 % off
    await page.getByTestId(`price-rule-select-${NAME}`).click();
    const tiers = page.getByTestId('tier-rules');
    await tiers.getByTestId('tier-rules-add').click();
    await page.getByTestId('tier-minQuantity').fill('3');
    await page.getByTestId('tier-maxQuantity').fill('9');
    await page.getByTestId('tier-discountPct').fill('3');
    await page.getByTestId('tier-rules-form-submit').click();
    await tiers.getByRole('row', { name: /3 – 9/ }).waitFor();

    // the calculator, for a cost of 20 CNY and 5 units
    const calculator = page.getByTestId('price-calculator');
    await calculator.getByText('成本', { exact: true }).click();
    await page.getByTestId('calc-cost').fill('20');
    await page.getByTestId('calc-quantities').fill('5');
    // the calculator has taken the rule selected above (it follows the selection after a render)
    await calculator.locator('.ant-select-content, .ant-select-selection-item').getByText(NAME).first().waitFor();
    await page.getByTestId('calc-submit').click();
    // landed 20 + 0.50 + 2 + 15 + 1 = 38.50; × 1.30 = 50.05; ÷ 0.95 ÷ 0.99 ÷ 0.98 = 54.3024…;
    // × 0.65 × 1.02 = 36.0025… MYR; up to x.90 = 36.90 MYR; 5 units at 36.90 × 0.97 = 35.79
    // the price, or what the calculator refused (its words and the form's, to say why in a failure)
    await page
      .getByTestId('calc-price')
      .or(page.getByTestId('calc-error'))
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async (e) => {
        const fields = await calculator.locator('.ant-form-item-explain-error').allTextContents();
        throw new Error(`no price and no refusal; the form says ${JSON.stringify(fields)}`, { cause: e });
      });
    const refused = page.getByTestId('calc-error');
    assert.equal(await refused.count(), 0, `refused: ${await refused.allTextContents()}`);
    // on a loaded runner the price may be worked out again before it settles: wait for the one asked
    await page
      .getByTestId('calc-price')
      .getByText('36.90 MYR')
      .waitFor({ timeout: 45_000 })
      .catch(async (e) => {
        const steps = await page
          .getByTestId('calc-steps')
          .textContent()
          .catch(() => '');
        throw new Error(`the price reads ${await text(page.getByTestId('calc-price'))}; steps ${steps}`, { cause: e });
      });
    const amount = (key: string) => text(page.getByTestId(`calc-step-${key}`));
    assert.equal(await amount('LandedCost'), '38.50');
    assert.equal(await amount('Markup'), '50.05');
    assert.equal(await amount('Payment'), '54.3024');
    assert.equal(await amount('Exchange'), '36.0025');
    assert.equal(await amount('Rounding'), '36.90');
    const steps = page.getByTestId('calc-steps');
    assert.equal(await steps.locator('tbody tr').count(), 13);
    assert.match(await text(steps), /到岸成本.*加价率 30%.*佣金 5%.*汇率 0.65.*向上取整到 x\.90/);
    assert.match(await text(page.getByTestId('calc-quantity-prices')), /5.*35\.79 MYR.*178\.95 MYR/);
    await page.screenshot({ path: artifact('price-rules-calculator.png'), fullPage: true });
  });

  // the same price over the API
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const rules = await apiItems<{ id: string; name: string; tierRuleCount: number }>(
    app.server.url,
    `/api/catalog/price-rule/all?filter=${encodeURIComponent('E2E')}`,
    token,
  );
  const rule = rules.find((r) => r.name === NAME);
  assert.equal(rule?.tierRuleCount, 1);
  const priced = await apiJson<{ price: string; currency: string }>(
    app.server.url,
    `/api/catalog/price-rule/calc-retailPrice?priceRuleId=${rule?.id}&cost=20`,
    { token },
  );
  assert.deepEqual([priced.body.price, priced.body.currency], ['36.90', 'MYR']);
});
