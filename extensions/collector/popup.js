import { extractProduct, toGatherInput } from './extract.js';

/**
 * The popup: sign in to the admin with the token server's password grant (the same public client
 * as the web app), keep the tokens in `chrome.storage.local`, and send the product read from the
 * active tab to `POST /api/catalog/gathers` with the bearer token and the tenant.
 */

const CLIENT_ID = 'web-admin';
const SCOPE = 'openid profile roles offline_access';

const TEXTS = {
  'zh-Hans': {
    title: '采集插件',
    server: '后台地址',
    tenant: '租户(可选)',
    username: '用户名或邮箱',
    password: '密码',
    signIn: '登录',
    signOut: '退出',
    collect: '采集当前商品',
    signedInAs: '已登录:{0}',
    noProduct: '此页面上没有找到商品。',
    noTab: '无法读取当前标签页(浏览器内部页面不能采集)。',
    permissionDenied: '需要允许访问后台地址才能登录。',
    sending: '正在采集…',
    sent: '已采集到采集箱:{0}',
    expired: '登录已过期,请重新登录。',
    failed: '请求失败({0})',
  },
  en: {
    title: 'Collector',
    server: 'Admin address',
    tenant: 'Tenant (optional)',
    username: 'User name or e-mail',
    password: 'Password',
    signIn: 'Sign in',
    signOut: 'Sign out',
    collect: 'Collect this product',
    signedInAs: 'Signed in as {0}',
    noProduct: 'No product was found on this page.',
    noTab: 'The current tab cannot be read (browser pages cannot be collected).',
    permissionDenied: 'Access to the admin address is needed to sign in.',
    sending: 'Collecting…',
    sent: 'Added to gathered products: {0}',
    expired: 'The sign-in has expired; please sign in again.',
    failed: 'The request failed ({0})',
  },
};
const language = navigator.language.toLowerCase().startsWith('zh') ? 'zh-Hans' : 'en';
const T = (key, ...args) => TEXTS[language][key].replace(/\{(\d)\}/g, (_, i) => args[Number(i)] ?? '');

const $ = (id) => document.getElementById(id);
const status = (message, kind = '') => {
  $('status').textContent = message;
  $('status').className = kind;
};

/** What is kept between popups: `{ server, tenant, userName, accessToken, refreshToken, expiresAt }`. */
const load = async () => (await chrome.storage.local.get('session')).session ?? null;
const save = (session) => chrome.storage.local.set({ session });

/** The headers every call carries: the tenant (by name or id) and the language of the texts. */
const baseHeaders = (session) => ({
  'Accept-Language': language,
  'X-Requested-With': 'XMLHttpRequest',
  ...(session.tenant ? { __tenant: session.tenant } : {}),
});

/** A token request (`/connect/token`, form-encoded); answers the new session or throws the server's message. */
async function token(session, fields) {
  const res = await fetch(new URL('/connect/token', session.server), {
    method: 'POST',
    headers: { ...baseHeaders(session), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, scope: SCOPE, ...fields }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.error_description || T('failed', res.status));
  return {
    ...session,
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    // renewed a minute early
    expiresAt: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000,
  };
}

/** A fresh access token: renewed with the refresh token once expired; null when signing in again is needed. */
async function freshSession(session) {
  if (!session) return null;
  if (Date.now() < session.expiresAt) return session;
  if (!session.refreshToken) return null;
  try {
    const renewed = await token(session, { grant_type: 'refresh_token', refresh_token: session.refreshToken });
    await save(renewed);
    return renewed;
  } catch {
    return null;
  }
}

/** The server's message from the ABP error envelope (`{ error: { message, validationErrors } }`). */
async function errorMessage(res) {
  const body = await res.json().catch(() => ({}));
  const error = body.error ?? {};
  const fields = (error.validationErrors ?? []).map((e) => e.message).join('\n');
  return [error.message, fields].filter(Boolean).join('\n') || T('failed', res.status);
}

async function signIn(event) {
  event.preventDefault();
  const server = new URL($('server').value.trim()).origin;
  // The server's address is chosen by the user: ask for access to it (the popup may call it then).
  const granted = await chrome.permissions.request({ origins: [`${server}/*`] });
  if (!granted) return status(T('permissionDenied'), 'error');
  const draft = { server, tenant: $('tenant').value.trim(), userName: $('username').value.trim() };
  try {
    status('');
    const session = await token(draft, {
      grant_type: 'password',
      username: draft.userName,
      password: $('password').value,
    });
    await save(session);
    $('password').value = '';
    await show();
  } catch (e) {
    status(e.message, 'error');
  }
}

/** Reads the product in the active tab (the extractor runs in the page, with the `activeTab` grant). */
async function readActiveTab() {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (!tab?.id) return undefined;
  const [frame] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: extractProduct });
  return frame?.result ?? null;
}

async function send() {
  const session = await freshSession(await load());
  if (!session) {
    await chrome.storage.local.remove('session');
    await show();
    return status(T('expired'), 'error');
  }
  $('send').disabled = true;
  try {
    const product = await readActiveTab().catch(() => undefined);
    if (product === undefined) return status(T('noTab'), 'error');
    if (product === null) return status(T('noProduct'), 'error');
    status(T('sending'));
    const res = await fetch(new URL('/api/catalog/gathers', session.server), {
      method: 'POST',
      headers: {
        ...baseHeaders(session),
        Authorization: `Bearer ${session.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(toGatherInput(product)),
    });
    if (!res.ok) return status(await errorMessage(res), 'error');
    status(T('sent', product.title), 'ok');
  } finally {
    $('send').disabled = false;
  }
}

/** `config.json`, written into the ZIP the admin offers: its address and the tenant of who downloaded it. */
async function downloadedConfig() {
  try {
    const config = await (await fetch(chrome.runtime.getURL('config.json'))).json();
    return { server: config.server ?? '', tenant: config.tenant ?? '' };
  } catch {
    return {};
  }
}

/** Signed in: the collect view with a preview of what the page holds; otherwise the sign-in form. */
async function show() {
  const session = await load();
  $('sign-in').hidden = Boolean(session);
  $('collect').hidden = !session;
  if (!session) {
    const last = (await chrome.storage.local.get('last')).last ?? (await downloadedConfig());
    $('server').value = last.server ?? '';
    $('tenant').value = last.tenant ?? '';
    $('username').value = last.userName ?? '';
    return;
  }
  await chrome.storage.local.set({
    last: { server: session.server, tenant: session.tenant, userName: session.userName },
  });
  $('who').textContent = T('signedInAs', session.userName);
  const product = await readActiveTab().catch(() => undefined);
  $('preview').hidden = !product;
  if (product) {
    $('preview-image').src = product.images[0] ?? '';
    $('preview-title').textContent = product.title;
    // with SKUs the page may give no overall range: the SKUs' lowest and highest
    const prices = product.skus.map((s) => Number(s.price)).filter((p) => Number.isFinite(p) && p > 0);
    const min = product.priceMin ?? (prices.length ? String(Math.min(...prices)) : null);
    const max = product.priceMax ?? (prices.length ? String(Math.max(...prices)) : null);
    const range = max && max !== min ? `–${max}` : '';
    $('preview-price').textContent = min ? `${product.currency ?? ''} ${min}${range}` : '';
  }
}

for (const el of document.querySelectorAll('[data-text]')) el.textContent = T(el.dataset.text);
document.documentElement.lang = language;
$('sign-in').addEventListener('submit', (e) => void signIn(e));
$('send').addEventListener('click', () => void send());
$('sign-out').addEventListener('click', async () => {
  await chrome.storage.local.remove('session');
  status('');
  await show();
});
void show();
