import { render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { StoreApp } from './App.tsx';
import type {
  Article,
  Banner,
  Cart,
  CartLine,
  Category,
  Lang,
  Order,
  ProductDetail,
  Review,
  ShippingOption,
  Site,
} from './types.ts';

/**
 * The Storefront API, faked for the store's tests: a small server object holding a site, its
 * catalogue, carts, shoppers and orders, answering `fetch` as the real one does (JSON, the ABP error
 * envelope) and recording every request (method, path, query, headers, body) for the test to check.
 * Test code only: nothing of the app imports it.
 */

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
type Handler = (req: SentRequest, params: Record<string, string>) => Reply | unknown;

export const refusal = (message: string, fields: Record<string, string> = {}, status = 400): Reply => ({
  status,
  body: {
    error: {
      code: null,
      message,
      details: null,
      data: null,
      validationErrors: Object.keys(fields).length
        ? Object.entries(fields).map(([member, m]) => ({ message: m, members: [member] }))
        : null,
    },
  },
});

const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';

export const SITE: Site = {
  name: '小铺',
  code: 'demo',
  defaultLanguage: 'zh-Hans',
  languages: ['zh-Hans', 'en'],
  defaultCurrency: 'CNY',
  currencies: ['CNY', 'USD'],
  timeZone: 'Asia/Shanghai',
  logoUrl: null,
  company: { name: 'Demo Co.', address: '1 Demo Road', phone: '+86 123', email: 'hi@demo.test', vat: null },
  seo: { title: 'Demo Shop', description: 'The demo shop', keywords: null },
  paymentTypes: ['Cash', 'Alipay'],
};

export const SMALL = '11111111-1111-4111-8111-111111111111';
export const LARGE = '22222222-2222-4222-8222-222222222222';
export const MUG = '33333333-3333-4333-8333-333333333333';
export const EXPRESS = '44444444-4444-4444-8444-444444444444';
export const POST = '55555555-5555-4555-8555-555555555555';

/** Prices per currency (the server converts; the fake just knows both). */
const PRICES: Record<string, Record<string, string>> = {
  [SMALL]: { CNY: '99.00', USD: '13.90' },
  [LARGE]: { CNY: '109.00', USD: '15.30' },
  [MUG]: { CNY: '39.50', USD: '5.50' },
};
const TITLES: Record<string, Record<Lang, string>> = {
  'red-tee': { 'zh-Hans': '红色T恤', en: 'Red T-shirt' },
  'blue-mug': { 'zh-Hans': '蓝色马克杯', en: 'Blue mug' },
};

function detail(slug: string, currency: string, lang: Lang): ProductDetail {
  const title = TITLES[slug][lang];
  if (slug === 'red-tee')
    return {
      id: 'p-tee',
      slug,
      title,
      imageUrl: '/img/tee.jpg',
      currency,
      price: PRICES[SMALL][currency],
      compareAtPrice: null,
      rating: 4.5,
      reviewCount: 1,
      inStock: true,
      description: '<p>Soft cotton</p>',
      images: ['/img/tee.jpg', '/img/tee-back.jpg'],
      categories: [{ name: '服装', slug: 'clothes' }],
      allowReviews: true,
      variants: [
        {
          variantId: SMALL,
          sku: 'TEE-S',
          label: 'S',
          price: PRICES[SMALL][currency],
          compareAtPrice: null,
          imageUrl: null,
          available: 5,
        },
        {
          variantId: LARGE,
          sku: 'TEE-L',
          label: 'L',
          price: PRICES[LARGE][currency],
          compareAtPrice: null,
          imageUrl: null,
          available: 0,
        },
      ],
    };
  return {
    id: 'p-mug',
    slug,
    title,
    imageUrl: null,
    currency,
    price: PRICES[MUG][currency],
    compareAtPrice: null,
    rating: null,
    reviewCount: 0,
    inStock: false,
    description: '',
    images: [],
    categories: [{ name: '家居', slug: 'home' }],
    allowReviews: true,
    variants: [
      {
        variantId: MUG,
        sku: 'MUG',
        label: '',
        price: PRICES[MUG][currency],
        compareAtPrice: null,
        imageUrl: null,
        available: 0,
      },
    ],
  };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (value: number) => (value / 100).toFixed(2);

export const SHIPPING: ShippingOption[] = [
  {
    channelId: EXPRESS,
    name: '顺丰快递',
    carrierName: 'SF',
    fee: '12.00',
    currency: 'CNY',
    minDays: 1,
    maxDays: 3,
  },
  {
    channelId: POST,
    name: '邮政小包',
    carrierName: 'China Post',
    fee: '0.00',
    currency: 'CNY',
    minDays: 5,
    maxDays: 9,
  },
];

const order = (orderNo: string, status: string, trackingNo: string | null): Order => ({
  orderNo,
  status,
  currency: 'CNY',
  goodsAmount: '99.00',
  shippingFee: '12.00',
  total: '111.00',
  paymentType: 'Cash',
  paidAt: null,
  orderedAt: '2026-03-01T08:00:00.000Z',
  shippedAt: trackingNo ? '2026-03-02T08:00:00.000Z' : null,
  trackingNo,
  lines: [{ sku: 'TEE-S', name: '红色T恤', slug: 'red-tee', quantity: 1, unitPrice: '99.00', amount: '99.00' }],
});

export interface Shopper {
  email: string;
  password: string;
  name: string;
  phone: string | null;
  token: string;
  orders: Order[];
}

/** Installs the fake as `fetch` (restored after the test by the config's `restoreMocks`). */
export function fakeStoreServer() {
  const requests: SentRequest[] = [];
  const unhandled: string[] = [];
  const carts = new Map<string, Cart>();
  const shoppers: Shopper[] = [
    {
      email: 'amy@example.com',
      password: 'secret123',
      name: 'Amy',
      phone: null,
      token: 'st_amy',
      orders: [order('SO-2001', 'Shipped', 'YT123456'), order('SO-2002', 'Pending', null)],
    },
  ];
  const reviews: Review[] = [
    {
      id: 'r-1',
      rating: 5,
      title: '很好',
      text: '穿着舒服',
      shopperName: 'Bob',
      verifiedPurchase: true,
      reply: null,
      creationTime: '2026-02-01T00:00:00.000Z',
    },
  ];
  const banners: Banner[] = [
    {
      position: 'HOME_CAROUSEL',
      title: '春季新品',
      subtitle: null,
      imageUrl: '/img/spring.jpg',
      mobileImageUrl: null,
      link: null,
      altText: null,
    },
  ];
  const categories: Category[] = [
    {
      id: 'c-1',
      parentId: null,
      name: '服装',
      slug: 'clothes',
      description: null,
      imageUrl: null,
      productCount: 1,
    },
    { id: 'c-2', parentId: null, name: '家居', slug: 'home', description: null, imageUrl: null, productCount: 1 },
  ];
  const articles: Article[] = [
    {
      slug: 'about',
      language: 'zh-Hans',
      title: '关于我们',
      summary: null,
      coverImageUrl: null,
      tags: [],
      isPinned: false,
      publishedAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  let nextCart = 1;
  let nextOrder = 1001;

  const shopperOf = (req: SentRequest) => shoppers.find((s) => s.token === req.headers['x-shopper-token']);
  const langOf = (req: SentRequest): Lang => (req.query.get('language') === 'en' ? 'en' : 'zh-Hans');

  const total = (cart: Cart): Cart => {
    const subtotal = cart.lines.reduce((sum, l) => sum + cents(l.amount), 0);
    const shipping = cart.shipping ? cents(cart.shipping.fee) : 0;
    return {
      ...cart,
      itemCount: cart.lines.reduce((n, l) => n + l.quantity, 0),
      subtotal: decimal(subtotal),
      total: decimal(subtotal + shipping),
    };
  };
  const cartOf = (token: string) => carts.get(token);
  const notFound = () => refusal('没有找到', {}, 404);

  const routes: [string, RegExp, Handler][] = [];
  const on = (method: string, pattern: string, handler: Handler) => {
    const names: string[] = [];
    const regex = new RegExp(
      `^${pattern.replace(/:(\w+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    routes.unshift([
      method,
      regex,
      (req, params) => handler(req, Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(params[i])]))),
    ]);
  };

  on('GET', '/api/store/site', () => SITE);
  on('GET', '/api/store/banners', (req) => ({
    items: banners.filter((b) => b.position === req.query.get('position')),
  }));
  on('GET', '/api/store/categories', () => ({ items: categories }));
  on('GET', '/api/store/articles', () => ({ items: articles }));
  on('GET', '/api/store/products', (req) => {
    const currency = req.query.get('currency') ?? 'CNY';
    let all = ['red-tee', 'blue-mug'].map((slug) => detail(slug, currency, langOf(req)));
    const category = req.query.get('category');
    if (category) all = all.filter((p) => p.categories.some((c) => c.slug === category));
    const q = req.query.get('q');
    if (q) all = all.filter((p) => p.title.toLowerCase().includes(q.toLowerCase()));
    if (req.query.get('homepage') === 'true') all = all.filter((p) => p.slug === 'red-tee');
    const items = all.map(
      ({ description: _d, images: _i, categories: _c, allowReviews: _a, variants: _v, ...product }) => product,
    );
    return { totalCount: items.length, items };
  });
  on('GET', '/api/store/products/:slug', (req, { slug }) =>
    TITLES[slug] ? detail(slug, req.query.get('currency') ?? 'CNY', langOf(req)) : notFound(),
  );
  on('GET', '/api/store/products/:slug/reviews', () => ({ totalCount: reviews.length, items: reviews }));
  on('POST', '/api/store/products/:slug/reviews', (req) => {
    const shopper = shopperOf(req);
    if (!shopper) return refusal('请先登录', {}, 401);
    const body = req.body as { rating: number; title: string | null; text: string };
    if (!body.text?.trim()) return refusal('输入无效', { text: '评价内容不能为空' });
    return {
      id: `r-${reviews.length + 1}`,
      ...body,
      shopperName: shopper.name,
      verifiedPurchase: true,
      reply: null,
      creationTime: '2026-03-05T00:00:00.000Z',
      status: 'PENDING',
    };
  });

  on('POST', '/api/store/carts', (req) => {
    const token = `cart-${nextCart++}`;
    const cart: Cart = total({
      token,
      status: 'ACTIVE',
      currency: (req.body as { currency?: string }).currency ?? 'CNY',
      email: null,
      address: null,
      lines: [],
      itemCount: 0,
      subtotal: '0.00',
      shipping: null,
      total: '0.00',
      orderNo: null,
    });
    carts.set(token, cart);
    return cart;
  });
  on('GET', '/api/store/carts/:token', (_req, { token }) => cartOf(token) ?? notFound());
  on('POST', '/api/store/carts/:token/lines', (req, { token }) => {
    const cart = cartOf(token);
    if (!cart) return notFound();
    const { variantId, quantity } = req.body as { variantId: string; quantity: number };
    const price = PRICES[variantId]?.[cart.currency];
    if (!price) return refusal('没有这个商品');
    const existing = cart.lines.find((l) => l.variantId === variantId);
    const lines: CartLine[] = existing
      ? cart.lines.map((l) =>
          l === existing
            ? { ...l, quantity: l.quantity + quantity, amount: decimal(cents(price) * (l.quantity + quantity)) }
            : l,
        )
      : [
          ...cart.lines,
          {
            id: `line-${cart.lines.length + 1}`,
            siteProductId: variantId === MUG ? 'p-mug' : 'p-tee',
            slug: variantId === MUG ? 'blue-mug' : 'red-tee',
            variantId,
            sku: variantId === MUG ? 'MUG' : variantId === SMALL ? 'TEE-S' : 'TEE-L',
            title: variantId === MUG ? '蓝色马克杯' : '红色T恤',
            label: variantId === SMALL ? 'S' : variantId === LARGE ? 'L' : '',
            imageUrl: null,
            quantity,
            unitPrice: price,
            amount: decimal(cents(price) * quantity),
          },
        ];
    const next = total({ ...cart, lines });
    carts.set(token, next);
    return next;
  });
  on('PATCH', '/api/store/carts/:token/lines/:lineId', (req, { token, lineId }) => {
    const cart = cartOf(token);
    if (!cart) return notFound();
    const { quantity } = req.body as { quantity: number };
    const lines = cart.lines
      .map((l) => (l.id === lineId ? { ...l, quantity, amount: decimal(cents(l.unitPrice) * quantity) } : l))
      .filter((l) => l.quantity > 0);
    const next = total({ ...cart, lines });
    carts.set(token, next);
    return next;
  });
  on('DELETE', '/api/store/carts/:token/lines/:lineId', (_req, { token, lineId }) => {
    const cart = cartOf(token);
    if (!cart) return notFound();
    const next = total({ ...cart, lines: cart.lines.filter((l) => l.id !== lineId) });
    carts.set(token, next);
    return next;
  });
  on('PUT', '/api/store/carts/:token/address', (req, { token }) => {
    const cart = cartOf(token);
    if (!cart) return notFound();
    const body = req.body as { email: string; address: Cart['address'] };
    const next = total({ ...cart, email: body.email, address: body.address, shipping: null });
    carts.set(token, next);
    return next;
  });
  on('GET', '/api/store/carts/:token/shipping-options', (_req, { token }) =>
    cartOf(token) ? { items: SHIPPING } : notFound(),
  );
  on('PUT', '/api/store/carts/:token/shipping', (req, { token }) => {
    const cart = cartOf(token);
    if (!cart) return notFound();
    const option = SHIPPING.find((o) => o.channelId === (req.body as { channelId: string }).channelId);
    if (!option) return refusal('无效的配送方式', { channelId: '无效的配送方式' });
    const next = total({ ...cart, shipping: option });
    carts.set(token, next);
    return next;
  });
  on('POST', '/api/store/carts/:token/complete', (req, { token }) => {
    const cart = cartOf(token);
    if (!cart) return notFound();
    const body = req.body as { paymentType: string };
    const placed: Order = {
      orderNo: `SO-${nextOrder++}`,
      status: 'Pending',
      currency: cart.currency,
      goodsAmount: cart.subtotal,
      shippingFee: cart.shipping?.fee ?? '0.00',
      total: cart.total,
      paymentType: body.paymentType,
      paidAt: null,
      orderedAt: '2026-03-05T10:00:00.000Z',
      shippedAt: null,
      trackingNo: null,
      lines: cart.lines.map((l) => ({
        sku: l.sku,
        name: l.title,
        slug: l.slug,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        amount: l.amount,
      })),
    };
    carts.set(token, { ...cart, status: 'CONVERTED', orderNo: placed.orderNo });
    shopperOf(req)?.orders.unshift(placed);
    return placed;
  });

  on('POST', '/api/store/customers', (req) => {
    const body = req.body as { email: string; password: string; name: string; phone: string | null };
    if (shoppers.some((s) => s.email === body.email)) return refusal('输入无效', { email: '该邮箱已注册' });
    const shopper: Shopper = { ...body, token: `st_${shoppers.length + 1}`, orders: [] };
    shoppers.push(shopper);
    return { token: shopper.token, expiresAt: '2026-12-31T00:00:00.000Z' };
  });
  on('POST', '/api/store/auth/token', (req) => {
    const body = req.body as { email: string; password: string };
    const shopper = shoppers.find((s) => s.email === body.email && s.password === body.password);
    return shopper
      ? { token: shopper.token, expiresAt: '2026-12-31T00:00:00.000Z' }
      : refusal('邮箱或密码不正确', {}, 400);
  });
  on('DELETE', '/api/store/auth/token', () => ({ status: 204 }));
  on('GET', '/api/store/customers/me', (req) => {
    const s = shopperOf(req);
    return s
      ? { email: s.email, name: s.name, phone: s.phone, creationTime: '2026-01-01T00:00:00.000Z' }
      : refusal('请先登录', {}, 401);
  });
  on('GET', '/api/store/customers/me/orders', (req) => {
    const s = shopperOf(req);
    return s ? { items: s.orders } : refusal('请先登录', {}, 401);
  });

  const fetchFake = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const req: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    let reply: Reply = { status: 404, body: refusal(`no route ${req.method} ${req.path}`).body };
    const route = routes.find(([method, regex]) => method === req.method && regex.test(req.path));
    if (!route) unhandled.push(`${req.method} ${req.path}`);
    else {
      const [, regex, handler] = route;
      const answer = await handler(req, (regex.exec(req.path) ?? []).slice(1) as never);
      reply = isReply(answer) ? answer : { status: 200, body: answer };
    }
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchFake as typeof fetch);

  return {
    requests,
    unhandled,
    carts,
    shoppers,
    reviews,
    /** Answers `METHOD /path` (a pattern with `:names`) this way from now on, before the fake's own route. */
    on,
    /** The requests sent to `METHOD /path` (exact path), in order. */
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    /** `METHOD /path` of every request but the page's reads of the site and catalogue, in order. */
    calls: () => requests.map((r) => `${r.method} ${r.path}`),
  };
}

export type FakeStoreServer = ReturnType<typeof fakeStoreServer>;

export const KEY = 'pk_test_demo';
export const BASE = '/store/demo';

/** Opens the store at `path` (inside the store: `/`, `/p/red-tee`) as the server would serve it. */
export function openStore(path = '/') {
  window.history.replaceState(null, '', `${BASE}${path}`);
  return render(<StoreApp config={{ key: KEY, base: BASE }} />);
}

/** A link of the store's tabs (home, categories, cart, account). */
export const tab = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: /^(导航|Menu)$/ })).getByRole('link', { name });

/** The path of the page shown, inside the store. */
export const currentPath = () => window.location.pathname.slice(BASE.length) + window.location.search;
