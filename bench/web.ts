/**
 * Web shell benchmark (numbers, not pass/fail; not part of CI). Needs a built app
 * (`npm run build -w apps/web`); builds nothing itself. Starts the product like `npm start` (embedded
 * PGlite in a fresh data folder, demo seed) and measures in headless Chromium on localhost:
 *  (a) the JavaScript needed to show /login, gzip-compressed — from the Vite manifest (entry + the
 *      login route chunk and their static imports) and, as the truth, from what the browser actually
 *      fetches until the sign-in form is shown and the network is idle (target ≤ 250 KB);
 *  (b) the time from submitting the login form to a usable dashboard (`dashboard-stats` visible),
 *      median and p95 over N sign-ins, each in a fresh browser context (target < 1 s).
 * Usage: cd /work/main && npx node bench/web.ts [--runs 10]
 * Writes bench/results/web.json.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium.ts';
import { freePort, root, saveResults, startProcess, stopProcess } from './support.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: process.env.BENCH_WEB_RUNS ?? '10' } } });
const runs = Math.max(1, Number(values.runs));
const JS_TARGET_BYTES = 250 * 1024;
const SIGN_IN_TARGET_MS = 1000;

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w apps/web` first.');
  process.exit(1);
}
// Measure a snapshot: the server keeps index.html in memory, and a rebuild during the run would
// leave it naming deleted chunks.
const dataDir = mkdtempSync(join(tmpdir(), 'seller-bench-web-'));
const dist = join(dataDir, 'web');
cpSync(join(root, 'apps/web/dist'), dist, { recursive: true });

const gz = (buf: Buffer) => gzipSync(buf).length; // zlib default level (6), as a typical server would send it
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** Both readings of "KB": the target is checked as 250 KiB (256 000 B); 250 000 B is reported too. */
const kbBoth = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB = ${kb(bytes)}`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** (a1) Entry + login route chunk and their static imports, from dist/.vite/manifest.json (if built with it). */
function loginJsFromManifest() {
  const path = join(dist, '.vite/manifest.json');
  if (!existsSync(path)) return undefined;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const loginKey = Object.keys(manifest).find((k) => /features\/auth\/pages\/login\.tsx$/.test(k));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey || !loginKey) return undefined;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entryKey);
  visit(loginKey);
  const chunks = [...files].map((file) => {
    const body = readFileSync(join(dist, file));
    return { file, bytes: body.length, gzip: gz(body) };
  });
  return {
    chunks: chunks.length,
    bytes: chunks.reduce((s, c) => s + c.bytes, 0),
    gzip: chunks.reduce((s, c) => s + c.gzip, 0),
    files: chunks.sort((a, b) => b.gzip - a.gzip),
  };
}

/** (a2) Every JavaScript response the browser loads to show /login (no interaction), gzip-sized here. */
async function loginJsInBrowser(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const pending: Array<Promise<{ url: string; bytes: number; gzip: number; encoding?: string }>> = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() !== 'script' && !type.includes('javascript')) return;
    pending.push(
      res.body().then((body) => ({
        url: new URL(res.url()).pathname,
        bytes: body.length,
        gzip: gz(body),
        encoding: res.headers()['content-encoding'],
      })),
    );
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await context.close();
  return {
    chunks: files.length,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    servedEncoding: [...new Set(files.map((f) => f.encoding ?? 'identity'))].join(', '),
    files: files.sort((a, b) => b.gzip - a.gzip),
  };
}

const ACCOUNTS = [
  { label: 'demo admin', tenant: 'demo', userName: 'admin', password: '1q2w3E*' },
  { label: 'host admin', tenant: '', userName: 'admin', password: '1q2w3E*' },
];
/** The server allows 10 sign-ins per account and minute (30 per IP): alternate accounts and pace. */
const signInTimes = new Map<string, number[]>();
async function respectRateLimit(key: string) {
  const now = Date.now();
  const recent = (signInTimes.get(key) ?? []).filter((t) => now - t < 61_000);
  if (recent.length >= 9) await new Promise((r) => setTimeout(r, 61_000 - (now - recent[0])));
  signInTimes.set(key, [...recent, Date.now()]);
}

/**
 * (b) One sign-in in a fresh context: the form is filled (its first focus starts the shell prefetch,
 * as when a person types), the network settles, then submit → `dashboard-stats` visible is timed —
 * by the harness (wall clock) and inside the page (submit event → element attached and visible).
 */
async function timeSignIn(browser: Browser, base: string, account: (typeof ACCOUNTS)[number]) {
  await respectRateLimit(`${account.tenant}:${account.userName}`);
  // service workers blocked: on a first visit the app reloads the page when its worker takes control
  // (a bug, see the e2e shell tests), which would wipe the filled form
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript({
    content: `(() => {
      window.__bench = {};
      document.addEventListener('submit', () => { window.__bench.submit = performance.now(); }, true);
      const check = () => {
        const el = document.querySelector('[data-testid="dashboard-stats"]');
        if (el && el.getClientRects().length > 0 && window.__bench.submit && !window.__bench.dashboard) {
          window.__bench.dashboard = performance.now();
        }
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    })();`,
  });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  const calls: Record<string, number> = {};
  page.on('requestfinished', (req) => {
    const path = new URL(req.url()).pathname;
    const name = TIMED_CALLS.find((c) => path.startsWith(c));
    const t = req.timing();
    if (name && t.responseEnd > 0) calls[name] = Math.round(t.responseEnd);
  });
  await page.goto(`${base}/login`);
  await page.getByTestId('login-submit').waitFor();
  await page.getByTestId('login-tenant').fill(account.tenant);
  await page.getByTestId('login-username').fill(account.userName);
  await page.getByTestId('login-password').fill(account.password);
  await page.waitForLoadState('networkidle');
  const t0 = performance.now();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard-stats').waitFor();
  const harnessMs = performance.now() - t0;
  const inPage = (await page.evaluate('window.__bench')) as { submit?: number; dashboard?: number };
  // when each call finished, counted from the submit (Resource Timing, same clock as the submit mark)
  const resources = (await page.evaluate(
    "performance.getEntriesByType('resource').map((e) => ({ name: e.name, end: e.responseEnd }))",
  )) as Array<{ name: string; end: number }>;
  const doneAfterSubmit: Record<string, number> = {};
  for (const r of resources) {
    const name = TIMED_CALLS.find((c) => new URL(r.name).pathname.startsWith(c));
    if (name && inPage.submit && r.end > inPage.submit) doneAfterSubmit[name] = Math.round(r.end - inPage.submit);
  }
  const url = new URL(page.url()).pathname;
  await context.close();
  if (url !== '/dashboard') throw new Error(`signed in to ${url}, expected /dashboard`);
  const inPageMs = inPage.submit && inPage.dashboard ? inPage.dashboard - inPage.submit : Number.NaN;
  return { account: account.label, harnessMs, inPageMs, calls, doneAfterSubmit };
}

/** Server calls made between submit and the dashboard; their durations (request start → response end). */
const TIMED_CALLS = [
  '/api/abp/multi-tenancy/tenants/by-name',
  '/connect/token',
  '/api/abp/application-configuration',
  '/api/platform/menus/by-current-user',
  '/api/abp/api-definition',
];

const port = await freePort();
const base = `http://localhost:${port}`;
const server = await startProcess('apps/server/src/main.ts', {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  WEB_DIST: dist,
  LOG_LEVEL: 'warn',
});
const browser = await launchChromium();
try {
  const fromManifest = loginJsFromManifest();
  const fromBrowser = await loginJsInBrowser(browser, base);

  await timeSignIn(browser, base, ACCOUNTS[1]); // warm-up (server JIT, caches): not counted
  const samples: Array<Awaited<ReturnType<typeof timeSignIn>>> = [];
  for (let i = 0; i < runs; i++) samples.push(await timeSignIn(browser, base, ACCOUNTS[i % ACCOUNTS.length]));
  const harness = samples.map((s) => s.harnessMs);
  const inPage = samples.map((s) => s.inPageMs).filter((v) => Number.isFinite(v));

  const signIn = {
    runs,
    medianMs: Math.round(percentile(harness, 50)),
    p95Ms: Math.round(percentile(harness, 95)),
    minMs: Math.round(Math.min(...harness)),
    maxMs: Math.round(Math.max(...harness)),
    inPageMedianMs: inPage.length ? Math.round(percentile(inPage, 50)) : null,
    inPageP95Ms: inPage.length ? Math.round(percentile(inPage, 95)) : null,
    samples: samples.map((s) => ({ ...s, harnessMs: Math.round(s.harnessMs), inPageMs: Math.round(s.inPageMs) })),
  };

  const rows: Array<[string, string, string, string]> = [
    ['measure', 'value', 'target', 'ok'],
    [
      'JS to show /login, gzip (browser)',
      `${kbBoth(fromBrowser.gzip)} in ${fromBrowser.chunks} files (${kb(fromBrowser.bytes)} raw)`,
      '≤ 250 KiB',
      fromBrowser.gzip <= JS_TARGET_BYTES ? 'yes' : 'NO',
    ],
    [
      'JS to show /login, gzip (manifest)',
      fromManifest
        ? `${kbBoth(fromManifest.gzip)} in ${fromManifest.chunks} files (${kb(fromManifest.bytes)} raw)`
        : 'no manifest',
      '≤ 250 KiB',
      fromManifest ? (fromManifest.gzip <= JS_TARGET_BYTES ? 'yes' : 'NO') : '-',
    ],
    [
      `submit → dashboard, median (n=${runs})`,
      `${signIn.medianMs} ms (in page ${signIn.inPageMedianMs ?? '-'} ms)`,
      '< 1000 ms',
      signIn.medianMs < SIGN_IN_TARGET_MS ? 'yes' : 'NO',
    ],
    [
      `submit → dashboard, p95 (n=${runs})`,
      `${signIn.p95Ms} ms (in page ${signIn.inPageP95Ms ?? '-'} ms)`,
      '< 1000 ms',
      signIn.p95Ms < SIGN_IN_TARGET_MS ? 'yes' : 'NO',
    ],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => c.padEnd(widths[j])).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log(
    `\nserved Content-Encoding of JS: ${fromBrowser.servedEncoding}; gzip sizes computed here (zlib level 6)`,
  );
  if (fromBrowser.gzip > 250_000) console.log('note: over 250 000 B, i.e. over the target if "KB" means 1000 bytes');
  console.log(`sign-in samples (ms): ${signIn.samples.map((s) => s.harnessMs).join(', ')}`);
  console.log('calls made while signing in, medians (ms): duration, and finished … after submit');
  for (const c of TIMED_CALLS) {
    const ms = samples.map((s) => s.calls[c]).filter((v) => v !== undefined);
    const done = samples.map((s) => s.doneAfterSubmit[c]).filter((v) => v !== undefined);
    if (ms.length)
      console.log(
        `  ${String(percentile(ms, 50)).padStart(5)}  ${String(done.length ? percentile(done, 50) : '-').padStart(5)}  ${c}`,
      );
  }
  console.log(`      -  ${String(signIn.inPageMedianMs ?? '-').padStart(5)}  dashboard-stats visible`);
  console.log('largest /login files (gzip):');
  for (const f of fromBrowser.files.slice(0, 6)) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);

  const out = {
    date: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    loginJs: {
      targetBytes: JS_TARGET_BYTES,
      browser: fromBrowser,
      manifest: fromManifest ?? null,
    },
    signIn: { targetMs: SIGN_IN_TARGET_MS, ...signIn },
  };
  saveResults('web', out);
  console.log('\nwrote bench/results/web.json');
} finally {
  await browser.close();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
