/**
 * Issue 5, notifications: the administrator sends an announcement from the send page; in another
 * signed-in browser context a staff user sees it arrive live (toast, badge), finds it on top of the
 * bell's 200 px panel (which loads 10 more at a time on scroll and keeps at most 20 after a push),
 * marks it read and it disappears with the badge going down; then the full inbox page and the
 * subscription switch. Screenshots go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  ADMIN,
  apiJson,
  artifact,
  DEMO_ADMIN,
  DESKTOP,
  eventually,
  jwtClaims,
  passwordToken,
  signIn,
  withPage,
} from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

let adminToken: string;
let staffId: string;

const STAFF = { tenant: 'demo', userName: 'li.na', password: ADMIN.password };
const EARLIER = 25;

const app = useServerAndBrowser({
  setup: async ({ server }) => {
    adminToken = (await passwordToken(server.url, DEMO_ADMIN)).access_token;
    staffId = String(jwtClaims((await passwordToken(server.url, STAFF)).access_token).sub);
  },
});

/** The unread count the bell shows (its badge), 0 when there is none. */
async function badge(page: Page): Promise<number> {
  const bell = page.getByTestId('notification-bell');
  return Number((await bell.getAttribute('data-unread')) ?? 'NaN');
}

async function badgeText(page: Page): Promise<string> {
  const count = page.getByTestId('notification-bell').locator('.ant-badge-count');
  return (await count.count()) ? ((await count.getAttribute('title')) ?? '') : '';
}

const items = (panel: Locator) => panel.getByTestId('notification-item');

async function scrollToEnd(panel: Locator) {
  await panel.getByTestId('notification-list').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
}

