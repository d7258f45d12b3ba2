import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { click, typeInto } from '../lib/testing/form-events.ts';
import { readConfig } from './config.ts';
import { currentPath, type FakeStoreServer, fakeStoreServer, KEY, openStore, SMALL, tab } from './fake-server.tsx';

/**
 * Browsing the storefront: the home page, a product, its options and stock, the cart it adds to
 * (made on the first add, its token remembered per site key), search, language and currency.
 */

let server: FakeStoreServer;
beforeEach(() => {
  localStorage.clear();
  server = fakeStoreServer();
});
afterEach(() => {
  expect(server.unhandled).toEqual([]);
});

describe('the storefront', () => {
  it('reads the site, the carousel and the products with the site key, in the site language', async () => {
    openStore('/');
    expect(await screen.findByText('春季新品')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('product-card').length).toBeGreaterThan(0));
    expect(screen.getByRole('link', { name: /小铺/ })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe('0');

    for (const r of server.requests) {
      expect(r.headers['x-site-key'], `${r.method} ${r.path}`).toBe(KEY);
      expect(r.headers['x-shopper-token']).toBeUndefined();
    }
    const products = server.sent('GET', '/api/store/products');
    expect(products.map((r) => r.query.get('homepage'))).toEqual(expect.arrayContaining(['true', null]));
    expect(products.every((r) => r.query.get('currency') === 'CNY' && r.query.get('language') === 'zh-Hans')).toBe(
      true,
    );
    expect(server.sent('GET', '/api/store/banners')[0].query.get('position')).toBe('HOME_CAROUSEL');
    // the price as the server wrote it, with the currency's symbol
    expect(screen.getAllByTestId('product-card')[0].textContent).toContain('¥99.00');
  });

  it('browses to a product and adds it to a new cart: POST /carts in the currency, then its lines', async () => {
    openStore('/');
    const card = (await screen.findAllByTestId('product-card')).find((c) => c.textContent?.includes('红色T恤'))!;
    await click(card);
    expect(currentPath()).toBe('/p/red-tee');
    const add = await screen.findByRole('button', { name: '加入购物车' });
    expect(screen.getByText('库存 5 件')).toBeTruthy();

    await click(screen.getByRole('button', { name: '增加数量' }));
    await click(add);
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    expect(screen.getByText(/已加入购物车/)).toBeTruthy();

    const made = server.sent('POST', '/api/store/carts');
    expect(made.map((r) => r.body)).toEqual([{ currency: 'CNY' }]);
    const lines = server.sent('POST', '/api/store/carts/cart-1/lines');
    expect(lines.map((r) => r.body)).toEqual([{ variantId: SMALL, quantity: 2 }]);
    expect(lines[0].headers['x-site-key']).toBe(KEY);
    expect(localStorage.getItem(`store:${KEY}:cart`)).toBe('cart-1');

    // a second add (the quantity chosen stays 2) goes to the same cart
    await click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('4'));
    expect(server.sent('POST', '/api/store/carts')).toHaveLength(1);

    await click(tab(/购物车/));
    const line = await screen.findByTestId('cart-line');
    expect(line.textContent).toContain('红色T恤');
    expect(line.textContent).toContain('¥396.00');
  });

  it('disables add to cart for an option out of stock', async () => {
    openStore('/p/red-tee');
    const add = await screen.findByTestId('add-to-cart');
    expect((add as HTMLButtonElement).disabled).toBe(false);
    await click(screen.getByRole('button', { name: 'L' }));
    expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('stock').textContent).toBe('缺货');
    await click(screen.getByRole('button', { name: 'S' }));
    expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(false);
    expect(server.sent('POST', '/api/store/carts')).toEqual([]);
  });

  it('makes a new cart when the one remembered is gone (404)', async () => {
    localStorage.setItem(`store:${KEY}:cart`, 'expired-cart');
    openStore('/p/red-tee');
    await screen.findByTestId('add-to-cart');
    await waitFor(() => expect(server.sent('GET', '/api/store/carts/expired-cart')).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(`store:${KEY}:cart`)).toBeNull());
    await click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    expect(server.sent('POST', '/api/store/carts/cart-1/lines')).toHaveLength(1);
    expect(localStorage.getItem(`store:${KEY}:cart`)).toBe('cart-1');
  });

  it('shows a product not found, and an empty cart', async () => {
    openStore('/p/nothing');
    expect(await screen.findByText('商品不存在或已下架')).toBeTruthy();
    await click(tab(/购物车/));
    expect(await screen.findByText('购物车是空的')).toBeTruthy();
  });

  it('searches the products with the words typed', async () => {
    openStore('/');
    await screen.findAllByTestId('product-card');
    await typeInto(screen.getByRole('searchbox', { name: '搜索商品' }), '马克杯');
    await click(screen.getByRole('button', { name: '搜索' }));
    expect(currentPath()).toBe('/search?q=%E9%A9%AC%E5%85%8B%E6%9D%AF');
    await waitFor(() => expect(server.sent('GET', '/api/store/products').some((r) => r.query.get('q') === '马克杯')));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1));
    expect(screen.getByTestId('product-card').textContent).toContain('蓝色马克杯');
    expect(screen.getByTestId('product-card').textContent).toContain('缺货');
  });

  it('switches to English: the texts, accept-language and the remembered choice', async () => {
    openStore('/p/red-tee');
    await screen.findByRole('button', { name: '加入购物车' });
    // the site's own language once the site is read (the browser's before: en-US here)
    const afterSite = server.requests.filter((r) => r.path !== '/api/store/site');
    expect(afterSite.map((r) => r.headers['accept-language'])).toEqual(afterSite.map(() => 'zh-Hans'));
    await click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Red T-shirt' })).toBeTruthy();
    expect(localStorage.getItem(`store:${KEY}:lang`)).toBe('en');
    const last = server.sent('GET', '/api/store/products/red-tee').at(-1)!;
    expect(last.headers['accept-language']).toBe('en');
    expect(last.query.get('language')).toBe('en');
  });

  it('starts in the language remembered', async () => {
    localStorage.setItem(`store:${KEY}:lang`, 'en');
    openStore('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
  });

  it('re-reads prices in another currency, and makes an empty cart again in it', async () => {
    openStore('/p/red-tee');
    await click(await screen.findByTestId('add-to-cart'));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    // empty the cart, then switch currency: the next add makes a USD cart
    await click(tab(/购物车/));
    await click(await screen.findByRole('button', { name: '删除 红色T恤' }));
    expect(await screen.findByText('购物车是空的')).toBeTruthy();
    expect(server.sent('DELETE', '/api/store/carts/cart-1/lines/line-1')).toHaveLength(1);

    await click(screen.getByLabelText('币种：CNY'));
    await click(screen.getByRole('button', { name: 'USD' }));
    expect(localStorage.getItem(`store:${KEY}:currency`)).toBe('USD');
    expect(localStorage.getItem(`store:${KEY}:cart`)).toBeNull();
    window.history.back();
    await waitFor(() => expect(currentPath()).toBe('/p/red-tee'));
    await waitFor(() => expect(screen.getByText('$13.90')).toBeTruthy());
    expect(server.sent('GET', '/api/store/products/red-tee').at(-1)!.query.get('currency')).toBe('USD');
    await click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    expect(server.sent('POST', '/api/store/carts').map((r) => r.body)).toEqual([
      { currency: 'CNY' },
      { currency: 'USD' },
    ]);
  });

  it('changes a quantity in the cart, the totals from the server', async () => {
    openStore('/p/red-tee');
    await click(await screen.findByTestId('add-to-cart'));
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('1'));
    await click(tab(/购物车/));
    const line = await screen.findByTestId('cart-line');
    await click(within(line).getByRole('button', { name: '增加数量 红色T恤' }));
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('¥198.00'));
    expect(server.sent('PATCH', '/api/store/carts/cart-1/lines/line-1').map((r) => r.body)).toEqual([{ quantity: 2 }]);
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    await click(screen.getByRole('button', { name: '去结算' }));
    expect(currentPath()).toBe('/checkout');
  });
});

describe('the store config', () => {
  it('reads the key and the base from the metas the server writes into store.html', () => {
    const doc = new DOMParser().parseFromString(
      '<html><head><meta name="store-key" content="pk_live_1"><meta name="store-base" content="/store/shop-a/"></head></html>',
      'text/html',
    );
    expect(readConfig(doc, { search: '?key=pk_other' })).toEqual({ key: 'pk_live_1', base: '/store/shop-a' });
  });

  it('under vite dev (no metas), takes ?key= and serves the store at /store.html', () => {
    sessionStorage.clear();
    const doc = new DOMParser().parseFromString('<html><head></head></html>', 'text/html');
    expect(readConfig(doc, { search: '?key=pk_dev' })).toEqual({ key: 'pk_dev', base: '/store.html' });
    // the key kept for the tab's later pages, whose addresses have no ?key=
    expect(readConfig(doc, { search: '' })).toEqual({ key: 'pk_dev', base: '/store.html' });
  });
});
