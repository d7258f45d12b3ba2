/**
 * Page quality checks shared by the page sweeps (admin-pages, catalog-pages): on a phone in
 * English, no untranslated text, nothing wider than the screen, no covered cells, and drawers and
 * dialogs that fit with their confirm button reachable.
 *
 * User data is not UI text: table bodies, selects, text areas and elements marked
 * `data-content="data"` (a product's name in a page title, a category tree) are left out of the
 * language check.
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { type Account, apiJson, artifact, eventually, expectPageShown, PHONE, signIn, withPage } from './app.ts';
import { type ServerAndBrowser, useServerAndBrowser } from './suite.ts';

/** Prefixes of the web app's own text keys (apps/web/src/lib/i18n/locales). */
export const RAW_KEY =
  /\b(app|authRedirect|common|crud|dashboard|error|http|layout|login|profile|register|reset|session|sw|tabs|validation)\.[a-z]\w+\b/;
/**
 * A server key shown without its resource (`DisplayName:Weight`, `Special:Fragile`): what the web
 * app's `localize` returns for `Resource::Key` when the resource lacks the key.
 */
export const BARE_SERVER_KEY = /\b[A-Z][A-Za-z]+:[A-Za-z0-9]\w*/;
export const CJK = /[\u3400-\u9fff]+/g;

/** The user data of a page: shown as entered, in any language. */
const DATA = '.ant-table-tbody, .lang-switch-list, .ant-select, textarea, [data-content="data"], script, style';

/**
 * A pattern matching `Resource::Key` for the server's text resources (from its application
 * configuration). Build it once per test file, in `before`.
 */
export async function serverKeyPattern(baseUrl: string): Promise<RegExp> {
  const config = await apiJson<{ localization: { values: Record<string, unknown> } }>(
    baseUrl,
    '/api/abp/application-configuration',
  );
  const resources = Object.keys(config.body.localization.values);
  assert.ok(resources.includes('AbpIdentity'), 'the server lists its text resources');
  return new RegExp(`\\b(${resources.join('|')})::[\\w:.-]+`);
}

/**
 * The visible text of the page (drawers and dialogs included): all of it for the key checks, and
 * the part outside user data for the language check.
 */
export async function visibleText(page: Page): Promise<{ all: string; ui: string }> {
  return page.evaluate((data) => {
    const all: string[] = [];
    const ui: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const value = node.textContent?.trim();
      if (!el || !value || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      all.push(value);
      if (!el.closest(data)) ui.push(value);
    }
    return { all: all.join('\n'), ui: ui.join('\n') };
  }, DATA);
}

/** Texts translated (no key of the server or the web app, no Chinese outside data), and nothing wider than the screen. */
export async function expectTranslatedAndFitting(page: Page, serverKey: RegExp, where: string) {
  const { all, ui } = await visibleText(page);
  assert.doesNotMatch(all, serverKey, `${where}: a server text key is shown`);
  assert.doesNotMatch(all, RAW_KEY, `${where}: a text key of the web app is shown`);
  assert.doesNotMatch(ui, BARE_SERVER_KEY, `${where}: a server text key missing from its resource is shown`);
  assert.deepEqual(ui.match(CJK) ?? [], [], `${where}: Chinese text in the English UI`);
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  assert.ok(width.page <= width.screen, `${where}: the page is ${width.page} px wide on a ${width.screen} px screen`);
}

/**
 * Nothing inside `container` reaches past its padding (an input wider than a drawer, a toolbar
 * running off a card), except within something that scrolls or clips sideways (a wide table).
 * Leaf elements are measured: rows with negative gutters are made up by their columns' padding.
 */
