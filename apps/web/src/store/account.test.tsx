import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { click, typeInto } from '../lib/testing/form-events.ts';
import { currentPath, type FakeStoreServer, fakeStoreServer, KEY, openStore, refusal, tab } from './fake-server.tsx';

/**
 * The shopper's account: signing in and registering (the token kept per site key and sent as
 * `x-shopper-token`), their orders with the statuses in the shopper's language, signing out, and a
 * review of a product they received.
 */

let server: FakeStoreServer;
beforeEach(() => {
  localStorage.clear();
  server = fakeStoreServer();
});
afterEach(() => {
  expect(server.unhandled).toEqual([]);
});

const TOKEN_KEY = `store:${KEY}:shopper`;

async function signIn(email = 'amy@example.com', password = 'secret123') {
  await typeInto(await screen.findByLabelText('邮箱'), email);
  await typeInto(screen.getByLabelText('密码'), password);
  await click(screen.getByRole('button', { name: '登录' }));
}

describe('the account', () => {
  it('signs in: keeps the token and sends it for the shopper and their orders', async () => {
    openStore('/account');
    await signIn();

    expect(server.sent('POST', '/api/store/auth/token').map((r) => r.body)).toEqual([
      { email: 'amy@example.com', password: 'secret123' },
    ]);
    const rows = await screen.findAllByTestId('order-row');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('st_amy');
    const orders = server.sent('GET', '/api/store/customers/me/orders');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((r) => r.headers['x-shopper-token'] === 'st_amy' && r.headers['x-site-key'] === KEY)).toBe(
      true,
    );
    expect(server.sent('GET', '/api/store/customers/me')[0].headers['x-shopper-token']).toBe('st_amy');
    expect(await screen.findByText('你好，Amy')).toBeTruthy();

    // statuses in Chinese; the shipped one with its tracking number and a review link per product
    expect(rows.map((r) => within(r).getByTestId('order-status').textContent)).toEqual(['已发货', '待付款']);
    expect(within(rows[0]).getByTestId('tracking-no').textContent).toContain('YT123456');
    expect(within(rows[0]).getByRole('link', { name: '写评价' }).getAttribute('href')).toBe(
      '/store/demo/p/red-tee#review',
    );
    expect(within(rows[1]).queryByRole('link', { name: '写评价' })).toBeNull();
    expect(within(rows[1]).queryByTestId('tracking-no')).toBeNull();
  });

  it('shows the refusal of a wrong password and keeps no token', async () => {
    openStore('/account');
    await signIn('amy@example.com', 'wrong-one1');
    expect((await screen.findByRole('alert')).textContent).toContain('邮箱或密码不正确');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(server.sent('GET', '/api/store/customers/me/orders')).toEqual([]);
  });

  it("registers, showing the server's message at the field it refuses", async () => {
    server.on('POST', '/api/store/customers', (req) =>
      (req.body as { password: string }).password.length < 8
        ? refusal('您的请求无效', { password: '密码至少 8 位' })
        : { token: 'st_new', expiresAt: '2026-12-31T00:00:00.000Z' },
    );
    openStore('/account');
    await click(await screen.findByRole('button', { name: '还没有账号？创建账号' }));
    await typeInto(screen.getByLabelText('邮箱'), 'new@example.com');
    await typeInto(screen.getByLabelText('密码'), 'short');
    await typeInto(screen.getByLabelText('姓名'), 'Neo');
    await click(screen.getByRole('button', { name: '注册' }));

    const password = screen.getByLabelText('密码');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(password.closest('.field')?.textContent).toContain('密码至少 8 位');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    // the new shopper, without orders
    server.on('GET', '/api/store/customers/me', () => ({
      email: 'new@example.com',
      name: 'Neo',
      phone: null,
      creationTime: '2026-03-01T00:00:00.000Z',
    }));
    server.on('GET', '/api/store/customers/me/orders', () => ({ items: [] }));
    await typeInto(password, 'longer123');
    await click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBe('st_new'));
    expect(server.sent('POST', '/api/store/customers').at(-1)?.body).toEqual({
      email: 'new@example.com',
      password: 'longer123',
      name: 'Neo',
      phone: null,
    });
    expect(await screen.findByText('还没有订单')).toBeTruthy();
  });

  it('signs out: deletes the token on the server, forgets it here', async () => {
    localStorage.setItem(TOKEN_KEY, 'st_amy');
    openStore('/account');
    await screen.findAllByTestId('order-row');
    await click(screen.getByRole('button', { name: '退出' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    const deleted = server.sent('DELETE', '/api/store/auth/token');
    expect(deleted).toHaveLength(1);
    expect(deleted[0].headers['x-shopper-token']).toBe('st_amy');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('forgets a token the server no longer knows', async () => {
    localStorage.setItem(TOKEN_KEY, 'st_expired');
    openStore('/account');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('writes a review from an order: sent with the token, waiting for approval', async () => {
    localStorage.setItem(TOKEN_KEY, 'st_amy');
    openStore('/account');
    const [shipped] = await screen.findAllByTestId('order-row');
    await click(within(shipped).getByRole('link', { name: '写评价' }));
    expect(currentPath()).toBe('/p/red-tee');
    expect(window.location.hash).toBe('#review');

    const form = await screen.findByTestId('review-form');
    expect(await screen.findAllByTestId('review-item')).toHaveLength(1);
    await click(within(form).getByRole('radio', { name: '4 星' }));
    await typeInto(within(form).getByLabelText('评价内容'), '颜色很正');
    await click(within(form).getByRole('button', { name: '提交评价' }));

    expect((await within(form).findByRole('status')).textContent).toBe('感谢您的评价！审核通过后将显示。');
    const sent = server.sent('POST', '/api/store/products/red-tee/reviews');
    expect(sent.map((r) => r.body)).toEqual([{ rating: 4, title: null, text: '颜色很正' }]);
    expect(sent[0].headers['x-shopper-token']).toBe('st_amy');
    // a review waiting for approval is not listed
    expect(screen.getAllByTestId('review-item')).toHaveLength(1);
  });

  it('shows the statuses in English, and asks a signed-out shopper to sign in to review', async () => {
    localStorage.setItem(`store:${KEY}:lang`, 'en');
    localStorage.setItem(TOKEN_KEY, 'st_amy');
    openStore('/account');
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((r) => within(r).getByTestId('order-status').textContent)).toEqual(['Shipped', 'Awaiting payment']);
    expect(server.sent('GET', '/api/store/customers/me/orders')[0].headers['accept-language']).toBe('en');
    await click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    await click(tab(/Home/));
    await click((await screen.findAllByTestId('product-card'))[0]);
    expect(await screen.findByRole('link', { name: 'Sign in to write a review' })).toBeTruthy();
    expect(screen.queryByTestId('review-form')).toBeNull();
  });
});
