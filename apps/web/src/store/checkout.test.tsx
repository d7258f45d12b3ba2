import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { click, typeInto } from '../lib/testing/form-events.ts';
import {
  currentPath,
  EXPRESS,
  type FakeStoreServer,
  fakeStoreServer,
  KEY,
  openStore,
  refusal,
  SMALL,
  tab,
} from './fake-server.tsx';

/**
 * Checkout: the e-mail and address saved to the cart, the delivery options of that address, the
 * delivery and payment chosen, the order placed (the cart forgotten, its number shown); the
 * server's refusals shown at their fields.
 */

let server: FakeStoreServer;
beforeEach(() => {
  localStorage.clear();
  server = fakeStoreServer();
});
afterEach(() => {
  expect(server.unhandled).toEqual([]);
});

/** A cart with one red T-shirt, on the checkout page. */
async function toCheckout() {
  openStore('/p/red-tee');
  await click(await screen.findByTestId('add-to-cart'));
  await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
  await click(tab(/购物车/));
  await click(await screen.findByRole('button', { name: '去结算' }));
  expect(currentPath()).toBe('/checkout');
  await screen.findByLabelText('邮箱');
}

async function fillAddress() {
  await typeInto(screen.getByLabelText('邮箱'), 'amy@example.com');
  await typeInto(screen.getByLabelText('收货人'), 'Amy Lee');
  await typeInto(screen.getByLabelText('电话'), '13800000000');
  await typeInto(screen.getByLabelText('详细地址'), '1 Nanjing Road');
  await typeInto(screen.getByLabelText('城市'), 'Shanghai');
}

const placeOrder = () => screen.getByTestId('place-order') as HTMLButtonElement;

/** The cart calls of checkout, in the order sent. */
const checkoutCalls = (server: FakeStoreServer) =>
  server.calls().filter((c) => /\/carts\/cart-1\/(address|shipping|shipping-options|complete)$/.test(c));

