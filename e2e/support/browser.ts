import assert from 'node:assert/strict';
import { afterEach } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';

/**
 * Content Security Policy violations reported in any page of this test file (node --test runs
 * each file in its own process). The server sends its policy throughout the suite; a page that
 * breaks it fails the test it happened in, so no test needs to ask. (An `afterEach`, not an
 * `after`: a failing `after` hook would skip the file's own, which stops the server and browser.)
 */
const cspViolations: string[] = [];

afterEach(() => {
  assert.deepEqual(takeCspViolations(), [], 'Content Security Policy violations in the pages of this test');
});
// one reported after the last test (in an `after` hook) still fails the file
process.on('exit', () => {
  if (!cspViolations.length) return;
  process.stderr.write(`Content Security Policy violations after the last test:\n${cspViolations.join('\n')}\n`);
  process.exitCode = 1;
});

/** The violations recorded so far, forgotten (for a test that provokes one on purpose). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Records violations in every page of a context: the `securitypolicyviolation` event of each
 * document (from its first script on) and Chromium's console messages about the policy.
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__cspViolation', ({ page }, report: string) => {
    cspViolations.push(`${page?.url() ?? '?'}: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation(report: string): void }).__cspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const watch = (page: Page) =>
    page.on('console', (m) => {
      if (/content security policy/i.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
    });
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

/**
 * Chromium (see `launchChromium`) with every context it opens (and so every page,
 * `browser.newPage()` included) watched for CSP violations.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context);
    return context;
  };
  return browser;
}
