/**
 * The browser security headers in a real browser: the signed-in app renders under its Content
 * Security Policy (dashboard with its chart), the policy is enforced (an injected inline script does
 * not run and is reported, which is how every other file's pages are watched too), and Swagger UI
 * still works. Screenshots of the dashboard and of Swagger UI go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN, artifact, eventually, expectPageShown, signIn, withPage } from '../support/app.ts';
import { launchBrowser, takeCspViolations } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;

before(
  async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  },
  { timeout: 150_000 },
);

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the app renders under its Content Security Policy, which blocks injected script', async (t) => {
  await withPage(browser, t, async (page) => {
    const res = await page.goto(`${server.url}/login`);
    const headers = res?.headers() ?? {};
    assert.match(headers['content-security-policy'] ?? '', /script-src 'self'/);
    assert.match(headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
    assert.equal(headers['x-frame-options'], 'DENY');
    assert.equal(headers['x-content-type-options'], 'nosniff');

    await signIn(page, server.url, ADMIN);
    await expectPageShown(page);
    await page.getByTestId('permission-chart').locator('svg').first().waitFor();
    await page.screenshot({ path: artifact('csp-dashboard.png') });

    // An inline script slipped into the page does not run, and the watcher sees the violation.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    assert.equal(ran, false, 'the injected script ran');
    const seen = await eventually(() => {
      const v = takeCspViolations();
      assert.ok(v.length > 0, 'no violation reported');
      return v;
    });
    assert.ok(
      seen.some((v) => v.includes('script-src')),
      seen.join('\n'),
    );
  });
});

test('Swagger UI works under the policy', async (t) => {
  await withPage(browser, t, async (page) => {
    const res = await page.goto(`${server.url}/swagger`);
    assert.match(res?.headers()['content-security-policy'] ?? '', /default-src 'self'/);
    await eventually(async () =>
      assert.ok((await page.locator('.swagger-ui .opblock').count()) > 10, 'operations listed'),
    );
    // an operation opens with its parameters and answers
    await page.locator('.swagger-ui .opblock-summary').first().click();
    await page.locator('.swagger-ui .opblock-body').first().waitFor();
    await page.screenshot({ path: artifact('csp-swagger.png') });
  });
});
