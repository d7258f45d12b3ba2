import { listResult } from '@seller/contracts';
import {
  storeCartAddressInput,
  storeCartCompleteInput,
  storeCartDto,
  storeCartInput,
  storeCartLineInput,
  storeCartLineUpdateInput,
  storeCartShippingInput,
  storeCategoryDto,
  storeCustomerDto,
  storeOrderDto,
  storeProductDetailDto,
  storeProductPage,
  storeProductQuery,
  storeProductsQuery,
  storeRegisterInput,
  storeReviewDto,
  storeReviewInput,
  storeShippingOptionDto,
  storeSignInInput,
  storeTokenDto,
} from '@seller/contracts/sitekit';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { moneyText } from '../../../core/money.ts';
import { tenantCurrency } from '../../logistics/index.ts';
import { siteOrdersOf } from '../../trade/index.ts';
import {
  addLine,
  cartByToken,
  changeLine,
  chooseShipping,
  completeCart,
  createCart,
  removeLine,
  setAddress,
  shippingOptions,
  storeCartOf,
} from '../carts/service.ts';
import { siteProducts, siteProductVariants } from '../catalog/schema.ts';
import { approvedReviews, publishedProduct, writeReview } from '../reviews/service.ts';
import { register, shopperOf, signIn, signOut } from '../shoppers/service.ts';
import { inStore, type StoreCall } from '../site-key.ts';
import { type Shown, shownCurrency, storeCategories, storeProductDetail, storeProducts } from './catalog.ts';
import { shopperImage } from './media.ts';

const tags = ['Storefront'];
const config = { anonymous: true, noAudit: true } as const;
const tokenParams = z.object({ token: z.string().max(64) });
const lineParams = tokenParams.extend({ lineId: z.guid() });
const slugParams = z.object({ slug: z.string().max(128) });
const pageQuery = z.object({
  skipCount: z.coerce.number().int().min(0).max(10_000).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(50).default(10),
});

/** Sign-ins tried per e-mail and client address in 5 minutes. */
const SIGN_IN_TRIES = 10;

/**
 * The Storefront API's shop (with the site's publishable key): catalogue, carts and checkout,
 * shoppers and their orders, reviews. A shopper proves who they are with `x-shopper-token`,
 * which no admin route accepts (it is not a bearer token of the token server).
 */
