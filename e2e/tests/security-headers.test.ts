/**
 * The browser security headers in a real browser: the signed-in app renders under its Content
 * Security Policy (dashboard with its chart), the policy is enforced (an injected inline script does
 * not run and is reported, which is how every other file's pages are watched too), and Swagger UI
 * still works. Screenshots of the dashboard and of Swagger UI go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN, artifact, eventually, expectPageShown, signIn, withPage } from '../support/app.ts';
import { takeCspViolations } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

test('the app renders under its Content Security Policy, which blocks injected script', async (t) => {
  await withPage(app.browser, t, async (page) => {
    const res = await page.goto(`${app.server.url}/login`);
    const headers = res?.headers() ?? {};
    assert.match(headers['content-security-policy'] ?? '', /script-src 'self'/);
    assert.match(headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
    assert.equal(headers['x-frame-options'], 'DENY');
    assert.equal(headers['x-content-type-options'], 'nosniff');

    await signIn(page, app.server.url, ADMIN);
    await expectPageShown(page);
    await page.getByTestId('stat-tenant').waitFor();
    await page.screenshot({ path: artifact('csp-dashboard.png') });

    // An inline script slipped into the page does not run, and the watcher sees the violation.
    const ran = await page.evaluate(async () => {
      const blocked = new Promise((resolve) =>
        document.addEventListener('securitypolicyviolation', resolve, { once: true }),
      );
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      // an inline script allowed to run runs as it is inserted; one refused raises the violation
      const injected = () => (window as unknown as { __injected?: boolean }).__injected === true;
      if (injected()) return true;
      await blocked;
      return injected();
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
  await withPage(app.browser, t, async (page) => {
    const res = await page.goto(`${app.server.url}/swagger`);
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