export async function expectContentFits(container: Locator, where: string) {
  const outside = await container.evaluate((root) => {
    const style = getComputedStyle(root);
    const box = root.getBoundingClientRect();
    const left = box.left + root.clientLeft + Number.parseFloat(style.paddingLeft);
    const right = box.left + root.clientLeft + root.clientWidth - Number.parseFloat(style.paddingRight);
    const found: string[] = [];
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.childElementCount > 0 || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || (r.left >= left - 1 && r.right <= right + 1)) continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== root && !clipped; a = a.parentElement) {
        clipped = getComputedStyle(a).overflowX !== 'visible';
      }
      if (!clipped) found.push(`${el.outerHTML.slice(0, 100)} at ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return { found, left: Math.round(left), right: Math.round(right) };
  });
  assert.deepEqual(outside.found, [], `${where}: content outside ${outside.left}..${outside.right} px`);
}

/** The element is on screen and not covered by another one (a sticky table column, say). */
export async function expectUncovered(locator: Locator, where: string) {
  const hit = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const found = document.elementFromPoint(r.left + Math.min(r.width / 2, 8), r.top + r.height / 2);
    return el === found || el.contains(found) ? null : (found?.outerHTML.slice(0, 120) ?? 'nothing');
  });
  assert.equal(hit, null, `${where}: covered by ${hit}`);
}

/** The element lies within the screen's width. */
export async function expectOnScreen(locator: Locator, where: string) {
  const box = await locator.boundingBox();
  const screen = locator.page().viewportSize();
  assert.ok(box, `${where}: not shown`);
  assert.ok(screen, `${where}: no viewport`);
  assert.ok(box.x >= 0 && box.x + box.width <= screen.width + 0.5, `${where}: ${box.x}..${box.x + box.width} px`);
}

/**
 * Opens a drawer or dialog with `open`, checks that it fits the screen and that its `confirm`
 * button is reachable, takes a screenshot (`shot`), then closes it again (unless `close` is false:
 * the page is left next anyway).
 */
export async function expectUsableOverlay(
  page: Page,
  serverKey: RegExp,
  where: string,
  open: () => Promise<void>,
  confirm: Locator,
  { close = true, shot }: { close?: boolean; shot?: string } = {},
) {
  await open();
  const panel = page.locator('.ant-drawer-content-wrapper:visible, .ant-modal:visible').last();
  await confirm.waitFor();
  // (again until the opening animation has ended)
  await eventually(async () => {
    await expectOnScreen(panel, `${where}: the panel`);
    await expectOnScreen(confirm, `${where}: its confirm button`);
  }, 3_000);
  await expectContentFits(panel.locator('.ant-drawer-body, .ant-modal-body').first(), where);
  await expectTranslatedAndFitting(page, serverKey, where);
  if (shot) await page.screenshot({ path: artifact(shot) });
  if (!close) return;
  await panel.locator('.ant-drawer-close, .ant-modal-close').first().click();
  await panel.waitFor({ state: 'hidden' });
}

/** Clicks the "New" button of the list with test id `list`. */
export const newButton = (page: Page, list: string) =>
  page
    .getByTestId(list)
    .getByRole('button', { name: /\bNew$/ })
    .click();

/** The first cell of the first data row of the table inside the element with test id `list`. */
export const firstDataCell = (list: string) => (page: Page) =>
  page.getByTestId(list).locator('.ant-table-tbody tr.ant-table-row td').first();

/** One page of a sweep. */
export interface AdminPage {
  /** Path and query, as from a bookmark. */
  path: string;
  /** Test id of what shows once the page is there. */
  ready: string;
  /** A list's first data cell (its test id, or a locator), which must not be hidden behind other columns. */
  firstCell?: string | ((page: Page) => Locator);
  /** Drawers and dialogs of the page: how to open each, and the test id of its confirm button. */
  overlays?: Array<{ name: string; open(page: Page): Promise<void>; confirm: string }>;
  /** Screenshot name after `phone-en-` (default: the path's segments). */
  shot?: string;
}

type Overlay = NonNullable<AdminPage['overlays']>[number];

/** An overlay opened by a click on the element with test id `button` (or on each of `button`, in order). */
export const clickOverlay = (name: string, button: string | readonly string[], confirm: string): Overlay => ({
  name,
  open: async (page) => {
    for (const b of typeof button === 'string' ? [button] : button) await page.getByTestId(b).click();
  },
  confirm,
});

/**
 * The form a list's "New" button opens (overlay `new <what>`), confirmed by `<form>-form-submit`:
 * the form's test id is the list's unless it names a single record (`user` of `users`).
 */
export const newOverlay = (what: string, list: string, form = list): Overlay => ({
  name: `new ${what}`,
  open: (page) => newButton(page, list),
  confirm: `${form}-form-submit`,
});

/** A page that is ready when the row with test id `row` shows, a row no other column may cover. */
export const readyRow = (row: string) => ({ ready: row, firstCell: row });

/** A page of the list `list` (its first data cell checked) and the form of its "New" button (`new <what>`). */
export const listPage = (path: string, ready: string, list: string, what: string): AdminPage => ({
  path,
  ready,
  firstCell: firstDataCell(list),
  overlays: [newOverlay(what, list)],
});

/** Visits each page (a fresh load, as from a bookmark) and checks it and its overlays; screenshots to artifacts/. */
export async function checkPages(page: Page, app: Pick<PageSweep, 'server' | 'serverKey'>, pages: AdminPage[]) {
  for (const p of pages) {
    await page.goto(`${app.server.url}${p.path}`);
    await page.getByTestId(p.ready).first().waitFor();
    await expectPageShown(page);
    await expectTranslatedAndFitting(page, app.serverKey, p.path);
    await expectContentFits(page.locator('.app-content'), p.path);
    if (p.firstCell) {
      const cell = typeof p.firstCell === 'string' ? page.getByTestId(p.firstCell) : p.firstCell(page);
      await expectUncovered(cell.first(), p.path);
    }
    const shot = `phone-en-${p.shot ?? p.path.slice(1).replaceAll('/', '-')}`;
    await page.screenshot({ path: artifact(`${shot}.png`) });
    const overlays = p.overlays ?? [];
    for (const [i, o] of overlays.entries()) {
      const where = `${p.path} ${o.name}`;
      const last = i === overlays.length - 1 && p !== pages[pages.length - 1];
      await expectUsableOverlay(page, app.serverKey, where, () => o.open(page), page.getByTestId(o.confirm), {
        close: !last,
        shot: `${shot}-${o.name.replaceAll(' ', '-')}.png`,
      });
    }
  }
}

/** Signs in (on the page's viewport) after switching the sign-in page to English. */
export async function signInInEnglish(page: Page, baseUrl: string, account: Account) {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-option-en').click();
  // the English texts are in before the form is filled (they arrive apart and redraw it)
  await eventually(async () =>
    assert.doesNotMatch((await page.getByTestId('login-submit').textContent()) ?? '', /[\u4e00-\u9fff]/),
  );
  await signIn(page, baseUrl, account);
}

export interface PageSweep extends ServerAndBrowser {
  /** `Resource::Key` of one of the server's text resources (see `serverKeyPattern`). */
  readonly serverKey: RegExp;
  /** A fresh page on a 390 px phone, signed in `as` an account after switching the sign-in page to English. */
  withPhoneInEnglish(t: TestContext, as: Account, run: (page: Page) => Promise<void>): Promise<void>;
}

/** The server and browser of a file of page sweeps (see `useServerAndBrowser`), and the server's text key pattern. */
export function usePageSweep(): PageSweep {
  let serverKey: RegExp | undefined;
  const app = useServerAndBrowser({
    setup: async ({ server }) => {
      serverKey = await serverKeyPattern(server.url);
    },
  });
  return {
    get server() {
      return app.server;
    },
    get browser() {
      return app.browser;
    },
    withSignedInPage: app.withSignedInPage,
    get serverKey() {
      if (!serverKey) throw new Error("the server's text key pattern is read before the file's `before` built it");
      return serverKey;
    },
    withPhoneInEnglish: (t: TestContext, as: Account, run: (page: Page) => Promise<void>) =>
      withPage(
        app.browser,
        t,
        async (page) => {
          await signInInEnglish(page, app.server.url, as);
          await run(page);
        },
        { viewport: PHONE },
      ),
  };
}