describe('checkout', () => {
  it('sends the address, the delivery and the order in turn, then shows the order number', async () => {
    await toCheckout();
    expect(placeOrder().disabled).toBe(true);
    expect(screen.getByRole('button', { name: '提交订单' })).toBe(placeOrder());
    await fillAddress();
    expect((screen.getByLabelText('国家/地区') as HTMLSelectElement).value).toBe('CN');
    await click(screen.getByRole('button', { name: '保存地址，选择配送方式' }));

    const express = await screen.findByRole('radio', { name: /顺丰快递/ });
    expect(screen.getByRole('radio', { name: /邮政小包/ }).closest('label')?.textContent).toContain('免运费');
    expect(placeOrder().disabled).toBe(true);
    await click(express);
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('¥111.00'));
    await click(screen.getByRole('radio', { name: '支付宝' }));
    await typeInto(screen.getByLabelText('订单备注（选填）'), '请尽快发货');
    expect(placeOrder().disabled).toBe(false);
    await click(placeOrder());

    expect((await screen.findByTestId('order-no')).textContent).toBe('SO-1001');
    expect(currentPath()).toBe('/orders/SO-1001');
    expect(screen.getByText('订单已提交')).toBeTruthy();
    expect(checkoutCalls(server)).toEqual([
      'PUT /api/store/carts/cart-1/address',
      'GET /api/store/carts/cart-1/shipping-options',
      'PUT /api/store/carts/cart-1/shipping',
      'POST /api/store/carts/cart-1/complete',
    ]);
    expect(server.sent('PUT', '/api/store/carts/cart-1/address')[0].body).toEqual({
      email: 'amy@example.com',
      address: {
        name: 'Amy Lee',
        phone: '13800000000',
        line1: '1 Nanjing Road',
        line2: null,
        city: 'Shanghai',
        state: null,
        postCode: null,
        countryCode: 'CN',
      },
    });
    expect(server.sent('PUT', '/api/store/carts/cart-1/shipping')[0].body).toEqual({ channelId: EXPRESS });
    const complete = server.sent('POST', '/api/store/carts/cart-1/complete')[0];
    expect(complete.body).toEqual({ paymentType: 'Alipay', note: '请尽快发货' });
    expect(complete.headers['x-site-key']).toBe(KEY);
    // the cart is done: forgotten, the badge empty
    expect(localStorage.getItem(`store:${KEY}:cart`)).toBeNull();
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
  });

  it("shows the server's refusal at the fields it names, and asks no delivery options", async () => {
    server.on('PUT', '/api/store/carts/:token/address', () =>
      refusal('您的请求无效', { 'address.line1': '详细地址太短', email: '邮箱格式不正确' }),
    );
    await toCheckout();
    await fillAddress();
    await click(screen.getByRole('button', { name: '保存地址，选择配送方式' }));

    expect((await screen.findByRole('alert')).textContent).toContain('您的请求无效');
    const line1 = screen.getByLabelText('详细地址');
    expect(line1.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(line1.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('详细地址太短');
    expect(line1.closest('.field')?.textContent).toContain('详细地址太短');
    expect(screen.getByLabelText('邮箱').closest('.field')?.textContent).toContain('邮箱格式不正确');
    expect(screen.getByLabelText('城市').getAttribute('aria-invalid')).toBeNull();
    expect(server.sent('GET', '/api/store/carts/cart-1/shipping-options')).toEqual([]);
    expect(placeOrder().disabled).toBe(true);
  });

  it('keeps Place order disabled while the order is sent, and shows a refusal of it', async () => {
    let answer: (value: unknown) => void = () => {};
    server.on('POST', '/api/store/carts/:token/complete', () => new Promise((resolve) => (answer = resolve)));
    await toCheckout();
    await fillAddress();
    await click(screen.getByRole('button', { name: '保存地址，选择配送方式' }));
    await click(await screen.findByRole('radio', { name: /邮政小包/ }));
    await waitFor(() => expect(placeOrder().disabled).toBe(false));
    await click(placeOrder());
    await waitFor(() => expect(server.sent('POST', '/api/store/carts/cart-1/complete')).toHaveLength(1));
    expect(placeOrder().disabled).toBe(true);
    // the order refused (the stock taken meanwhile): the message, the cart kept, the button back
    answer(refusal('库存不足：红色T恤'));
    expect((await screen.findByRole('alert')).textContent).toContain('库存不足：红色T恤');
    await waitFor(() => expect(placeOrder().disabled).toBe(false));
    expect(localStorage.getItem(`store:${KEY}:cart`)).toBe('cart-1');
    expect(server.sent('POST', '/api/store/carts/cart-1/complete')[0].body).toEqual({
      paymentType: 'Cash',
      note: null,
    });
  });

  it('opened again later, shows the address saved with the cart and its delivery options at once', async () => {
    server.carts.set('cart-9', {
      token: 'cart-9',
      status: 'ACTIVE',
      currency: 'CNY',
      email: 'amy@example.com',
      address: {
        name: 'Amy Lee',
        phone: '13800000000',
        line1: '1 Nanjing Road',
        line2: null,
        city: 'Shanghai',
        state: null,
        postCode: null,
        countryCode: 'CN',
      },
      lines: [
        {
          id: 'line-1',
          siteProductId: 'p-tee',
          slug: 'red-tee',
          variantId: SMALL,
          sku: 'TEE-S',
          title: '红色T恤',
          label: 'S',
          imageUrl: null,
          quantity: 1,
          unitPrice: '99.00',
          amount: '99.00',
        },
      ],
      itemCount: 1,
      subtotal: '99.00',
      shipping: null,
      total: '99.00',
      orderNo: null,
    });
    localStorage.setItem(`store:${KEY}:cart`, 'cart-9');
    openStore('/checkout');
    expect((await screen.findByTestId('address-summary')).textContent).toContain('1 Nanjing Road');
    expect(await screen.findByRole('radio', { name: /顺丰快递/ })).toBeTruthy();
    expect(screen.queryByLabelText('邮箱')).toBeNull();
    expect(server.calls().filter((c) => c.includes('/carts/cart-9'))).toEqual([
      'GET /api/store/carts/cart-9',
      'GET /api/store/carts/cart-9/shipping-options',
    ]);
    // the address can still be changed
    await click(screen.getByRole('button', { name: '修改' }));
    expect((screen.getByLabelText('详细地址') as HTMLInputElement).value).toBe('1 Nanjing Road');
  });

  it('shows an empty cart instead of a form when there is nothing to buy', async () => {
    openStore('/checkout');
    expect(await screen.findByText('购物车是空的')).toBeTruthy();
    expect(screen.queryByTestId('place-order')).toBeNull();
  });
});
