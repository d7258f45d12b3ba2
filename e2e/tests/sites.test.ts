/**
 * Storefront sites through the UI (tenant demo, Chinese): 站群管理 lists Demo Store; a new site is
 * created from the drawer, its publishable key opens the Storefront API, a secret is issued after
 * a confirmation and shown once, then rotated: the old secret keeps working through the grace
 * period and the publishable key alone keeps the storefront working.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator } from 'playwright-core';
import { apiJson, artifact, DEMO_ADMIN, eventually, passwordToken, text } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

const row = (list: Locator, name: string) => list.getByRole('row', { name: new RegExp(name) });

interface Site {
  id: string;
  code: string;
  publishableKey: string;
  secretHint: string;
}

/** `GET /api/store/site` as a storefront calls it: the key, and the secret when given. */
const storeCall = (key: string, secret?: string) =>
  fetch(`${app.server.url}/api/store/site`, {
    headers: { 'x-site-key': key, ...(secret ? { 'x-site-secret': secret } : {}) },
  });

test('a site is created, its secret issued and rotated, and the storefront keeps working', {
  timeout: 120_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/publishingPlatform/site/channel' }, async (page) => {
    const list = page.getByTestId('sites');
    await row(list, 'Demo Store').waitFor();
    assert.match(await text(row(list, 'Demo Store')), /sk_….{4}/);

    // a new site from the drawer
    await list.getByRole('button', { name: /新\s?建/ }).click();
    await page.getByTestId('site-name').fill('端到端商城');
    await page.getByTestId('site-code').fill('E2E-Shop');
    await page.getByTestId('site-company-name').fill('深圳端到端有限公司');
    await page.getByTestId('sites-form-submit').click();
    await row(list, '端到端商城').waitFor();
    assert.match(await text(row(list, '端到端商城')), /未生成/);

    const sites = await apiJson<{ items: Site[] }>(app.server.url, '/api/sitekit/sites?filter=e2e-shop', { token });
    const site = sites.body.items[0];
    assert.ok(site, JSON.stringify(sites.body));
    assert.equal(site.code, 'e2e-shop');
    const open = await storeCall(site.publishableKey);
    assert.equal(open.status, 200);
    assert.equal(((await open.json()) as { company: { name: string } }).company.name, '深圳端到端有限公司');

    // the first secret, after a confirmation, shown once
    await page.getByTestId('sites-rotate-e2e-shop').click();
    await page.getByTestId('sites-rotate-e2e-shop-confirm').click();
    const first = (await text(page.getByTestId('site-new-secret'))).match(/sk_[\w-]{43}/)?.[0];
    assert.ok(first, 'the new secret is shown');
    await page.screenshot({ path: artifact('sitekit-new-secret.png') });
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s?定|OK/ })
      .click();
    await row(list, '端到端商城')
      .getByText(`sk_…${first.slice(-4)}`)
      .waitFor();
    assert.equal((await storeCall(site.publishableKey, first)).status, 200);

    // rotated: the new one works, the old one still does for the grace period (24 h by default)
    await page.getByTestId('sites-rotate-e2e-shop').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByText(/之前仍然有效/)
      .waitFor();
    await page.getByTestId('sites-rotate-e2e-shop-confirm').click();
    const second = (await text(page.getByTestId('site-new-secret'))).match(/sk_[\w-]{43}/)?.[0];
    assert.ok(second && second !== first);
    await page
      .locator('.ant-modal:visible')
      .getByText(/旧密钥在 .* 之前仍然有效/)
      .waitFor();
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s?定|OK/ })
      .click();
    assert.equal((await storeCall(site.publishableKey, second)).status, 200);
    assert.equal((await storeCall(site.publishableKey, first)).status, 200);
    assert.equal((await storeCall(site.publishableKey)).status, 200);
    assert.equal((await storeCall(site.publishableKey, 'sk_not-the-secret')).status, 401);
    await page.screenshot({ path: artifact('sitekit-sites.png') });
  });
});

