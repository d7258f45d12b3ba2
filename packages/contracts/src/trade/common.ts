import { z } from 'zod';

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

/** Exact decimal text for money (up to 2 places) and unit prices (up to 4). */
export const money = z.string().regex(/^-?\d{1,14}(\.\d{1,2})?$/);
export const unitPrice = z.string().regex(/^\d{1,14}(\.\d{1,4})?$/);
export const currencyCode = z.string().regex(/^[A-Z]{3}$/);
