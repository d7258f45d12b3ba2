/**
 * The CRM through the UI (tenant demo, Chinese), a salesman's day: zhang.wei creates a customer on
 * the customer editing page, logs a follow-up with a next-contact date, moves a business through
 * its stages on the kanban to won, and puts the customer in the public pool; liu.yang claims it
 * from the pool; zhang.wei writes the day's report, whose numbers (new customers, follow-ups, new
 * businesses, won amount) include that work, and sends it to liu.yang, who opens it (read mark)
 * and comments. Screenshots go to e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiItems, apiJson, artifact, eventually, jwtClaims, passwordToken, text } from '../support/app.ts';
import { type AdminPage, checkPages, newOverlay, usePageSweep } from '../support/page-checks.ts';

const app = usePageSweep();

const PASSWORD = '1q2w3E*';
const ZHANG = { tenant: 'demo', userName: 'zhang.wei', password: PASSWORD };
const LIU = { tenant: 'demo', userName: 'liu.yang', password: PASSWORD };
const REPORTS = '/api/crm/reports';
/** Wide enough for the kanban's every column side by side (a drag does not scroll the board). */
/** The demo staff work in China: the browser's day is the tenant's (Asia/Shanghai), also past UTC midnight. */
const CHINA = { timezoneId: 'Asia/Shanghai' };
const WIDE = { viewport: { width: 1920, height: 1000 }, ...CHINA };

interface Numbers {
  newCustomers: number;
  activities: number;
  newBusinesses: number;
  wonAmounts: { currency: string; amount: string }[];
}

/** Today in the demo tenant's time zone (the default, Asia/Shanghai), as the report's period of a day. */
const today = (at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);

/** The input or text area of an antd field by its test id (on the element itself or around it). */
async function field(page: Page, testid: string): Promise<Locator> {
  const el = page.getByTestId(testid);
  const tag = await el.evaluate((n) => n.tagName);
  return tag === 'INPUT' || tag === 'TEXTAREA' ? el : el.locator('input, textarea').first();
}

/** The number a statistic tile shows. */
async function tile(scope: Locator, testid: string): Promise<string> {
  return text(scope.getByTestId(testid).locator('.ant-statistic-content'));
}

const won = (n: Numbers, currency: string) => Number(n.wonAmounts.find((m) => m.currency === currency)?.amount ?? 0);

