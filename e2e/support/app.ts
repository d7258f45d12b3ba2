import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { TestContext } from 'node:test';
import type { Browser, BrowserContextOptions, Locator, Page, Request } from 'playwright-core';
import type { RunningServer } from './server.ts';
import { eventually } from './wait.ts';

export { eventually };

/** Seeded administrator of the host and of the `demo` tenant. */
export const ADMIN = { userName: 'admin', password: '1q2w3E*' } as const;
/** The administrator signing in to the `demo` tenant, and to the host (an empty tenant field). */
export const DEMO_ADMIN = { tenant: 'demo', ...ADMIN };
export const HOST_ADMIN = { tenant: '', ...ADMIN };
export const CLIENT_ID = 'web-admin';
export const SCOPE = 'openid profile email phone roles offline_access';
/** Local storage key of the persisted session (apps/web/src/lib/storage.ts). */
export const SESSION_KEY = 'seller.session';
/** Screenshots and failure captures (gitignored). */
export const artifactsDir = new URL('../artifacts/', import.meta.url).pathname;
/** Dev inbox `purpose` values (VerifyType in packages/contracts). */
export const CodePurpose = { register: 0, signin: 10, passwordReset: 20 } as const;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** The app under `<tenant>.localhost`: Chromium resolves it to loopback, the app reads the tenant from it. */
export const tenantUrl = (server: RunningServer, tenant: string) => `http://${tenant}.localhost:${server.port}`;

export const artifact = (name: string) => {
  mkdirSync(artifactsDir, { recursive: true });
  return `${artifactsDir}${name}`;
};

/**
 * A fresh browser context and page for one test. Uncaught page errors fail the test; on failure a
 * screenshot goes to artifacts/failures/. The context is always closed.
 *
 * Service workers are blocked unless a test asks for them (`{ serviceWorkers: 'allow' }`): on a
 * first visit the app's worker takes control and the app then reloads the page, wiping what was
 * typed (see the service-worker tests in shell.test.ts); the journeys are not about that.
 */
export async function withPage(
  browser: Browser,
  t: TestContext,
  run: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block', ...options });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  try {
    await run(page);
    assert.deepEqual(pageErrors, [], 'uncaught errors in the page');
  } catch (e) {
    const file = t.name.replace(/[^\w-]+/g, '-').slice(0, 80);
    mkdirSync(`${artifactsDir}failures`, { recursive: true });
    await page.screenshot({ path: `${artifactsDir}failures/${file}.png`, timeout: 5_000 }).catch(() => undefined);
    throw e;
  } finally {
    await context.close();
  }
}

export interface Account {
  /** Tenant typed in the login form's tenant field; omit on the host or under `<tenant>.localhost`. */
  tenant?: string;
  userName: string;
  password: string;
}

/** Fills the password form on the current /login page and submits it. */
export async function submitPasswordForm(page: Page, account: Account): Promise<void> {
  const fields: [string, string | undefined][] = [
    ['login-tenant', account.tenant],
    ['login-username', account.userName],
    ['login-password', account.password],
  ];
  // the page's texts and configuration are in (they redraw the form when they arrive)
  await page.waitForLoadState('networkidle');
  // the form is filled again if it was drawn anew meanwhile (its texts arriving in another
  // language): the host's administrator has the same password, so a lost tenant signs in there
  await eventually(async () => {
    for (const [testid, value] of fields) if (value !== undefined) await page.getByTestId(testid).fill(value);
    for (const [testid, value] of fields)
      if (value !== undefined) assert.equal(await page.getByTestId(testid).inputValue(), value, testid);
  }, 10_000);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the login screen and waits for the signed-in shell. */
export async function signIn(page: Page, baseUrl: string, account: Account): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitPasswordForm(page, account);
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.getByTestId('dashboard-stats').waitFor();
}

export interface StoredSession {
  accessToken?: string;
  refreshToken?: string;
  tokenType?: string;
  tenant?: { id: string | null; name: string };
  language?: string;
  settings?: { theme: string };
}

export async function readSession(page: Page): Promise<StoredSession> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').state ?? {}, SESSION_KEY);
}

/** Overwrites fields of the persisted session (the running app keeps its in-memory copy until reload). */
export async function patchSession(page: Page, patch: Partial<StoredSession>): Promise<void> {
  await page.evaluate(
    ({ key, patch }) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}');
      stored.state = { ...stored.state, ...patch };
      localStorage.setItem(key, JSON.stringify(stored));
    },
    { key: SESSION_KEY, patch },
  );
}

/** A syntactically valid JWT whose signature no longer matches (what an expired/forged token gets: 401). */
export const spoilToken = (token: string) =>
  `${token.slice(0, -8)}${token.endsWith('AAAAAAAA') ? 'BBBBBBBB' : 'AAAAAAAA'}`;

/** Records the POSTs to /connect/token made by the page, with their grant type. */
export function recordTokenRequests(page: Page) {
  const requests: Array<{ grantType: string | null; request: Request }> = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/connect/token') {
      requests.push({ grantType: new URLSearchParams(r.postData() ?? '').get('grant_type'), request: r });
    }
  });
  return {
    all: requests,
    refreshes: () => requests.filter((r) => r.grantType === 'refresh_token'),
  };
}