test('an announcement arrives live in another browser, is marked read and disappears', {
  timeout: 120_000,
}, async (t) => {
  // earlier notifications for the staff user: more than two panel pages
  for (let i = 1; i <= EARLIER; i++) {
    const res = await apiJson(app.server.url, '/api/notifications/send', {
      method: 'POST',
      token: adminToken,
      json: { data: { title: `Earlier ${i}`, message: `number ${i}` }, toUsers: [{ userId: staffId }] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }

  await withPage(app.browser, t, async (adminPage) => {
    const staffContext = await app.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    staffContext.setDefaultTimeout(15_000);
    const staffPage = await staffContext.newPage();
    const staffErrors: string[] = [];
    staffPage.on('pageerror', (e) => staffErrors.push(e.message));
    try {
      await signIn(staffPage, app.server.url, STAFF);
      const bell = staffPage.getByTestId('notification-bell');
      await eventually(async () => assert.equal(await bell.getAttribute('data-hub'), 'connected'));
      await eventually(async () => assert.equal(await badge(staffPage), EARLIER));
      assert.equal(await badgeText(staffPage), String(EARLIER));

      // the panel: 200 px high, 10 per page, more on scroll
      await bell.click();
      const panel = staffPage.getByTestId('notification-panel');
      await panel.waitFor();
      const list = panel.getByTestId('notification-list');
      // layout height (the dropdown's opening animation scales what boundingBox reports)
      assert.equal(await list.evaluate((el) => (el as HTMLElement).offsetHeight), 200);
      await eventually(async () => assert.equal(await items(panel).count(), 10));
      assert.match(String(await items(panel).first().textContent()), new RegExp(`Earlier ${EARLIER}`));
      await scrollToEnd(panel);
      await eventually(async () => assert.equal(await items(panel).count(), 20));
      await scrollToEnd(panel);
      await eventually(async () => assert.equal(await items(panel).count(), EARLIER));
      await staffPage.screenshot({ path: artifact('notifications-panel.png') });
      await staffPage.keyboard.press('Escape');

      // the administrator sends an announcement to everyone from the send page
      await signIn(adminPage, app.server.url, DEMO_ADMIN);
      await adminPage.goto(`${app.server.url}/notifications/send`);
      const form = adminPage.getByTestId('notification-send');
      await form.waitFor();
      await adminPage.getByTestId('notification-send-title').fill('Warehouse closed Friday');
      await adminPage.getByTestId('notification-send-message').fill('Stocktaking all day');
      await adminPage.getByTestId('notification-send-severity').click();
      await adminPage.locator('.ant-select-item-option').nth(2).click(); // Warn
      await adminPage.getByTestId('notification-send-submit').click();
      await adminPage.locator('.ant-message-success').waitFor();
      await adminPage.screenshot({ path: artifact('notifications-send.png') });

      // live in the other browser: toast, badge, on top of the list (which keeps 20)
      const toast = staffPage.locator('.app-notify-toast');
      await toast.waitFor();
      assert.match(String(await toast.textContent()), /Warehouse closed Friday/);
      assert.match(String(await toast.textContent()), /Stocktaking all day/);
      await eventually(async () => assert.equal(await badge(staffPage), EARLIER + 1));
      assert.equal(await badgeText(staffPage), String(EARLIER + 1));
      await staffPage.screenshot({ path: artifact('notifications-live-toast.png') });

      await bell.click();
      await panel.waitFor();
      await eventually(async () => assert.equal(await items(panel).count(), 20));
      const top = items(panel).first();
      assert.match(String(await top.textContent()), /Warehouse closed Friday/);
      const announcementId = String(await top.getAttribute('data-id'));

      // marked read: it leaves the list and the badge goes down
      // clicked again until it leaves: a click landing while the list re-renders is lost
      const announcement = panel.locator(`[data-id="${announcementId}"]`);
      await eventually(async () => {
        if (await announcement.count())
          await announcement.getByTestId('notification-mark-read').click({ timeout: 3_000 });
        await announcement.waitFor({ state: 'detached', timeout: 5_000 });
      }, 30_000);
      await eventually(async () => assert.equal(await badge(staffPage), EARLIER));
      assert.equal(await items(panel).count(), 19);
      await staffPage.screenshot({ path: artifact('notifications-marked-read.png') });
      const read = await apiJson<{ state: number }>(app.server.url, `/api/my-notifilers/${announcementId}`, {
        token: (await passwordToken(app.server.url, STAFF)).access_token,
      });
      assert.equal(read.body.state, 0);

      // view all: the full inbox, the announcement among the read ones
      await panel.getByTestId('notification-view-all').click();
      await staffPage.waitForURL((u) => u.pathname === '/message/notification');
      const inbox = staffPage.getByTestId('notification-inbox');
      await inbox.waitFor();
      // the read tab (the inbox's tabs are its read states)
      await staffPage.getByTestId('notification-inbox-tab-0').click();
      await eventually(async () => {
        const rows = inbox.locator('tbody tr.ant-table-row');
        assert.equal(await rows.count(), 1);
        assert.match(String(await rows.first().textContent()), /Warehouse closed Friday/);
      });
      await staffPage.screenshot({ path: artifact('notifications-inbox.png') });

      // subscriptions: the announcement switch is on by default
      await staffPage.getByTestId('notification-subscriptions-tab').click();
      const row = staffPage.locator(
        '[data-testid="notification-subscription"][data-name="Notifications.Announcement"]',
      );
      await row.waitFor();
      assert.equal(await row.locator('.ant-switch').getAttribute('aria-checked'), 'true');
      await row.locator('.ant-switch').click();
      await eventually(async () =>
        assert.equal(await row.locator('.ant-switch').getAttribute('aria-checked'), 'false'),
      );
      const subs = await apiJson<{ items: { name: string }[] }>(app.server.url, '/api/my-subscribes/all', {
        token: (await passwordToken(app.server.url, STAFF)).access_token,
      });
      // the announcement is off; the other modules' notifications keep their defaults
      const names = subs.body.items.map((i) => i.name);
      assert.ok(!names.includes('Notifications.Announcement'), names.join(', '));
      assert.deepEqual(staffErrors, [], 'uncaught errors in the staff page');
    } finally {
      await staffContext.close();
    }
  });
});
