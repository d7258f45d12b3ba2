import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Every answer carries the browser security headers: pages, static files, API answers and errors. */

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'seller-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(join(webDist, 'assets/app.js'), 'console.log("app")');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp).not.toContain('unsafe-eval');
  // plain-http deployments keep working
  expect(directives.has('upgrade-insecure-requests')).toBe(false);
}

describe('security headers', () => {
  it('are on the web app: index page, client-side routes and static assets', async () => {
    for (const url of ['/', '/dashboard', '/assets/app.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers);
    }
  });

  it('are on API answers and on errors', async () => {
    const config = await get('/api/abp/application-configuration');
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toContain('application/json');
    expectSecurityHeaders(config.headers);

    const denied = await get('/api/identity/users'); // not signed in
    expect(denied.statusCode).toBe(401);
    expectSecurityHeaders(denied.headers);

    const missing = await get('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid.headers);
  });

  it('are on Swagger UI', async () => {
    for (const url of ['/swagger', '/swagger/static/swagger-initializer.js', '/swagger/json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers);
    }
  });
});
