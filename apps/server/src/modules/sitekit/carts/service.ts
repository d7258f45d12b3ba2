import type { CartAddress, CartDto, cartList, StoreCartDto } from '@seller/contracts/sitekit';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { convert, money, moneyText, sum } from '../../../core/money.ts';
import type { Services } from '../../../core/services.ts';
import { estimateFreight, tenantCurrency } from '../../logistics/index.ts';
import { availableStock, placeSiteOrder } from '../../trade/index.ts';
import { siteProducts, siteProductVariants } from '../catalog/schema.ts';
import { refusal } from '../refusals.ts';
import { countOnShopper } from '../shoppers/service.ts';
import type { SiteRow } from '../sites/schema.ts';
import { settingsOfSite } from '../sites/service.ts';
import { type CartLineRow, type CartRow, cartLines, carts } from './schema.ts';

export const CART_ENTITY = 'Cart';
/** Lines a cart holds at most. */
export const CART_MAX_LINES = 50;
/** Shipping options a cart is offered at most (the cheapest). */
const SHIPPING_OPTIONS = 5;

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
type Line = StoreCartDto['lines'][number];

const cartNotFound = () =>
  new AppError({ status: 404, code: 'Sitekit:CartNotFound', messageKey: 'Sitekit::CartNotFound' });

/** A site product's variant a shopper may buy now: published, started, of this site. */
async function buyableVariant(tx: Tx, ctx: CrudContext, siteId: string, variantId: string) {
  const [row] = await tx
    .select({ product: siteProducts, variant: siteProductVariants })
    .from(siteProductVariants)
    .innerJoin(siteProducts, eq(siteProducts.id, siteProductVariants.siteProductId))
    .where(
      owned(
        ctx,
        siteProducts,
        eq(siteProducts.siteId, siteId),
        eq(siteProductVariants.variantId, variantId),
        eq(siteProducts.isPublished, true),
        lte(siteProducts.publishedAt, new Date()),
      ),
    );
  return row ?? null;
}

/** The cart's lines with their products' titles, labels, pictures and addresses. */
async function linesOf(tx: Tx, cart: CartRow, english: boolean): Promise<Line[]> {
  const rows = await tx
    .select({ line: cartLines, product: siteProducts, variant: siteProductVariants })
    .from(cartLines)
    .innerJoin(siteProducts, eq(siteProducts.id, cartLines.siteProductId))
    .innerJoin(
      siteProductVariants,
      and(
        eq(siteProductVariants.siteProductId, cartLines.siteProductId),
        eq(siteProductVariants.variantId, cartLines.variantId),
      ),
    )
    .where(eq(cartLines.cartId, cart.id))
    .orderBy(cartLines.creationTime);
  return rows.map(({ line, product, variant }) => ({
    id: line.id,
    siteProductId: product.id,
    slug: product.slug,
    variantId: line.variantId,
    sku: variant.sku,
    title: (english && product.titleEn) || product.title,
    label: variant.label,
    imageUrl: variant.imageUrl ?? product.imageUrl,
    quantity: line.quantity,
    unitPrice: moneyText(line.unitPrice, cart.currency),
    amount: money(line.unitPrice, cart.currency).times(line.quantity).round().toString(),
  }));
}

const addressOf = (cart: CartRow): CartAddress | null => cart.address ?? null;

/** A cart as its storefront sees it. */
export async function storeCartOf(
  tx: Tx,
  cart: CartRow,
  ctx: Ctx,
  image: (url: string | null) => Promise<string | null> = async (u) => u,
): Promise<StoreCartDto> {
  const lines = await Promise.all(
    (await linesOf(tx, cart, ctx.culture === 'en')).map(async (l) => ({ ...l, imageUrl: await image(l.imageUrl) })),
  );
  const subtotal = sum(
    cart.currency,
    lines.map((l) => money(l.amount, cart.currency)),
  );
  const fee = cart.shippingFee === null ? null : money(cart.shippingFee, cart.currency);
  return {
    token: cart.token,
    status: cart.status,
    currency: cart.currency,
    email: cart.email,
    address: addressOf(cart),
    lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: subtotal.toString(),
    shipping:
      cart.shippingChannelId && fee
        ? {
            channelId: cart.shippingChannelId,
            name: cart.shippingName ?? '',
            carrierName: '',
            fee: fee.toString(),
            currency: cart.currency,
            minDays: null,
            maxDays: null,
          }
        : null,
    total: sum(cart.currency, fee ? [subtotal, fee] : [subtotal]).toString(),
    orderNo: cart.orderNo,
  };
}

