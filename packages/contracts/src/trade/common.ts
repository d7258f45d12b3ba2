import { z } from 'zod';
import { codedRef } from '../fields.ts';
import { moneyAmount, moneyUnitPrice } from '../money.ts';
import { unitPrice as unitPriceText } from '../numbers.ts';

/**
 * Words and codes order management shares across its areas (spec §3): the status words of orders,
 * payment types and the settlement/cycle options.
 */

/** Spec §3 status words, as the language file names them (orders and products). */
export const orderStatusWords = [
  'Pending',
  'Processing',
  'PartialReceipt',
  'Authorized',
  'PartiallyShipped',
  'Packaged',
  'Paid',
  'PartiallyRefunded',
  'NotYetShipped',
  'Delivered',
  'Refunded',
  'Voided',
  'Shipped',
  'Outofstock',
  'Completed',
  'Cancel',
  'Discontinued',
] as const;
export type OrderStatusWord = (typeof orderStatusWords)[number];

/** Spec §3 payment types. */
export const PaymentType = { Cash: 5, BACS: 10, Alipay: 15, WeChat: 20 } as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];
export const paymentType = z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(20)]);

/** Spec §3 settlement options (days). */
export const settlementOptions = [5, 10, 15] as const;
/** Spec §3 cycle options (days). */
export const cycleOptions = [5, 10, 15, 20] as const;

/**
 * Exact decimal text for money (up to 3 places, not negative; the object holding it checks it
 * against its currency's minor units: `moneyMembers`, money.ts), bounded (numbers.ts).
 */
export const money = moneyAmount();
/** A purchase unit price: a unit cost, kept to 4 places whatever the currency (costs of cheap parts). */
export const unitPrice = unitPriceText({ scale: 4 });
/** A unit price of a sales order: money, to its currency's minor units. */
export const salesUnitPrice = moneyUnitPrice();
export const currencyCode = z.string().regex(/^[A-Z]{3}$/);

export { codedRef };
/** The marketplace shop a row came from, by id and name; null for what came from none (a manual order). */
export const fromShop = { shopId: z.string().nullable(), shopName: z.string().nullable() };
/** The warehouse a document or a suggestion is for, by id and name. */
export const ofWarehouse = { warehouseId: z.string(), warehouseName: z.string() };
/** A warehouse to pick, the tenant's default marked. */
export const warehouseOption = z.object({ ...codedRef, isDefault: z.boolean() });

/** A catalogue variant as a trade line or balance names it: its id, SKU and product's name. */
export const variantRef = { variantId: z.string(), sku: z.string(), productName: z.string() };
/** The same with the text a picker shows (`SKU · product · options`). */
export const variantOption = { ...variantRef, label: z.string() };

/** A document's state table: per status, the actions it allows and the status each leads to. */
export type StateTable<S extends string, A extends string> = Record<S, Partial<Record<A, S>>>;

/** Where `action` leads from `status`, or null when the table refuses it. */
export const nextState = <S extends string, A extends string>(table: StateTable<S, A>, status: S, action: A) =>
  table[status]?.[action] ?? null;

/** The actions the table allows from `status`, in the order of `actions`. */
export const allowedActions = <S extends string, A extends string>(
  table: StateTable<S, A>,
  actions: readonly A[],
  status: S,
): A[] => actions.filter((a) => table[status]?.[a] !== undefined);

/** One step of an order's history (sales and purchase orders alike): what happened, between which statuses, by whom. */
export const statusEventDto = z.object({
  id: z.string(),
  time: z.date(),
  event: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  message: z.string().nullable(),
  actorId: z.string().nullable(),
});
