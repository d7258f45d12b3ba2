/**
 * Issue 25, the page sweep: every page of tenant demo's menu as its administrator sees it, in
 * Chinese on a 1280 px desktop and in English on a 390 px phone. Each page, opened as from a
 * bookmark, must show no text key (the web app's, a server's `Resource::Key` or a bare one), no raw
 * enum code (LAZADA, DELIVERED, PO_RECEIPT…), no UUID, no cell whose content runs over the next
 * one, no header cut without its whole text on hover, and no error toast of a call the page made
 * on opening. The findings of all pages are gathered, then reported together.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiJson, DEMO_ADMIN, DESKTOP, PHONE, passwordToken, signIn, withPage } from '../support/app.ts';
import { BARE_SERVER_KEY, CJK, RAW_KEY, signInInEnglish, usePageSweep } from '../support/page-checks.ts';

const app = usePageSweep();

/** Enum codes of the contracts a page must show by their label, never as they are stored. */
const RAW_ENUM = new RegExp(
  `\\b(${[
    'LAZADA',
    'SHOPEE',
    'TAOBAO',
    'TMALL',
    'ALIEXPRESS',
    'TIKTOK',
    'CREATED',
    'LABELLED',
    'PACKED',
    'SHIPPED',
    'DELIVERED',
    'RETURNED',
    'CANCELLED',
    'DRAFT',
    'SUBMITTED',
    'APPROVED',
    'REJECTED',
    'POSTED',
    'UNMATCHED',
    'UNPAID',
    'SYNC_FAILED',
    'WECHAT',
    'WHATSAPP',
    // any code with an underscore (IN_TRANSIT, PO_RECEIPT, COST_PLUS, NO_DEAL…)
    '[A-Z]{2,}_[A-Z_]{2,}',
  ].join('|')})\\b`,
);
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
/** What a user types or picks is theirs, shown as it is: inputs, text areas, a select's chosen value. */
const TYPED = 'textarea, input, script, style, .ant-select-selection-item, .ant-select-selection-overflow';
/** User data of a page (see page-checks): left out of the language check only. */
const DATA = '.ant-table-tbody, .lang-switch-list, .ant-select, textarea, [data-content="data"], script, style';

interface MenuDto {
  id: string;
  parentId: string | null;
  path: string | null;
  component: string | null;
  displayName: string | null;
  name: string;
}

/** The menu's pages (as the web app's route table joins paths), without groups and outside links. */
async function menuPages(): Promise<string[]> {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const res = await apiJson<{ items: MenuDto[] }>(
    app.server.url,
    '/api/platform/menus/by-current-user?platformType=56',
    { token },
  );
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const byId = new Map(res.body.items.map((m) => [m.id, m]));
  const pathOf = (m: MenuDto): string => {
    const own = m.path ?? '';
    if (own.startsWith('/')) return own;
    const parent = m.parentId ? byId.get(m.parentId) : undefined;
    return `${parent ? pathOf(parent) : ''}/${own}`.replace(/\/{2,}/g, '/');
  };
  const group = /^(layout|routeview|parentview|blank)(\/index)?$/i;
  const pages = res.body.items
    .filter((m) => m.component && !group.test(m.component.trim()) && !/^(https?:|mailto:)/.test(m.path ?? ''))
    .map(pathOf)
    .filter((p) => !p.includes(':'));
  return [...new Set(pages)].sort();
}