export function storeShopRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;

  /** One Storefront API call: the site's unit of work, for this request. */
  const store = <R>(req: FastifyRequest, reply: FastifyReply, run: (tx: Tx, call: StoreCall) => Promise<R>) =>
    inStore(s, { ...req.ctx, headers: req.headers }, reply, run);
  /** A cart as its storefront sees it, its pictures loadable by the shopper's browser. */
  const cartOf = (tx: Tx, cart: Parameters<typeof storeCartOf>[1], ctx: StoreCall['ctx']) =>
    storeCartOf(tx, cart, ctx, (u) => shopperImage(s, ctx.tenant?.id ?? null, u));
  /** What prices and names are shown in: the currency asked (or the site's), the language asked (or the request's). */
  const shownFor = async (call: StoreCall, q: { currency?: string; language?: string }): Promise<Shown> => ({
    currency: shownCurrency(call.site, q.currency),
    rates: (await tenantCurrency(s, call.ctx)).rates,
    english: (q.language ?? call.ctx.culture) === 'en',
    image: (url) => shopperImage(s, call.ctx.tenant?.id ?? null, url),
  });

  app.get(
    '/api/store/categories',
    { config, schema: { tags, response: { 200: listResult(storeCategoryDto) } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => ({
        items: await storeCategories(tx, ctx, site, ctx.culture === 'en'),
      })),
  );
  app.get(
    '/api/store/products',
    {
      config,
      schema: {
        tags,
        querystring: storeProductsQuery,
        response: { 200: storeProductPage },
      },
    },
    (req, reply) =>
      store(req, reply, async (tx, call) =>
        storeProducts(tx, call.ctx, call.site, req.query, await shownFor(call, req.query)),
      ),
  );
  app.get(
    '/api/store/products/:slug',
    {
      config,
      schema: { tags, params: slugParams, querystring: storeProductQuery, response: { 200: storeProductDetailDto } },
    },
    (req, reply) =>
      store(req, reply, async (tx, call) => {
        const product = await publishedProduct(tx, call.ctx, call.site.id, req.params.slug);
        return storeProductDetail(tx, call.ctx, call.site, product, await shownFor(call, req.query));
      }),
  );
  app.get(
    '/api/store/products/:slug/reviews',
    {
      config,
      schema: {
        tags,
        params: slugParams,
        querystring: pageQuery,
        response: { 200: z.object({ totalCount: z.number(), items: z.array(storeReviewDto) }) },
      },
    },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const product = await publishedProduct(tx, ctx, site.id, req.params.slug);
        const { totalCount, rows } = await approvedReviews(
          tx,
          ctx,
          product.id,
          req.query.skipCount,
          req.query.maxResultCount,
        );
        return {
          totalCount,
          items: rows.map(({ review: r, name }) => ({
            id: r.id,
            rating: r.rating,
            title: r.title,
            text: r.text,
            shopperName: name,
            verifiedPurchase: r.orderId !== null,
            reply: r.reply,
            creationTime: r.creationTime,
          })),
        };
      }),
  );
  app.post(
    '/api/store/products/:slug/reviews',
    { config, schema: { tags, params: slugParams, body: storeReviewInput, response: { 200: storeReviewDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const shopper = (await shopperOf(tx, ctx, site, req.headers, true))!;
        const product = await publishedProduct(tx, ctx, site.id, req.params.slug);
        const r = await writeReview(tx, ctx, site, shopper.id, product, req.body);
        return {
          id: r.id,
          rating: r.rating,
          title: r.title,
          text: r.text,
          shopperName: shopper.name,
          verifiedPurchase: r.orderId !== null,
          reply: r.reply,
          creationTime: r.creationTime,
          status: r.status,
        };
      }),
  );

  // carts: each call answers the whole cart
  app.post(
    '/api/store/carts',
    { config, schema: { tags, body: storeCartInput, response: { 200: storeCartDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const shopper = await shopperOf(tx, ctx, site, req.headers, false);
        return cartOf(tx, await createCart(tx, ctx, site, shopper?.id ?? null, req.body.currency), ctx);
      }),
  );
  app.get(
    '/api/store/carts/:token',
    { config, schema: { tags, params: tokenParams, response: { 200: storeCartDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) =>
        cartOf(tx, await cartByToken(tx, ctx, site, req.params.token, false), ctx),
      ),
  );
  app.post(
    '/api/store/carts/:token/lines',
    { config, schema: { tags, params: tokenParams, body: storeCartLineInput, response: { 200: storeCartDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const cart = await cartByToken(tx, ctx, site, req.params.token);
        return cartOf(tx, await addLine(s, tx, ctx, site, cart, req.body.variantId, req.body.quantity), ctx);
      }),
  );
  app.patch(
    '/api/store/carts/:token/lines/:lineId',
    { config, schema: { tags, params: lineParams, body: storeCartLineUpdateInput, response: { 200: storeCartDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const cart = await cartByToken(tx, ctx, site, req.params.token);
        return cartOf(tx, await changeLine(tx, ctx, site, cart, req.params.lineId, req.body.quantity), ctx);
      }),
  );
  app.delete(
    '/api/store/carts/:token/lines/:lineId',
    { config, schema: { tags, params: lineParams, response: { 200: storeCartDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const cart = await cartByToken(tx, ctx, site, req.params.token);
        return cartOf(tx, await removeLine(tx, cart, req.params.lineId), ctx);
      }),
  );
  app.put(
    '/api/store/carts/:token/address',
    { config, schema: { tags, params: tokenParams, body: storeCartAddressInput, response: { 200: storeCartDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const cart = await cartByToken(tx, ctx, site, req.params.token);
        return cartOf(tx, await setAddress(tx, cart, req.body.email, req.body.address), ctx);
      }),
  );
  app.get(
    '/api/store/carts/:token/shipping-options',
    { config, schema: { tags, params: tokenParams, response: { 200: listResult(storeShippingOptionDto) } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const cart = await cartByToken(tx, ctx, site, req.params.token);
        return { items: await shippingOptions(s, ctx, tx, site, cart) };
      }),
  );
  app.put(
    '/api/store/carts/:token/shipping',
    { config, schema: { tags, params: tokenParams, body: storeCartShippingInput, response: { 200: storeCartDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const cart = await cartByToken(tx, ctx, site, req.params.token);
        return cartOf(tx, await chooseShipping(s, ctx, tx, site, cart, req.body.channelId), ctx);
      }),
  );
  app.post(
    '/api/store/carts/:token/complete',
    { config, schema: { tags, params: tokenParams, body: storeCartCompleteInput, response: { 200: storeOrderDto } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const shopper = await shopperOf(tx, ctx, site, req.headers, false);
        const cart = await cartByToken(tx, ctx, site, req.params.token);
        const { order } = await completeCart(
          s,
          tx,
          ctx,
          site,
          cart,
          shopper?.id ?? null,
          req.body.paymentType,
          req.body.note,
        );
        const placed = await siteOrdersOf(tx, ctx, site.id, { orderId: order.id }, 1);
        return (await storeOrdersOf(tx, ctx, site.id, placed))[0]!;
      }),
  );

  // shoppers
  app.post(
    '/api/store/customers',
    { config, schema: { tags, body: storeRegisterInput, response: { 200: storeTokenDto } } },
    (req, reply) => store(req, reply, (tx, { ctx, site }) => register(tx, ctx, site, req.body, req.ctx.culture)),
  );
  app.post(
    '/api/store/auth/token',
    { config, schema: { tags, body: storeSignInInput, response: { 200: storeTokenDto } } },
    async (req, reply) => {
      await s.rateLimiter.hit(`store-sign-in:${req.body.email}:${req.ctx.clientIp ?? 'unknown'}`, SIGN_IN_TRIES, 300);
      return store(req, reply, (tx, { ctx, site }) => signIn(tx, ctx, site, req.body.email, req.body.password));
    },
  );
  app.delete('/api/store/auth/token', { config, schema: { tags } }, async (req, reply) => {
    await store(req, reply, async (tx, { ctx, site }) => {
      await shopperOf(tx, ctx, site, req.headers, true);
      await signOut(tx, ctx, site, req.headers['x-shopper-token'] as string);
    });
    return reply.status(204).send();
  });
  app.get('/api/store/customers/me', { config, schema: { tags, response: { 200: storeCustomerDto } } }, (req, reply) =>
    store(req, reply, async (tx, { ctx, site }) => {
      const me = (await shopperOf(tx, ctx, site, req.headers, true))!;
      return { email: me.email, name: me.name, phone: me.phone, creationTime: me.creationTime };
    }),
  );
  app.get(
    '/api/store/customers/me/orders',
    { config, schema: { tags, response: { 200: listResult(storeOrderDto) } } },
    (req, reply) =>
      store(req, reply, async (tx, { ctx, site }) => {
        const me = (await shopperOf(tx, ctx, site, req.headers, true))!;
        return {
          items: await storeOrdersOf(tx, ctx, site.id, await siteOrdersOf(tx, ctx, site.id, { shopperId: me.id })),
        };
      }),
  );
}

type PlacedOrder = Awaited<ReturnType<typeof siteOrdersOf>>[number];

/** Orders as their shopper sees them: amounts, status, lines with their products' addresses, the shipment once it left. */
async function storeOrdersOf(tx: Tx, ctx: CrudContext, siteId: string, placed: PlacedOrder[]) {
  const variantIds = [...new Set(placed.flatMap((p) => p.lines.flatMap((l) => (l.variantId ? [l.variantId] : []))))];
  const slugs = new Map(
    variantIds.length
      ? (
          await tx
            .select({ variantId: siteProductVariants.variantId, slug: siteProducts.slug })
            .from(siteProductVariants)
            .innerJoin(siteProducts, eq(siteProducts.id, siteProductVariants.siteProductId))
            .where(
              owned(
                ctx,
                siteProducts,
                eq(siteProducts.siteId, siteId),
                inArray(siteProductVariants.variantId, variantIds),
              ),
            )
        ).map((r) => [r.variantId, r.slug])
      : [],
  );
  return placed.map((p) => storeOrderOf(p, slugs));
}

function storeOrderOf({ order: o, lines, shipment }: PlacedOrder, slugs: Map<string, string>) {
  return {
    orderNo: o.orderNo,
    status: o.status,
    currency: o.currency,
    goodsAmount: moneyText(o.goodsAmount, o.currency),
    shippingFee: moneyText(o.shippingFee, o.currency),
    total: moneyText(o.total, o.currency),
    paymentType: o.paymentMethod,
    paidAt: o.paidAt,
    orderedAt: o.orderedAt,
    shippedAt: shipment?.shippedAt ?? null,
    trackingNo: shipment?.trackingNo ?? null,
    lines: lines.map((l) => ({
      sku: l.sku ?? l.sellerSku,
      name: l.name,
      slug: (l.variantId && slugs.get(l.variantId)) || null,
      quantity: l.quantity,
      unitPrice: moneyText(l.unitPrice, o.currency),
      amount: moneyText(l.amount, o.currency),
    })),
  };
}