test('a salesman’s day: customer, follow-up, business won, pool and claim, the day’s report', {
  timeout: 300_000,
}, async (t) => {
  const zhang = (await passwordToken(app.server.url, ZHANG)).access_token;
  const day = today();
  const nextContact = today(new Date(Date.now() + 2 * 86_400_000));
  const numbersOf = async () =>
    (await apiJson<{ numbers: Numbers }>(app.server.url, `${REPORTS}/numbers?category=1&date=${day}`, { token: zhang }))
      .body.numbers;
  const before = await numbersOf();
  const stamp = Date.now().toString(36);
  const name = `e2e 星河贸易 ${stamp}`;
  const amount = 8800;
  let customerId = '';
  let poolCustomerId = '';
  let currency = 'CNY';

  /** Creates a customer on the editing page; the saved customer opens on the customer page. */
  const createCustomer = async (page: Page, customer: string, mobile: string) => {
    await page.goto(`${app.server.url}/crm/customer-editing`);
    await (await field(page, 'customer-form-name')).fill(customer);
    await (await field(page, 'customer-form-mobile')).fill(mobile);
    await page.getByTestId('customer-form-submit').click();
    await page.waitForURL((u) => u.pathname === '/crm/customer' && u.searchParams.has('id'));
    await page.getByTestId('customer-detail').waitFor();
    const id = new URL(page.url()).searchParams.get('id');
    assert.ok(id, 'the new customer opens');
    return id;
  };

  await app.withSignedInPage(t, { as: ZHANG, context: WIDE }, async (page) => {
    customerId = await createCustomer(page, name, `139${Date.now().toString().slice(-8)}`);

    // a follow-up with the next contact date, from the customer's follow-up tab
    await page.getByTestId('customer-tab-CrmActivity').click();
    await page.getByTestId('activity-create').click();
    await (await field(page, 'activity-form-content')).fill('电话沟通采购需求，客户要一份报价。');
    const next = await field(page, 'activity-form-next');
    await next.click();
    await next.fill(`${nextContact} 10:00`);
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await page.getByTestId('activity-form-submit').click();
    await page.getByTestId('activity-form-submit').waitFor({ state: 'hidden' });
    await eventually(async () => {
      const c = await apiJson<{ contactNextTime: string | null }>(app.server.url, `/api/crm/customers/${customerId}`, {
        token: zhang,
      });
      assert.ok(c.body.contactNextTime, 'the next contact is set');
      assert.equal(today(new Date(c.body.contactNextTime ?? 0)), nextContact);
    });
    await page.screenshot({ path: artifact('crm-follow-up.png') });

    // a business for it, from the customer's business tab
    await page.getByTestId('customer-tab-CrmBusiness').click();
    await page.getByTestId('customer-business-new').click();
    await (await field(page, 'business-form-name')).fill(`${name} 首单`);
    await (await field(page, 'business-form-amount')).fill(String(amount));
    await page.getByTestId('business-form-submit').click();
    const business = await eventually(async () => {
      const list = await apiItems<{ id: string; currency: string }>(
        app.server.url,
        `/api/crm/businesses?customerId=${customerId}`,
        zhang,
      );
      assert.equal(list.length, 1);
      return list[0];
    });
    currency = business.currency;

    // on the kanban: dragged stage by stage, then onto won (each move settled before the next)
    await page.goto(`${app.server.url}/crm/crm-business`);
    const search = await field(page, 'business-board-search');
    await search.fill(`${name} 首单`);
    await search.press('Enter');
    const card = page.getByTestId(`board-card-${business.id}`);
    await card.waitFor();
    const columns = page.getByTestId('business-board').locator('section');
    const stages = (await columns.count()) - 2; // then won and lost
    assert.ok(stages >= 2, 'a stage group of at least two stages');
    const boardReloaded = () =>
      page.waitForResponse((r) => r.url().includes('/api/crm/businesses/board') && r.request().method() === 'GET');
    for (let i = 1; i < stages; i++) {
      const reloaded = boardReloaded();
      await card.dragTo(columns.nth(i));
      await reloaded;
      await columns.nth(i).getByTestId(`board-card-${business.id}`).waitFor();
    }
    await page.screenshot({ path: artifact('crm-kanban-last-stage.png') });
    await card.dragTo(page.getByTestId('board-column-won'));
    await (await field(page, 'business-close-remark')).fill('客户确认下单');
    await page.getByTestId('business-close-ok').click();
    await page.getByTestId('board-column-won').getByTestId(`board-card-${business.id}`).waitFor();
    await eventually(async () => {
      const b = await apiJson<{ endStatus: number | null }>(app.server.url, `/api/crm/businesses/${business.id}`, {
        token: zhang,
      });
      assert.equal(b.body.endStatus, 1);
    });
    await page.screenshot({ path: artifact('crm-kanban-won.png') });

    // another new customer goes to the public pool, with a reason (a dealt one could not be claimed)
    poolCustomerId = await createCustomer(page, `e2e 云帆 ${stamp}`, `138${Date.now().toString().slice(-8)}`);
    await page.getByTestId('customer-put-back').click();
    await (await field(page, 'customer-put-back-reason')).fill('客户暂无采购计划');
    await page.getByTestId('customer-put-back-ok').click();
    await page.getByTestId('customer-put-back-ok').waitFor({ state: 'hidden' });
  });

  // liu.yang claims it from the pool
  const liu = (await passwordToken(app.server.url, LIU)).access_token;
  await app.withSignedInPage(t, { as: LIU, at: '/crm/public-customer', context: CHINA }, async (page) => {
    await page.getByTestId(`pool-claim-${poolCustomerId}`).click();
    await page.getByTestId(`pool-claim-ok-${poolCustomerId}`).click();
    await eventually(async () => {
      const mine = await apiJson<{ ownerUserId: string | null }>(
        app.server.url,
        `/api/crm/customers/${poolCustomerId}`,
        {
          token: liu,
        },
      );
      assert.equal(mine.status, 200);
      assert.equal(mine.body.ownerUserId, jwtClaims(liu).sub, 'liu.yang owns it');
    });
    await page.screenshot({ path: artifact('crm-pool-claimed.png') });
  });

  // the report: its numbers include the day's work
  await app.withSignedInPage(t, { as: ZHANG, at: '/crm/job-report', context: CHINA }, async (page) => {
    await page.getByTestId('reports').getByRole('button', { name: /新建/ }).click();
    const preview = page.getByTestId('report-form-numbers');
    await preview.waitFor();
    assert.match(await text(page.getByTestId('report-form-period')), new RegExp(day));
    await eventually(async () => {
      assert.equal(await tile(preview, 'report-form-numbers-newCustomers'), String(before.newCustomers + 2));
    });
    await (await field(page, 'report-form-content')).fill('新建客户并跟进，商机赢单后客户放入公海。');
    await (await field(page, 'report-form-plan')).fill('明天回访新客户。');
    await page.getByTestId('report-form-recipients').click();
    // the pick shows as a tag in the field before the dropdown closes (a busy browser may drop a click)
    const recipients = page.getByTestId('report-form-recipients');
    await eventually(async () => {
      if (!/liu\.yang/.test(await text(recipients)))
        await page.locator('.ant-select-item-option', { hasText: 'liu.yang' }).click();
      assert.match(await text(recipients), /liu\.yang/);
    });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: artifact('crm-report-form.png') });
    await page.getByTestId('report-form-submit').click();

    const detail = page.getByTestId('report-detail');
    await detail.waitFor();
    const after = await numbersOf();
    assert.equal(after.newCustomers, before.newCustomers + 2);
    assert.equal(after.activities, before.activities + 1);
    assert.equal(await tile(detail, 'report-numbers-newCustomers'), String(after.newCustomers));
    assert.equal(await tile(detail, 'report-numbers-activities'), String(after.activities));
    assert.equal(await tile(detail, 'report-numbers-newBusinesses'), String(after.newBusinesses));
    assert.equal(after.newBusinesses, before.newBusinesses + 1);
    assert.equal(won(after, currency), won(before, currency) + amount);
    // the tile groups thousands: 8,800.00 CNY
    assert.match(
      (await text(detail.getByTestId('report-numbers-won'))).replace(/[,\s]/g, ''),
      new RegExp(`${won(after, currency).toFixed(2)}${currency}`),
    );
    assert.equal(await page.getByTestId('report-recipient-liu.yang').getAttribute('data-read'), 'false');
    await page.screenshot({ path: artifact('crm-report-detail.png') });
  });

  // liu.yang finds it among received reports, opens it (read) and comments
  await app.withSignedInPage(t, { as: LIU, at: '/crm/job-report', context: CHINA }, async (page) => {
    await page.getByTestId('report-tab-received').click();
    await page.getByTestId(`report-open-${day}`).first().click();
    await page.getByTestId('report-detail').waitFor();
    await (await field(page, 'report-comment-input')).fill('收到，明天一起回访。');
    await page.getByTestId('report-comment-send').click();
    await page.getByTestId('report-comments').getByText('收到，明天一起回访。').waitFor();
  });

  await app.withSignedInPage(t, { as: ZHANG, at: '/crm/job-report', context: CHINA }, async (page) => {
    await page.getByTestId(`report-open-${day}`).first().click();
    await eventually(async () =>
      assert.equal(await page.getByTestId('report-recipient-liu.yang').getAttribute('data-read'), 'true'),
    );
    await page.getByTestId('report-comments').getByText('收到，明天一起回访。').waitFor();
    await page.screenshot({ path: artifact('crm-report-read.png') });
  });
});