/** `POST /api/store/carts`: an empty cart in one of the site's currencies. */
export async function createCart(tx: Tx, ctx: CrudContext, site: SiteRow, shopperId: string | null, currency?: string) {
  const c = currency ?? site.defaultCurrency;
  if (!site.currencies.includes(c)) throw fieldError('currency', 'Sitekit::CartCurrencyNotOffered', [c]);
  const [cart] = await tx
    .insert(carts)
    .values({ tenantId: ctx.tenant?.id ?? null, siteId: site.id, shopperId, currency: c })
    .returning();
  return cart!;
}

/** The cart a token names on this site, locked; another site's token is as unknown as a made-up one. */
export async function cartByToken(tx: Tx, ctx: CrudContext, site: SiteRow, token: string, open = true) {
  if (!/^[0-9a-f-]{36}$/i.test(token)) throw cartNotFound();
  const [cart] = await tx
    .select()
    .from(carts)
    .where(owned(ctx, carts, eq(carts.token, token), eq(carts.siteId, site.id)))
    .for('update');
  if (!cart) throw cartNotFound();
  if (open && (cart.status === 'CONVERTED' || cart.status === 'RECOVERED')) throw refusal('CartClosed', [], 409);
  return cart;
}

/** After a change: totals kept, the cart active again, its shipping choice dropped (the parcel changed). */
async function touched(tx: Tx, cart: CartRow, dropShipping = true) {
  const [t] = await tx
    .select({
      items: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int`,
      subtotal: sql<string>`coalesce(sum(${cartLines.quantity} * ${cartLines.unitPrice}), 0)::text`,
    })
    .from(cartLines)
    .where(eq(cartLines.cartId, cart.id));
  const [after] = await tx
    .update(carts)
    .set({
      itemCount: t!.items,
      subtotal: moneyText(t!.subtotal, cart.currency),
      lastChangeAt: new Date(),
      status: 'ACTIVE',
      ...(dropShipping ? { shippingChannelId: null, shippingFee: null, shippingName: null } : {}),
    })
    .where(eq(carts.id, cart.id))
    .returning();
  return after!;
}

async function assertAvailable(
  tx: Tx,
  ctx: CrudContext,
  site: SiteRow,
  variantId: string,
  sku: string,
  want: number,
  member: string,
) {
  const available = (await availableStock(tx, ctx, site.warehouseId, [variantId])).get(variantId) ?? 0;
  if (want > available) throw fieldError(member, 'Sitekit::NotEnoughStock', [sku, available]);
}

/** `POST /lines`: a variant added (to its line when the cart has it), priced in the cart's currency once. */
export async function addLine(
  services: Services,
  tx: Tx,
  ctx: CrudContext,
  site: SiteRow,
  cart: CartRow,
  variantId: string,
  quantity: number,
) {
  const found = await buyableVariant(tx, ctx, site.id, variantId);
  if (!found) throw fieldError('variantId', 'Sitekit::ProductNotForSale');
  const [existing] = await tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.variantId, variantId)));
  const want = (existing?.quantity ?? 0) + quantity;
  if (want > 999) throw fieldError('quantity', 'Sitekit::NotEnoughStock', [found.variant.sku, 999]);
  await assertAvailable(tx, ctx, site, variantId, found.variant.sku, want, 'quantity');
  if (existing) {
    await tx.update(cartLines).set({ quantity: want }).where(eq(cartLines.id, existing.id));
  } else {
    if (cart.itemCount > 0) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cartLines)
        .where(eq(cartLines.cartId, cart.id));
      if (n >= CART_MAX_LINES) throw fieldError('variantId', 'Sitekit::CartTooManyLines', [CART_MAX_LINES]);
    }
    const { rates } = await tenantCurrency(services, ctx);
    const unitPrice = convert(money(found.variant.price, found.product.currency), cart.currency, rates);
    await tx.insert(cartLines).values({
      tenantId: cart.tenantId,
      cartId: cart.id,
      siteProductId: found.product.id,
      variantId,
      quantity,
      unitPrice: unitPrice.toString(),
    });
  }
  return touched(tx, cart);
}

async function lineOf(tx: Tx, cart: CartRow, lineId: string): Promise<CartLineRow> {
  const [line] = await tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.id, lineId)));
  if (!line) throw notFound('CartLine', lineId);
  return line;
}

/** `PATCH /lines/{lineId}`: a new quantity; 0 removes the line. */
export async function changeLine(
  tx: Tx,
  ctx: CrudContext,
  site: SiteRow,
  cart: CartRow,
  lineId: string,
  quantity: number,
) {
  const line = await lineOf(tx, cart, lineId);
  if (quantity === 0) {
    await tx.delete(cartLines).where(eq(cartLines.id, line.id));
  } else {
    const found = await buyableVariant(tx, ctx, site.id, line.variantId);
    if (!found) throw fieldError('quantity', 'Sitekit::ProductNotForSale');
    await assertAvailable(tx, ctx, site, line.variantId, found.variant.sku, quantity, 'quantity');
    await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, line.id));
  }
  return touched(tx, cart);
}

export async function removeLine(tx: Tx, cart: CartRow, lineId: string) {
  const line = await lineOf(tx, cart, lineId);
  await tx.delete(cartLines).where(eq(cartLines.id, line.id));
  return touched(tx, cart);
}

/** `PUT /address`: the contact and the delivery address (the shipping choice is priced again). */
export async function setAddress(tx: Tx, cart: CartRow, email: string, address: CartAddress) {
  const [after] = await tx
    .update(carts)
    .set({
      email,
      contactName: address.name,
      address,
      lastChangeAt: new Date(),
      status: 'ACTIVE',
      shippingChannelId: null,
      shippingFee: null,
      shippingName: null,
    })
    .where(eq(carts.id, cart.id))
    .returning();
  return after!;
}

/**
 * The cart's shipping options: the logistics module's freight estimate for its SKUs to its
 * address, from the site's warehouse, each fee converted once into the cart's currency; the
 * cheapest few.
 */
export async function shippingOptions(services: Services, ctx: Ctx, tx: Tx, site: SiteRow, cart: CartRow) {
  const address = addressOf(cart);
  if (!address) throw fieldError('address', 'Sitekit::CartNeedsAddress');
  const lines = await linesOf(tx, cart, false);
  if (!lines.length) throw refusal('CartEmpty', [], 409);
  const estimate = await estimateFreight(services, ctx, {
    countryCode: address.countryCode,
    postalCode: address.postCode ?? undefined,
    warehouseId: site.warehouseId ?? undefined,
    items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
    platform: 'STOREFRONT',
  });
  const { rates } = await tenantCurrency(services, ctx);
  return estimate.options
    .map((o) => ({
      channelId: o.channelId,
      name: o.channelName,
      carrierName: o.carrierName,
      fee: convert(money(o.total, o.currency), cart.currency, rates).toString(),
      currency: cart.currency,
      minDays: o.transitDaysMin ?? null,
      maxDays: o.transitDaysMax ?? null,
    }))
    .sort((a, b) => money(a.fee, cart.currency).amount.comparedTo(money(b.fee, cart.currency).amount))
    .slice(0, SHIPPING_OPTIONS);
}

/** `PUT /shipping`: one of the options chosen, at its fee now. */
export async function chooseShipping(
  services: Services,
  ctx: Ctx,
  tx: Tx,
  site: SiteRow,
  cart: CartRow,
  channelId: string,
) {
  const option = (await shippingOptions(services, ctx, tx, site, cart)).find((o) => o.channelId === channelId);
  if (!option) throw fieldError('channelId', 'Sitekit::ShippingNotOffered');
  const [after] = await tx
    .update(carts)
    .set({
      shippingChannelId: option.channelId,
      shippingName: `${option.carrierName} ${option.name}`.trim().slice(0, 256),
      shippingFee: option.fee,
      lastChangeAt: new Date(),
    })
    .where(eq(carts.id, cart.id))
    .returning();
  return after!;
}

/**
 * `POST /complete`: the cart becomes a sales order of source SITE (reserved in the site's
 * warehouse), all or nothing; the cart is closed as converted, or recovered when it had been
 * abandoned. Lines are checked again: a product hidden or short since is refused on its line.
 */
export async function completeCart(
  services: Services,
  tx: Tx,
  ctx: CrudContext,
  site: SiteRow,
  cart: CartRow,
  shopperId: string | null,
  paymentType: string,
  note: string | null,
) {
  const settings = settingsOfSite(site);
  if (!settings.paymentTypes.includes(paymentType as never))
    throw fieldError('paymentType', 'Sitekit::PaymentTypeNotOffered', [paymentType]);
  const address = addressOf(cart);
  if (!address || !cart.email) throw fieldError('address', 'Sitekit::CartNeedsAddress');
  if (!cart.shippingChannelId || cart.shippingFee === null) throw fieldError('channelId', 'Sitekit::CartNeedsShipping');
  const lines = await linesOf(tx, cart, false);
  if (!lines.length) throw refusal('CartEmpty', [], 409);
  const available = await availableStock(
    tx,
    ctx,
    site.warehouseId,
    lines.map((l) => l.variantId),
  );
  for (const [i, l] of lines.entries()) {
    if (!(await buyableVariant(tx, ctx, site.id, l.variantId)))
      throw fieldError(`lines.${i}.variantId`, 'Sitekit::ProductNotForSale');
    const left = available.get(l.variantId) ?? 0;
    if (l.quantity > left) throw fieldError(`lines.${i}.quantity`, 'Sitekit::NotEnoughStock', [l.sku, left]);
  }
  const order = await placeSiteOrder(services, tx, ctx, {
    siteId: site.id,
    shopperId,
    currency: cart.currency,
    lines: lines.map((l) => ({
      variantId: l.variantId,
      sku: l.sku,
      name: l.label ? `${l.title} ${l.label}` : l.title,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
    shippingFee: cart.shippingFee,
    buyerName: address.name,
    buyerEmail: cart.email,
    address: {
      name: address.name,
      phone: address.phone,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      postCode: address.postCode,
      countryCode: address.countryCode,
    },
    paymentMethod: paymentType,
    warehouseId: site.warehouseId,
    remark: note,
  });
  const [after] = await tx
    .update(carts)
    .set({
      status: cart.abandonedAt ? 'RECOVERED' : 'CONVERTED',
      orderId: order.id,
      orderNo: order.orderNo,
      shopperId: cart.shopperId ?? shopperId,
      lastChangeAt: new Date(),
    })
    .where(eq(carts.id, cart.id))
    .returning();
  if (shopperId) await countOnShopper(tx, shopperId, 'orders');
  return { cart: after!, order };
}

/** A cart as the back-office sees it. */
export async function cartDtos(tx: Tx, ctx: Ctx, rows: CartRow[], withLines: boolean): Promise<CartDto[]> {
  const out: CartDto[] = [];
  for (const r of rows) {
    const lines = withLines ? await linesOf(tx, r, ctx.culture === 'en') : [];
    const subtotal = money(r.subtotal, r.currency);
    const fee = r.shippingFee === null ? null : money(r.shippingFee, r.currency);
    out.push({
      id: r.id,
      siteId: r.siteId,
      status: r.status,
      shopperId: r.shopperId,
      email: r.email,
      contactName: r.contactName,
      currency: r.currency,
      itemCount: r.itemCount,
      subtotal: subtotal.toString(),
      shippingFee: fee?.toString() ?? null,
      total: sum(r.currency, fee ? [subtotal, fee] : [subtotal]).toString(),
      lines,
      address: addressOf(r),
      orderId: r.orderId,
      orderNo: r.orderNo,
      lastChangeAt: r.lastChangeAt,
      abandonedAt: r.abandonedAt,
      recoveryNoticeAt: r.recoveryNoticeAt,
      creationTime: r.creationTime,
    });
  }
  return out;
}

export const CART_TOTAL = sql<string>`(${carts.subtotal} + coalesce(${carts.shippingFee}, 0))`;

export function cartListServiceOf(list: typeof cartList) {
  return listService(list, {
    table: carts,
    search: [carts.email, carts.contactName],
    filters: { siteId: carts.siteId, changed: carts.lastChangeAt },
    tab: carts.status,
    sorts: { total: CART_TOTAL, lastChangeAt: carts.lastChangeAt },
    items: (tx, ctx, rows: CartRow[]) => cartDtos(tx, ctx as Ctx, rows, false),
  });
}

export async function cartById(tx: Tx, ctx: CrudContext, id: string) {
  const [cart] = await tx
    .select()
    .from(carts)
    .where(owned(ctx, carts, eq(carts.id, id)))
    .for('update');
  if (!cart) throw notFound(CART_ENTITY, id);
  return cart;
}