/** What is wrong with the page shown now (an empty list when nothing). */
async function findings(page: Page, serverKey: RegExp, language: 'zh' | 'en'): Promise<string[]> {
  const seen = await page.evaluate(
    ({ typed, data }) => {
      const all: string[] = [];
      const ui: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const value = node.textContent?.trim();
        if (!el || !value || el.closest(typed)) continue;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        all.push(value);
        if (!el.closest(data)) ui.push(value);
      }
      // a cell whose content reaches past it into the next one (nothing between clips it)
      const spills: string[] = [];
      const rows = Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).slice(0, 8);
      for (const td of rows.flatMap((r) => Array.from(r.children))) {
        const cell = td.getBoundingClientRect();
        if (cell.width === 0) continue;
        for (const el of Array.from(td.querySelectorAll('*'))) {
          if (el.childElementCount > 0 || !(el as HTMLElement).checkVisibility()) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || (r.right <= cell.right + 1 && r.left >= cell.left - 1)) continue;
          let clipped = false;
          for (let a: Element | null = el.parentElement; a && !clipped; a = a === td ? null : a.parentElement) {
            clipped = getComputedStyle(a).overflowX !== 'visible';
          }
          if (!clipped) spills.push((el.textContent ?? el.tagName).trim().slice(0, 40));
        }
      }
      // a header cut short with no whole text on hover
      const cut = Array.from(document.querySelectorAll('.ant-table-thead th')).flatMap((th) => {
        const text = th.textContent?.trim() ?? '';
        if (!text || !(th as HTMLElement).checkVisibility()) return [];
        const inner = Array.from(th.querySelectorAll('*')).filter((e) => e.childElementCount === 0);
        const short = [th, ...inner].some((e) => e.scrollWidth > e.clientWidth + 1);
        const titled = th.closest('[title]') || th.querySelector(`[title]`);
        return short && !titled ? [text] : [];
      });
      const toasts = Array.from(
        document.querySelectorAll('.ant-message-error, .ant-notification-notice-error, .ant-message-warning'),
      ).map((e) => e.textContent?.trim() ?? '');
      return { all: all.join('\n'), ui: ui.join('\n'), spills, cut, toasts };
    },
    { typed: TYPED, data: DATA },
  );
  const out: string[] = [];
  const match = (re: RegExp, text: string) => re.exec(text)?.[0];
  const key = match(serverKey, seen.all) ?? match(RAW_KEY, seen.all) ?? match(BARE_SERVER_KEY, seen.ui);
  if (key) out.push(`text key shown: ${key}`);
  const code = match(RAW_ENUM, seen.all);
  if (code) out.push(`raw code shown: ${code}`);
  const uuid = match(UUID, seen.all);
  if (uuid) out.push(`UUID shown: ${uuid}`);
  if (language === 'en') {
    const chinese = seen.ui.match(CJK);
    if (chinese) out.push(`Chinese in the English UI: ${chinese.slice(0, 3).join(' ')}`);
  }
  if (seen.spills.length)
    out.push(`cell content over the next cell: ${[...new Set(seen.spills)].slice(0, 3).join(' | ')}`);
  if (seen.cut.length) out.push(`header cut: ${seen.cut.slice(0, 3).join(' | ')}`);
  if (seen.toasts.length) out.push(`error toast on opening: ${seen.toasts.slice(0, 2).join(' | ')}`);
  return out;
}

// each language once and each width once: Chinese on the desktop, English (the longer words) on
// the phone; all four pairs took ten minutes of every CI run
for (const [language, viewport] of [
  ['zh', DESKTOP],
  ['en', PHONE],
] as const) {
  test(`every menu page of demo's administrator (${language}, ${viewport.width} px)`, {
    timeout: 900_000,
  }, async (t) => {
    const pages = await menuPages();
    assert.ok(pages.length > 30, `the menu has its pages (${pages.length})`);
    await withPage(
      app.browser,
      t,
      async (page) => {
        if (language === 'en') await signInInEnglish(page, app.server.url, DEMO_ADMIN);
        else await signIn(page, app.server.url, DEMO_ADMIN);
        const report: string[] = [];
        for (const path of pages) {
          try {
            // a slow page is a finding of its own, not the end of the sweep
            await page.goto(`${app.server.url}${path}`, { waitUntil: 'domcontentloaded', timeout: 30_000 });
            await page.locator('.app-content').waitFor();
            await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
            // what arrives last (a select's options, a count) has arrived once the network is
            // idle; a page whose spinner never stops is not waited for (its findings show it)
            for (const f of await findings(page, app.serverKey, language)) report.push(`${path}: ${f}`);
          } catch (e) {
            report.push(`${path}: not shown (${(e as Error).message.split('\n')[0]})`);
          }
        }
        t.diagnostic(`${pages.length} pages, ${report.length} findings`);
        for (const line of report) t.diagnostic(line);
        assert.deepEqual(report, [], `${language} ${viewport.width} px`);
      },
      { viewport },
    );
  });
}
