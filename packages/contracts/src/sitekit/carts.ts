import { z } from 'zod';
import { optionalText } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';
import { SitePaymentTypes } from './sites.ts';

/**
 * Carts of a site's storefront (Cart, current carts; nop's ShoppingCartItem, Saleor's Checkout,
 * Shopify's abandoned checkouts): made by the storefront with `POST /api/store/carts`, which answers
 * the token it is addressed by; active while changed lately, abandoned when idle with a contact,
 * converted (or recovered, after being abandoned) when completed into a sales order of source SITE.
 *
 * - `GET /api/sitekit/carts?siteId=` (the list kit), `GET /{id}`, `POST /{id}/send-recovery`, `DELETE /{id}`
 * - storefront: `POST /api/store/carts`, `GET /api/store/carts/{token}`, `POST /{token}/lines`,
 *   `PATCH|DELETE /{token}/lines/{lineId}`, `PUT /{token}/address`, `GET /{token}/shipping-options`,
 *   `PUT /{token}/shipping`, `POST /{token}/complete`
 */

export const CartStatuses = ['ACTIVE', 'ABANDONED', 'CONVERTED', 'RECOVERED'] as const;
export type CartStatus = (typeof CartStatuses)[number];

export const cartAddress = z.object({
  name: z.string().trim().min(1).max(128),
  phone: z.string().trim().min(3).max(32),
  line1: z.string().trim().min(1).max(256),
  line2: optionalText(256),
  city: z.string().trim().min(1).max(128),
  state: optionalText(128),
  postCode: optionalText(20),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Sitekit::CountryFormat'),
});
export type CartAddress = z.infer<typeof cartAddress>;

export const cartLineDto = z.object({
  id: z.string(),
  siteProductId: z.string(),
  slug: z.string(),
  variantId: z.string(),
  sku: z.string(),
  title: z.string(),
  label: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  amount: z.string(),
});

/** A cart as the back-office sees it. */
export const cartDto = z.object({
  id: z.string(),
  siteId: z.string(),
  status: z.enum(CartStatuses),
  shopperId: z.string().nullable(),
  email: z.string().nullable(),
  contactName: z.string().nullable(),
  currency: z.string(),
  itemCount: z.number().int(),
  subtotal: z.string(),
  shippingFee: z.string().nullable(),
  total: z.string(),
  lines: z.array(cartLineDto),
  address: cartAddress.nullable(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  lastChangeAt: z.date(),
  abandonedAt: z.date().nullable(),
  recoveryNoticeAt: z.date().nullable(),
  creationTime: z.date(),
});
export type CartDto = z.infer<typeof cartDto>;

export const cartList = defineList({
  ...listNames('Sitekit', 'Carts'),
  filters: {
    siteId: filter.ref('Site', { label: 'ChooseSite' }),
    changed: filter.dateRange('from', 'to', { label: 'DisplayName:LastChangeAt' }),
  },
  tabs: { member: 'status', values: CartStatuses, texts: 'CartStatus:' },
  columns: {
    email: column.text({ header: 'DisplayName:Email', width: 200 }),
    contactName: column.text({ header: 'DisplayName:Name', width: 120 }),
    itemCount: column.quantity({ header: 'DisplayName:Items', width: 70 }),
    total: column.money('currency', { sort: true, header: 'DisplayName:Total', width: 110 }),
    status: column.enum(CartStatuses, { header: 'DisplayName:Status', texts: 'CartStatus:', width: 90 }),
    orderNo: column.text({ header: 'DisplayName:OrderNo', width: 170 }),
    lastChangeAt: column.dateTime({ sort: true, header: 'DisplayName:LastChangeAt', width: 160 }),
    recoveryNoticeAt: column.dateTime({ header: 'DisplayName:RecoveryNoticeAt', width: 160, hidden: true }),
  },
  defaultSort: 'lastChangeAt desc',
});

/** `POST /api/store/carts`. */
export const storeCartInput = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Sitekit::CurrencyFormat')
    .optional(),
});
export const storeCartLineInput = z.object({
  variantId: z.guid(),
  quantity: z.number().int().min(1).max(999),
});
export const storeCartLineUpdateInput = z.object({ quantity: z.number().int().min(0).max(999) });
export const storeCartAddressInput = z.object({
  email: z.string().trim().toLowerCase().max(256).pipe(z.email('Sitekit::EmailFormat')),
  address: cartAddress,
});
export const storeCartShippingInput = z.object({ channelId: z.guid() });
export const storeCartCompleteInput = z.object({
  paymentType: z.enum(SitePaymentTypes),
  note: optionalText(500),
});

export const storeShippingOptionDto = z.object({
  channelId: z.string(),
  name: z.string(),
  carrierName: z.string(),
  fee: z.string(),
  currency: z.string(),
  minDays: z.number().int().nullable(),
  maxDays: z.number().int().nullable(),
});

/** A cart as its storefront sees it. */
export const storeCartDto = z.object({
  token: z.string(),
  status: z.enum(CartStatuses),
  currency: z.string(),
  email: z.string().nullable(),
  address: cartAddress.nullable(),
  lines: z.array(cartLineDto),
  itemCount: z.number().int(),
  subtotal: z.string(),
  shipping: storeShippingOptionDto.nullable(),
  total: z.string(),
  orderNo: z.string().nullable(),
});
export type StoreCartDto = z.infer<typeof storeCartDto>;

/** A shopper's order as the storefront shows it (`complete`, `customers/me/orders`). */
export const storeOrderDto = z.object({
  orderNo: z.string(),
  status: z.string(),
  currency: z.string(),
  goodsAmount: z.string(),
  shippingFee: z.string(),
  total: z.string(),
  paymentType: z.string().nullable(),
  paidAt: z.date().nullable(),
  orderedAt: z.date(),
  shippedAt: z.date().nullable(),
  trackingNo: z.string().nullable(),
  lines: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      slug: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.string(),
      amount: z.string(),
    }),
  ),
});
export type StoreOrderDto = z.infer<typeof storeOrderDto>;
