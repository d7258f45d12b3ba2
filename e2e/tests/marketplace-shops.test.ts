/**
 * Shops through the UI (tenant demo, Chinese, the bundled simulator): "授权店铺" on the Lazada and
 * the Shopee shop pages opens the marketplace's consent page (the simulator's), where a seller
 * account is chosen and authorized; the marketplace sends the browser back to the callback page,
 * which exchanges the code and shows the shop; the shop list shows it authorized, with its call log.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { artifact, DEMO_ADMIN, eventually, text } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

/** Authorizes a shop from its platform's shop page through the consent page; the shop's name. */
async function authorizeThroughConsent(page: Page, platform: 'lazada' | 'shopee', account: string): Promise<string> {
  const listPath = `/publishingPlatform/${platform}/shop${platform === 'lazada' ? 'Lazada' : 'Shopee'}`;
  await page.goto(`${app.server.url}${listPath}`);
  await page.getByTestId(`shops-${platform}`).waitFor();
  await page.getByTestId(`shops-${platform}-authorize`).click();
  // the marketplace's consent page (the simulator's), outside the app
  await page.waitForURL(/\/marketplace-sim\/(lazada\/oauth\/authorize|shopee\/api\/v2\/shop\/auth_partner)/, {
    timeout: 20_000,
  });
  await page.locator(`input[name="account"][value="${account}"]`).check();
  await page.screenshot({ path: artifact(`marketplace-shops-consent-${platform}.png`) });
  await page.locator('#sim-authorize').click();
  // back on the callback page, which exchanges the code
  await page.waitForURL(/\/publishingPlatform\/shop-callback\?/, { timeout: 20_000 });
  const success = page.getByTestId('shop-callback-success');
  await success.waitFor({ timeout: 20_000 });
  const title = await text(success.locator('.ant-result-title'));
  await page.screenshot({ path: artifact(`marketplace-shops-callback-${platform}.png`) });
  await page.getByTestId('shop-callback-back').click();
  await page.waitForURL(new RegExp(`${listPath}$`));
  return title;
}

test('authorizes a Lazada and a Shopee shop through the consent pages and lists them active', {
  timeout: 180_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN }, async (page) => {
    const lazadaTitle = await authorizeThroughConsent(page, 'lazada', 'demo-th');
    assert.match(lazadaTitle, /已授权/);
    const lazadaRow = page.locator('tr', { hasText: '1000103' });
    await lazadaRow.waitFor();
    await eventually(async () => assert.match(await text(lazadaRow.locator('[data-status]')), /已授权/));
    assert.equal(await lazadaRow.locator('[data-status]').getAttribute('data-status'), 'active');
    assert.match(await text(lazadaRow), /TH/);
    await page.screenshot({ path: artifact('marketplace-shops-lazada-list.png'), fullPage: true });

    const shopeeTitle = await authorizeThroughConsent(page, 'shopee', 'demo-th');
    assert.match(shopeeTitle, /Demo Shopee TH shop/);
    const shopeeRow = page.locator('tr', { hasText: 'Demo Shopee TH shop' });
    await shopeeRow.waitFor();
    assert.equal(await shopeeRow.locator('[data-status]').getAttribute('data-status'), 'active');
    assert.match(await text(shopeeRow), /TH/);

    // its call log holds the token exchange
    await page.getByTestId('shop-log-Demo Shopee TH shop').click();
    const log = page.getByTestId('shop-log');
    await eventually(async () => assert.match(await text(log), /\/api\/v2\/auth\/token\/get/), 15_000);
    await page.screenshot({ path: artifact('marketplace-shops-shopee-log.png'), fullPage: true });
  });
});
