/**
 * The demo store end to end (issue #26): a shopper on a phone (390 px, English) registers, adds two
 * products and checks out; the order is under the site's online orders and in 订单管理 with its
 * stock reserved; the back-office ships it (shipment page, Chinese); the shopper sees it shipped,
 * writes a review, which waits for approval and shows on the product once the back-office
 * approves it. Rotating the site's secret leaves the storefront working on its publishable key.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiJson, DEMO_ADMIN, eventually, PHONE, passwordToken, withPage } from '../support/app.ts';
import { labelPackAndShip, shipmentDialogWithOrder } from '../support/shipments.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

interface Site {
  id: string;
  publishableKey: string;
  warehouseId: string | null;
}
interface StoreProduct {
  slug: string;
  title: string;
  variants: { variantId: string; available: number }[];
}

test('a shopper buys two products on a phone; the order is reserved, shipped from the back-office and reviewed', {
  timeout: 400_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const api = async <T>(path: string, init: { method?: 'GET' | 'POST' | 'PUT'; json?: unknown } = {}) => {
    const res = await apiJson<T>(app.server.url, path, { token, ...init });
    assert.ok(res.status < 300, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const site = (await api<{ items: Site[] }>('/api/sitekit/sites?filter=demo')).items[0]!;
  const store = async <T>(path: string) => {
    const res = await fetch(`${app.server.url}${path}`, { headers: { 'x-site-key': site.publishableKey } });
    assert.equal(res.status, 200, path);
    return (await res.json()) as T;
  };

  // two of the store's products, with stock given to their first variants in the site's warehouse
  const list = await store<{ items: { slug: string }[] }>('/api/store/products?sort=title&maxResultCount=2');
  const products = await Promise.all(list.items.map((p) => store<StoreProduct>(`/api/store/products/${p.slug}`)));
  assert.equal(products.length, 2);
  const warehouses = await api<{ items: { id: string; isDefault: boolean }[] }>('/api/trade/shipments/warehouses');
  const warehouseId = site.warehouseId ?? (warehouses.items.find((w) => w.isDefault) ?? warehouses.items[0]!).id;
  await api('/api/trade/stock/adjustments', {
    method: 'POST',
    json: {
      warehouseId,
      reason: 'e2e storefront',
      lines: products.map((p) => ({ variantId: p.variants[0]!.variantId, quantity: 20 })),
    },
  });

  const email = `shopper.${Date.now()}@example.com`;
  let orderNo = '';
  const shopper = { viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' };
  await withPage(
    app.browser,
    t,
    async (page) => {
      await page.goto(`${app.server.url}/store/demo`);
      await page.getByTestId('product-card').first().waitFor();
      // an account first
      await page.goto(`${app.server.url}/store/demo/account`);
      await page.getByRole('button', { name: 'New here? Create an account' }).click();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill('shopper123');
      await page.getByLabel('Your name').fill('Phone Shopper');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await page.getByText('Hello, Phone Shopper').waitFor();

      // two products into the cart
      for (const [i, p] of products.entries()) {
        await page.goto(`${app.server.url}/store/demo/p/${p.slug}`);
        await page.getByTestId('add-to-cart').click();
        await eventually(
          async () => assert.equal((await page.getByTestId('cart-count').textContent())?.trim(), String(i + 1)),
          15_000,
        );
      }
      await page.goto(`${app.server.url}/store/demo/cart`);
      await page.getByTestId('cart-line').nth(1).waitFor();
      assert.equal(await page.getByTestId('cart-line').count(), 2);
      await page
        .getByRole('link', { name: 'Checkout' })
        .or(page.getByRole('button', { name: 'Checkout' }))
        .first()
        .click();

      // address, delivery, payment, order
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Full name').fill('Phone Shopper');
      await page.getByLabel('Phone').fill('+60 12 555 0000');
      await page.getByLabel('Street address').fill('8 Jalan Bukit Bintang');
      await page.getByLabel('City').fill('Kuala Lumpur');
      await page.getByLabel('Postal code (optional)').fill('55100');
      await page.getByLabel('Country / region').selectOption('MY');
      await page.getByRole('button', { name: 'Save address and choose delivery' }).click();
      const delivery = page.locator('input[name="shipping"]').first();
      await delivery.waitFor();
      // the choice is the cart's once the server priced it
      await delivery.click();
      await eventually(async () => assert.equal(await delivery.isChecked(), true), 15_000);
      await page.getByRole('radio', { name: 'Alipay' }).check();
      await eventually(async () => assert.equal(await page.getByTestId('place-order').isEnabled(), true), 15_000);
      await page.getByTestId('place-order').click();
      orderNo = (await page.getByTestId('order-no').textContent())?.trim() ?? '';
      assert.match(orderNo, /^WS\d{6}[0-9A-Z]{6}$/);
      assert.equal((await page.getByTestId('cart-count').textContent())?.trim(), '0');
    },
    shopper,
  );

  // the back-office: under the site's online orders, and in 订单管理 with its stock reserved
  const [order] = (
    await api<{ items: { id: string; orderNo: string; status: string }[] }>(
      `/api/trade/orders?source=SITE&filter=${orderNo}`,
    )
  ).items;
  assert.ok(order, orderNo);
  assert.equal(order.status, 'Processing');
  const detail = await api<{ lines: { reservedQty: number; quantity: number }[]; paymentMethod: string }>(
    `/api/trade/orders/${order.id}`,
  );
  assert.deepEqual(
    detail.lines.map((l) => l.reservedQty),
    detail.lines.map((l) => l.quantity),
  );
  await app.withSignedInPage(
    t,
    { as: DEMO_ADMIN, at: `/publishingPlatform/site/order?siteId=${site.id}` },
    async (page) => {
      await page.getByTestId(`site-order-open-${orderNo}`).waitFor();
      await page.goto(`${app.server.url}/order/orders?id=${order.id}`);
      await page.getByText(orderNo).first().waitFor();

      // shipped from the shipment page with the estimate's channel
      await page.goto(`${app.server.url}/order/shipment`);
      const dialog = await shipmentDialogWithOrder(page, orderNo);
      await eventually(
        async () => assert.equal(await dialog.locator('input[type="radio"]:checked').count(), 1),
        20_000,
      );
      await page.getByTestId('shipment-create-submit').click();
      const shipment = await eventually(async () => {
        const found = await api<{ items: { shipmentNo: string }[] }>(`/api/trade/shipments?orderId=${order.id}`);
        assert.equal(found.items.length, 1);
        return found.items[0]!;
      }, 20_000);
      await labelPackAndShip(page, dialog, shipment.shipmentNo);
    },
  );

  // the shopper sees it shipped, and reviews the first product
  await withPage(
    app.browser,
    t,
    async (page) => {
      await page.goto(`${app.server.url}/store/demo/account`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill('shopper123');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const row = page.getByTestId('order-row').filter({ hasText: orderNo });
      await eventually(async () => {
        await page.reload();
        assert.equal((await row.getByTestId('order-status').textContent())?.trim(), 'Shipped');
      }, 30_000);
      assert.match((await row.getByTestId('tracking-no').textContent()) ?? '', /\w{6,}/);
      await page.goto(`${app.server.url}/store/demo/p/${products[0]!.slug}#review`);
      const form = page.getByTestId('review-form');
      await form.getByRole('radio', { name: '5 stars' }).check({ force: true });
      await form.getByLabel('Your review').fill('Arrived fast and well packed.');
      await form.getByRole('button', { name: 'Submit review' }).click();
      await page.getByText('Thank you! Your review will appear once it is approved.').waitFor();
      assert.equal(
        await page.getByTestId('review-item').filter({ hasText: 'Arrived fast and well packed.' }).count(),
        0,
      );
    },
    shopper,
  );

  // approved in the back-office (评价), it shows on the product
  const review = await eventually(async () => {
    const found = await api<{ items: { id: string; text: string; verifiedPurchase: boolean }[] }>(
      `/api/sitekit/reviews?siteId=${site.id}&status=PENDING&filter=Arrived fast`,
    );
    assert.equal(found.items.length, 1);
    return found.items[0]!;
  }, 15_000);
  assert.equal(review.verifiedPurchase, true);
  await app.withSignedInPage(
    t,
    { as: DEMO_ADMIN, at: `/publishingPlatform/site/reviews?siteId=${site.id}&status=PENDING` },
    async (page) => {
      await page.getByTestId(`review-approve-${review.id}`).click();
      await eventually(async () => {
        const found = await api<{ items: { status: string }[] }>(
          `/api/sitekit/reviews?siteId=${site.id}&filter=Arrived fast`,
        );
        assert.equal(found.items[0]?.status, 'APPROVED');
      }, 15_000);
    },
  );
  // a new secret for the site's server: the storefront keeps working on its publishable key
  await api(`/api/sitekit/sites/${site.id}/refresh-token`, { method: 'PUT' });
  await withPage(
    app.browser,
    t,
    async (page) => {
      await page.goto(`${app.server.url}/store/demo/p/${products[0]!.slug}`);
      await page.getByTestId('review-item').filter({ hasText: 'Arrived fast and well packed.' }).waitFor();
    },
    shopper,
  );
});
