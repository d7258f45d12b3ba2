/**
 * Background jobs page: the host administrator finds it in the sidebar under administration and
 * sees the notification retention queue with its hourly schedule and the job list; a tenant
 * administrator has no such entry and is sent to the 401 page. Screenshot in e2e/artifacts/.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN, artifact, expectPageShown, pathOf, text } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

test('the host administrator opens the background jobs page from the sidebar', async (t) => {
  await app.withSignedInPage(t, { as: { tenant: '', ...ADMIN } }, async (page) => {
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('系统管理', { exact: false }).first().click();
    await sidebar.getByText('后台作业').click();
    await page.waitForURL((u) => u.pathname === '/admin/background-jobs');
    await expectPageShown(page);
    const retention = page.getByTestId('queue-notifications.retention');
    await retention.waitFor();
    assert.match(await text(retention), /0 \* \* \* \*/);
    await page.getByTestId('jobs').waitFor();
    await page.screenshot({ path: artifact('background-jobs.png'), fullPage: true });
  });
});

test('a tenant administrator has no background jobs page', async (t) => {
  await app.withSignedInPage(t, { as: { tenant: 'demo', ...ADMIN } }, async (page) => {
    assert.equal(await page.getByTestId('sidebar').getByText('后台作业').count(), 0);
    await page.goto(`${app.server.url}/admin/background-jobs`);
    await page.getByTestId('page-401').waitFor();
    assert.equal(pathOf(page), '/401');
  });
});