/** Route names of the tabs in the tab bar, in order. */
export async function tabNames(page: Page): Promise<string[]> {
  return page
    .getByTestId('tags-view')
    .locator('a[data-testid^="tab-"]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').slice('tab-'.length)));
}

export async function activeTab(page: Page): Promise<string | undefined> {
  const names = await page
    .getByTestId('tags-view')
    .locator('a.active[data-testid^="tab-"]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').slice('tab-'.length)));
  return names[0];
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

// ---------------------------------------------------------------------------------------------
// Server calls for setup and checks (plain fetch, as the README's curl examples)
// ---------------------------------------------------------------------------------------------

export interface TokenReply {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
}

const tenantHeader = (tenant?: string): Record<string, string> => (tenant ? { __tenant: tenant } : {});

/** POST /connect/token (form-encoded); returns the raw response. */
export function tokenRequest(baseUrl: string, fields: Record<string, string>, tenant?: string): Promise<Response> {
  return fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    headers: tenantHeader(tenant),
    body: new URLSearchParams({ client_id: CLIENT_ID, scope: SCOPE, ...fields }),
  });
}

export async function passwordToken(baseUrl: string, account: Account): Promise<TokenReply> {
  const res = await tokenRequest(
    baseUrl,
    { grant_type: 'password', username: account.userName, password: account.password },
    account.tenant,
  );
  assert.equal(res.status, 200, `password sign-in of ${account.userName}: ${await res.clone().text()}`);
  return (await res.json()) as TokenReply;
}

export const refreshRequest = (baseUrl: string, refreshToken: string, tenant?: string) =>
  tokenRequest(baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken }, tenant);

/** POST /connect/revocation (RFC 7009): a refresh token revokes its whole sign-in session. */
export async function revoke(baseUrl: string, token: string, hint = 'refresh_token'): Promise<void> {
  const res = await fetch(`${baseUrl}/connect/revocation`, {
    method: 'POST',
    body: new URLSearchParams({ token, token_type_hint: hint, client_id: CLIENT_ID }),
  });
  assert.equal(res.status, 200, `revocation: ${await res.text()}`);
}

/** Decoded JWT payload (no verification: for reading `sub` and the like in tests). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

export async function apiJson<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; tenant?: string; json?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...tenantHeader(init.tenant), accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The `items` of a list answer (a GET of `path` with `token`); any answer but a 200 fails the test. */
export async function apiItems<T>(baseUrl: string, path: string, token: string): Promise<T[]> {
  const res = await apiJson<{ items: T[] }>(baseUrl, path, { token });
  assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
  return res.body.items;
}

export async function sendPhoneCode(
  baseUrl: string,
  tenant: string | undefined,
  purpose: 'register' | 'signin' | 'password-reset',
  phoneNumber: string,
): Promise<void> {
  const res = await apiJson(baseUrl, `/api/account/phone/send-${purpose}-code`, {
    method: 'POST',
    tenant,
    json: { phoneNumber },
  });
  assert.equal(res.status, 204, `send-${purpose}-code: ${JSON.stringify(res.body)}`);
}

interface InboxItem {
  phoneNumber: string;
  code: string;
  purpose: number;
  creationTime: string;
}

/** The newest code of `purpose` for the phone in the server's development SMS inbox (waits for it). */
export async function inboxCode(
  baseUrl: string,
  tenant: string | undefined,
  phoneNumber: string,
  purpose: number,
  notBefore = 0,
): Promise<string> {
  return eventually(async () => {
    const res = await apiJson<{ items: InboxItem[] }>(
      baseUrl,
      `/api/account/phone/dev-inbox?phoneNumber=${encodeURIComponent(phoneNumber)}`,
      { tenant },
    );
    assert.equal(res.status, 200, `dev inbox: ${JSON.stringify(res.body)}`);
    const items = res.body.items
      .filter((i) => i.purpose === purpose && Date.parse(i.creationTime) >= notBefore)
      .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime));
    assert.ok(items[0], `no code of purpose ${purpose} for ${phoneNumber} in the dev inbox`);
    return items[0].code;
  }, 5_000);
}

/** Registers a phone user through the account API (the user holds no permissions); returns its id. */
export async function registerPhoneUser(
  baseUrl: string,
  tenant: string | undefined,
  user: { phoneNumber: string; userName: string; password: string },
): Promise<string> {
  const since = Date.now() - 1000;
  await sendPhoneCode(baseUrl, tenant, 'register', user.phoneNumber);
  const code = await inboxCode(baseUrl, tenant, user.phoneNumber, CodePurpose.register, since);
  const res = await apiJson(baseUrl, '/api/account/phone/register', {
    method: 'POST',
    tenant,
    json: { ...user, code },
  });
  assert.ok(res.status < 300, `register: ${res.status} ${JSON.stringify(res.body)}`);
  const reply = await passwordToken(baseUrl, { tenant, userName: user.userName, password: user.password });
  return String(jwtClaims(reply.access_token).sub);
}