test('an article is written, published after asking, read by the storefront, then deleted', {
  timeout: 120_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const sites = await apiJson<{ items: Site[] }>(app.server.url, '/api/sitekit/sites?filter=demo', { token });
  const demo = sites.body.items.find((s) => s.code === 'demo');
  assert.ok(demo, JSON.stringify(sites.body));
  const read = (slug: string) =>
    fetch(`${app.server.url}/api/store/articles/${slug}`, { headers: { 'x-site-key': demo.publishableKey } });
  await app.withSignedInPage(
    t,
    { as: DEMO_ADMIN, at: `/publishingPlatform/site/content/Article?siteId=${demo.id}` },
    async (page) => {
      const list = page.getByTestId('articles');
      // the demo's three, in the spec's three colours
      await row(list, 'Free shipping').locator('.ant-tag-success').waitFor();
      await row(list, '双十二备货指南').locator('.ant-tag-processing').waitFor();
      await row(list, 'Summer clearance').locator('.ant-tag-error').waitFor();

      await list.getByRole('button', { name: /新\s?建/ }).click();
      await page.getByTestId('article-title').fill('端到端公告');
      await page.getByTestId('article-slug').fill('e2e-notice');
      await page.getByTestId('article-content').fill('<p>店庆 <b>八折</b><script>alert(1)</script></p>');
      await page.getByTestId('article-preview').getByText('八折').waitFor();
      await page.getByTestId('article-form-submit').click();
      await row(list, '端到端公告').getByText('草稿').waitFor();
      assert.equal((await read('e2e-notice')).status, 404);

      await page.getByTestId('article-publish-e2e-notice').click();
      await page.getByTestId('article-publish-e2e-notice-confirm').click();
      await row(list, '端到端公告').getByText('已发布').waitFor();
      const served = await read('e2e-notice');
      assert.equal(served.status, 200);
      assert.equal(((await served.json()) as { content: string }).content, '<p>店庆 <b>八折</b></p>');
      await page.screenshot({ path: artifact('sitekit-articles.png') });

      await page.getByTestId('article-delete-e2e-notice').click();
      await page.getByTestId('article-delete-e2e-notice-confirm').click();
      await row(list, '端到端公告').getByText('已删除').waitFor();
      assert.equal((await read('e2e-notice')).status, 404);
    },
  );
});

test('a carousel slide is added to the demo store and reaches the storefront', { timeout: 120_000 }, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const sites = await apiJson<{ items: Site[] }>(app.server.url, '/api/sitekit/sites?filter=demo', { token });
  const demo = sites.body.items.find((s) => s.code === 'demo');
  assert.ok(demo, JSON.stringify(sites.body));
  const slides = async () =>
    (
      (await (
        await fetch(`${app.server.url}/api/store/banners?position=HOME_CAROUSEL`, {
          headers: { 'x-site-key': demo.publishableKey },
        })
      ).json()) as { items: { title: string }[] }
    ).items.map((b) => b.title);
  await app.withSignedInPage(
    t,
    { as: DEMO_ADMIN, at: `/publishingPlatform/site/content/Carousels?siteId=${demo.id}` },
    async (page) => {
      const list = page.getByTestId('carousel');
      await row(list, 'New arrivals every week').getByText('展示中').waitFor();
      // the seeded slides' pictures load from the web app's own files
      await eventually(async () =>
        assert.ok(
          await row(list, 'Free shipping')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
        ),
      );
      await list.getByRole('button', { name: /新\s?建/ }).click();
      await page.getByTestId('banner-title').fill('端到端轮播');
      await page.getByTestId('banner-image').fill('/demo/banner-3.svg');
      await page.getByTestId('banner-sort').fill('9');
      await page.getByTestId('carousel-form-submit').click();
      await row(list, '端到端轮播').getByText('展示中').waitFor();
      await page.screenshot({ path: artifact('sitekit-carousel.png') });
    },
  );
  assert.deepEqual(await slides(), [
    'Free shipping over USD 49',
    'Double 12: up to 30% off',
    'New arrivals every week',
    '端到端轮播',
  ]);
});