/** The CRM's pages as the 390 px sweep of a tenant's pages checks them (page-checks.ts). */
const crmPages: AdminPage[] = [
  { path: '/crm/customer', ready: 'crm-customers' },
  { path: '/crm/customer-editing', ready: 'customer-form' },
  { path: '/crm/public-customer', ready: 'pool-customers' },
  { path: '/crm/activity', ready: 'activity-filters' },
  { path: '/crm/crm-business', ready: 'business-toolbar' },
  { path: '/crm/crm-order', ready: 'crm-orders' },
  { path: '/crm/address', ready: 'crm-addresses' },
  { path: '/crm/bank-account', ready: 'crm-bank-accounts' },
  { path: '/crm/social-account', ready: 'crm-social-accounts' },
  { path: '/crm/subscription', ready: 'crm-subscriptions' },
  { path: '/crm/tag', ready: 'crm-tags' },
  {
    path: '/crm/job-report',
    ready: 'report-tab-mine',
    overlays: [newOverlay('report', 'reports', 'report')],
  },
];

test('the CRM pages on a 390 px phone, in English', { timeout: 240_000 }, async (t) => {
  await app.withPhoneInEnglish(t, { tenant: 'demo', userName: 'admin', password: PASSWORD }, async (page) => {
    await checkPages(page, app, crmPages);
  });
});
