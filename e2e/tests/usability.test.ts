/**
 * What a new user trips over, in Chromium: form fields say what is wrong (zh-Hans and en), the
 * chosen theme colour reaches links, primary buttons and the sidebar's active entry, one rule for
 * pages a user may not open (401) and unknown ones (404), `/redirect/{path}` loaded directly, and a
 * failed sign-in in plain words that does not cover the language switch. Screenshots go to
 * e2e/artifacts/usability-*.png.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  artifact,
  DEMO_ADMIN,
  eventually,
  expectPageShown,
  pathOf,
  registerPhoneUser,
  submitPasswordForm,
  text,
  withPage,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const clerk = { phoneNumber: '13700000077', userName: 'newclerk', password: 'Clerk1q2w3E*' };

const app = useServerAndBrowser({
  setup: async ({ server }) => {
    await registerPhoneUser(server.url, 'demo', clerk);
  },
});

/** The message antd shows under the form field whose input has this id. */
const fieldError = (page: Page, id: string) =>
  page.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error');

async function switchLanguage(page: Page, culture: 'en' | 'zh-Hans') {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-option-${culture}`).click();
  await eventually(async () => assert.equal(await page.evaluate(() => document.documentElement.lang), culture));
}

const color = (locator: Locator, property: 'color' | 'backgroundColor') =>
  locator.evaluate((el, p) => getComputedStyle(el)[p], property);

test('the user form says what is wrong with each field, in zh-Hans and in English', { timeout: 90_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/admin/users' }, async (page) => {
    await page.getByTestId('user-row-admin').waitFor();

    const cases = {
      'zh-Hans': {
        create: /新\s?建/,
        required: ['用户名不能为空', '邮箱不能为空'],
        wrong: ['用户名长度不能超过 256 个字符', '邮箱格式不正确'],
      },
      en: {
        create: /New$/,
        required: ['User name is required', 'E-mail is required'],
        wrong: ['User name must be at most 256 characters', 'E-mail is not a valid e-mail address'],
      },
    } as const;
    for (const [culture, expected] of Object.entries(cases) as Array<[keyof typeof cases, (typeof cases)['en']]>) {
      if (culture === 'en') await switchLanguage(page, 'en');
      await page.getByTestId('users').getByRole('button', { name: expected.create }).click();
      const form = page.getByTestId('user-form');
      await form.waitFor();
      await page.getByTestId('user-form-submit').click();
      await eventually(async () => {
        assert.equal(await text(fieldError(page, 'userName')), expected.required[0]);
        assert.equal(await text(fieldError(page, 'email')), expected.required[1]);
      });

      await page.locator('#userName').fill('u'.repeat(257));
      await page.locator('#email').fill('not-an-email');
      await page.getByTestId('user-form-submit').click();
      await eventually(async () => {
        assert.equal(await text(fieldError(page, 'userName')), expected.wrong[0]);
        assert.equal(await text(fieldError(page, 'email')), expected.wrong[1]);
      });
      await page.screenshot({ path: artifact(`usability-user-form-${culture}.png`) });
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });
    }
  });
});

test('the theme colour reaches links, the primary button and the sidebar’s active entry', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/admin/users' }, async (page) => {
    await page.getByTestId('user-row-admin').waitFor();

    const link = page.getByTestId('user-edit-admin');
    const primary = page.getByTestId('users').locator('.ant-btn-primary').first();
    const active = page.getByTestId('sidebar').locator('.ant-menu-item-selected');
    const blue = 'rgb(64, 158, 255)';
    await eventually(async () => assert.equal(await color(primary, 'backgroundColor'), blue));
    assert.equal(await color(link, 'color'), blue);
    assert.equal(await color(active, 'color'), blue);

    await page.getByTestId('settings-button').click();
    await page.getByTestId('theme-color-11a983').click();
    await page.keyboard.press('Escape');
    const green = 'rgb(17, 169, 131)';
    await eventually(async () => {
      assert.equal(await color(primary, 'backgroundColor'), green, 'primary button');
      assert.equal(await color(link, 'color'), green, 'link');
      assert.equal(await color(active, 'color'), green, 'active sidebar entry');
    });
    // the sidebar text theme off: the sidebar keeps the spec's active colour (#409eff), the rest stays green
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-sidebar-text-theme').click();
    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await color(active, 'color'), blue));
    assert.equal(await color(link, 'color'), green);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-sidebar-text-theme').click();
    await page.keyboard.press('Escape');
    await eventually(async () => assert.equal(await color(active, 'color'), green));
    await page.screenshot({ path: artifact('usability-theme-green.png') });

    // a plain link (the product list's SKU links to the product page)
    await page.getByTestId('menu-Product').click();
    await page.getByTestId('menu-ProductList').click();
    const sku = page.locator('[data-testid^="product-link-"]').first();
    await eventually(async () => assert.equal(await color(sku, 'color'), green, 'plain link'));
    await eventually(async () => assert.equal(await color(active, 'color'), green));
  });
});

test('a user without a permission sees the 401 page on a catalogue page and on an admin page; unknown paths 404', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(
    t,
    { as: { tenant: 'demo', userName: clerk.userName, password: clerk.password } },
    async (page) => {
      for (const path of ['/product/brach', '/product/productList', '/admin/users', '/auditing/audit-log']) {
        await page.goto(`${app.server.url}${path}`);
        await page.waitForURL((u) => u.pathname === '/401');
        await page.getByTestId('page-401').waitFor();
      }
      await page.screenshot({ path: artifact('usability-401.png') });
      for (const path of ['/product/no-such-page', '/no/such/page']) {
        await page.goto(`${app.server.url}${path}`);
        await page.waitForURL((u) => u.pathname === '/404');
        await page.getByTestId('page-404').waitFor();
      }
    },
  );
});

test('/redirect/{path} loaded directly lands on the page, signed in or after signing in', {
  timeout: 60_000,
}, async (t) => {
  await withPage(app.browser, t, async (page) => {
    // signed out: through sign-in, then there
    await page.goto(`${app.server.url}/redirect/admin/users?filter=admin`);
    await page.waitForURL((u) => u.pathname === '/login');
    await submitPasswordForm(page, DEMO_ADMIN);
    await page.waitForURL((u) => u.pathname === '/admin/users');
    assert.equal(new URL(page.url()).search, '?filter=admin');
    await page.getByTestId('user-row-admin').waitFor();

    // signed in, a fresh page load
    await page.goto(`${app.server.url}/redirect/product/productList`);
    await page.waitForURL((u) => u.pathname === '/product/productList');
    await expectPageShown(page);
    await page.getByTestId('tab-ProductList').waitFor();
    await page.locator('[data-testid^="product-link-"]').first().waitFor();
    await page.screenshot({ path: artifact('usability-redirect.png') });
  });
});

test('a failed sign-in says so in words, and the language switch stays usable', { timeout: 60_000 }, async (t) => {
  await withPage(app.browser, t, async (page) => {
    await page.goto(`${app.server.url}/login`);
    for (let i = 0; i < 3; i++) {
      await submitPasswordForm(page, { ...DEMO_ADMIN, password: 'wrong-password' });
      await eventually(async () => assert.match(await text(page.getByTestId('login-error')), /用户名或密码错误/));
    }
    const error = page.getByTestId('login-error');
    assert.match(await text(error), /^登录失败/);
    assert.equal(await page.getByText('invalid_grant').count(), 0, 'no OAuth code on screen');
    await page.screenshot({ path: artifact('usability-sign-in-failed-zh.png') });

    // nothing lies over the language switch: the point at its centre is the switch itself
    const languageSwitch = page.getByTestId('language-switch');
    const box = await languageSwitch.boundingBox();
    assert.ok(box);
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="language-switch"]') !== null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    assert.ok(onTop, 'the language switch is not covered');
    await switchLanguage(page, 'en');

    await submitPasswordForm(page, { ...DEMO_ADMIN, password: 'wrong-password' });
    await eventually(async () => assert.match(await text(error), /^Sign-in failed.*Invalid username or password/));
    assert.equal(await page.getByText('invalid_grant').count(), 0, 'no OAuth code on screen');
    assert.equal(pathOf(page), '/login');
    await page.screenshot({ path: artifact('usability-sign-in-failed-en.png') });
  });
});