export async function grantUserPermissions(
  baseUrl: string,
  adminToken: string,
  tenant: string | undefined,
  userId: string,
  names: string[],
): Promise<void> {
  const res = await apiJson(baseUrl, `/api/permission-management/permissions?providerName=U&providerKey=${userId}`, {
    method: 'PUT',
    token: adminToken,
    tenant,
    json: { permissions: names.map((name) => ({ name, isGranted: true })) },
  });
  assert.ok(res.status < 300, `grant: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Assigns menu entries (by route name) to a user: PUT /api/platform/menus/by-user. */
export async function assignUserMenus(
  baseUrl: string,
  adminToken: string,
  tenant: string | undefined,
  userId: string,
  menuNames: string[],
): Promise<void> {
  const all = await apiJson<{ items: Array<{ id: string; name: string }> }>(baseUrl, '/api/platform/menus/all', {
    token: adminToken,
    tenant,
  });
  assert.equal(all.status, 200);
  const menuIds = menuNames.map((n) => {
    const m = all.body.items.find((x) => x.name === n);
    assert.ok(m, `menu ${n} exists`);
    return m.id;
  });
  const res = await apiJson(baseUrl, '/api/platform/menus/by-user', {
    method: 'PUT',
    token: adminToken,
    tenant,
    json: { userId, menuIds, startupMenuId: null },
  });
  assert.ok(res.status < 300, `assign menus: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Searches a list and waits until the table shows the answer: every row mentions `term`. A click
 * right after Enter could land on a row of the previous answer while the table re-renders (the
 * press on the old row, the release on the new one: no click at all).
 */
export async function searchTable(table: Locator, search: Locator, term: string, rows = 1): Promise<void> {
  await search.fill(term);
  await search.press('Enter');
  const body = table.locator('tbody tr.ant-table-row');
  await eventually(async () => {
    assert.equal(await body.count(), rows);
    for (const row of await body.all()) assert.ok(((await row.textContent()) ?? '').includes(term));
  }, 15_000);
}

/** The element's text, trimmed (textContent: no layout-dependent rendering rules). */
export const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

/**
 * The Users page, or — in a build without it — the layout's "page not found in this version" state
 * (menu pages arrive with their modules). Never the 401/404 page.
 */
export async function usersPageOrMissing(page: Page): Promise<'page' | 'missing'> {
  const shown = page.locator('[data-testid="users"]:visible, [data-testid="page-missing"]:visible').first();
  await shown.waitFor();
  assert.equal(await page.getByTestId('page-401').count(), 0);
  assert.equal(await page.getByTestId('page-404').count(), 0);
  return (await shown.getAttribute('data-testid')) === 'users' ? 'page' : 'missing';
}

/** The active page finished loading and is neither an error page nor a crashed page. */
export async function expectPageShown(page: Page): Promise<void> {
  await eventually(async () => assert.equal(await page.locator('.app-content .app-page-loading:visible').count(), 0));
  assert.equal(await page.getByTestId('page-401').count(), 0);
  assert.equal(await page.getByTestId('page-404').count(), 0);
  assert.equal(await page.locator('.app-content .ant-result-error:visible').count(), 0, 'page crashed');
}

/** The text box of a list kit's text filter (`<list>-filter-<member>`), wherever the test id sits on it. */
export const filterBox = (page: Page, testid: string) =>
  page.locator(`input[data-testid="${testid}"], [data-testid="${testid}"] input`).first();

/** The "New" button of a list (in either language). */
export const newButtonOf = (list: Locator) => list.getByRole('button', { name: /新建|New/ });

/**
 * Goes to `url` and opens the "New" form of the list with test id `list`, once `shown` (a seeded
 * row's text) is in it when given. Answers the list.
 */
export async function openNewForm(page: Page, url: string, list: string, shown?: string): Promise<Locator> {
  await page.goto(url);
  const rows = page.getByTestId(list);
  if (shown) await rows.getByText(shown).waitFor();
  await newButtonOf(rows).click();
  return rows;
}

/**
 * Picks `option` in the antd (single) select `select`, and returns once the select shows it and
 * no option list is open. A click landing while the list animates in selects nothing and leaves the
 * list open over the next control, so the pick is repeated until it shows.
 */
export async function pickOption(page: Page, select: Locator, option: string | RegExp, timeoutMs = 20_000) {
  const open = page.locator('.ant-select-dropdown:visible');
  const shown = async () => {
    const value = await text(select);
    return typeof option === 'string' ? value.includes(option) : option.test(value);
  };
  await eventually(async () => {
    if (!(await shown()) || (await open.count())) {
      if (!(await open.count())) await select.click();
      await open.locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 3_000 });
    }
    assert.ok(await shown(), `the select shows ${option}`);
    await open.first().waitFor({ state: 'hidden', timeout: 3_000 });
  }, timeoutMs);
}
