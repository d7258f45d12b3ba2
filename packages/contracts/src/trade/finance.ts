import { z } from 'zod';
import { createdAndStamp, emptyToNull, emptyToUndefined, optionalText, withUpdateInput } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';
import { checkMoneyMembers } from '../money.ts';
import { fxRate as fxRateText } from '../numbers.ts';
import { pagedQuery } from '../paging.ts';
import { currencyCode, cycleOptions, fromShop, money, paymentType, settlementOptions } from './common.ts';

/**
 * Finance (domain §5.6): settlement statements pulled from the marketplaces with their lines per
 * order, arrivals (到账, payment receipts) matched against statements, the settlement cycle of each
 * shop, and profit per order and per SKU. Money is exact decimal text with its currency.
 */

export const settlementStatuses = ['OPEN', 'CLOSED', 'PAID'] as const;
export type SettlementStatus = (typeof settlementStatuses)[number];
export const matchedStatuses = ['UNMATCHED', 'PARTIAL', 'MATCHED'] as const;
export type MatchedStatus = (typeof matchedStatuses)[number];

/**
 * What a settlement line is. Credits: the item price and the shipping the buyer paid; the rest
 * are deductions (negative amounts). Fees counted in profit: COMMISSION, PAYMENT_FEE, SERVICE_FEE,
 * SHIPPING_FEE (shipping the platform charges the seller).
 */
export const settlementFeeTypes = [
  'ITEM_PRICE',
  'SHIPPING_BY_CUSTOMER',
  'COMMISSION',
  'PAYMENT_FEE',
  'SERVICE_FEE',
  'SHIPPING_FEE',
  'REFUND',
  'ADJUSTMENT',
] as const;
export type SettlementFeeType = (typeof settlementFeeTypes)[number];
export const profitFeeTypes: readonly SettlementFeeType[] = [
  'COMMISSION',
  'PAYMENT_FEE',
  'SERVICE_FEE',
  'SHIPPING_FEE',
];

/** Payout services a cross-border seller is paid through (Shopee `pay_service`), and others. */
export const payServices = ['payoneer', 'pingpong', 'lianlian', 'worldfirst', 'bank', 'other'] as const;

const day = (key: string) => z.preprocess(emptyToUndefined, z.iso.date({ error: key }));
const optionalDay = z.preprocess(emptyToUndefined, z.iso.date({ error: 'Finance::DateFormat' }).optional());
const optionalId = z.preprocess(emptyToUndefined, z.guid().optional());
/** A rate: up to 8 decimal places, above zero. */
export const fxRate = fxRateText({ scale: 8, formatMessage: 'Finance::RateFormat' });
const positiveMoney = money.refine((v) => Number(v) > 0, 'Finance::AmountPositive');
const nonNegativeMoney = money.refine((v) => Number(v) >= 0, 'Finance::AmountNotNegative');

// ---------------------------------------------------------------- statements

/**
 * Settlement statements (`/api/trade/finance/statements`): a shop, a status, how far arrivals
 * match them, the statements whose period overlaps [from, to] (days, inclusive); the text looks
 * in the statement no.
 */
export const statementList = defineList({
  texts: 'Finance',
  exportName: 'Statements',
  search: 'StatementNo',
  filters: {
    shopId: filter.ref('Shop'),
    status: filter.enum(settlementStatuses, { texts: 'Status:' }),
    matchedStatus: filter.enum(matchedStatuses, { texts: 'Matched:' }),
    period: filter.dateRange('from', 'to', { label: 'Period' }),
  },
  columns: {
    shopName: column.text({ header: 'Shop', width: 180 }),
    statementNo: column.text({ sort: true, width: 200 }),
    periodStart: column.date({ header: 'Period', sort: true, width: 200 }),
    periodEnd: column.date({ exportOnly: true }),
    currency: column.text({ width: 70 }),
    grossSales: column.money('currency', { width: 110 }),
    fees: column.money('currency', { width: 100 }),
    shippingFees: column.money('currency', { width: 90, hidden: true }),
    refunds: column.money('currency', { width: 90, hidden: true }),
    adjustments: column.money('currency', { width: 90, hidden: true }),
    netAmount: column.money('currency', { sort: true, width: 110 }),
    status: column.enum(settlementStatuses, { sort: true, width: 90 }),
    matchedAmount: column.money('currency', { exportOnly: true }),
    matchedStatus: column.enum(matchedStatuses, { texts: 'Matched:', width: 150 }),
    pulledAt: column.dateTime({ sort: true, hidden: true, width: 150 }),
  },
  defaultSort: 'periodStart desc',
});
export type StatementListQuery = z.infer<typeof statementList.query>;

/** The marketplace shop a statement or a settlement cycle is of. */
const ofShop = { shopId: z.string(), shopName: z.string(), platform: z.string() };

/** How much of a statement or an arrival the other side accounts for, and what that makes of it. */
const matching = { matchedAmount: z.string(), matchedStatus: z.enum(matchedStatuses) };

export const statementDto = z.object({
  id: z.string(),
  ...ofShop,
  statementNo: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  currency: z.string(),
  grossSales: z.string(),
  fees: z.string(),
  shippingFees: z.string(),
  refunds: z.string(),
  adjustments: z.string(),
  netAmount: z.string(),
  status: z.enum(settlementStatuses),
  paidAt: z.date().nullable(),
  /** Of `netAmount`, what arrivals account for. */
  ...matching,
  lineCount: z.number().int(),
  pulledAt: z.date(),
});
export type StatementDto = z.infer<typeof statementDto>;

export const statementLineDto = z.object({
  id: z.string(),
  orderNo: z.string(),
  /** The sales order it belongs to, when the order has been pulled. */
  orderId: z.string().nullable(),
  orderItemNo: z.string().nullable(),
  sku: z.string().nullable(),
  feeType: z.enum(settlementFeeTypes),
  /** The platform's own name of the line ("Commission", "commission_fee"). */
  feeName: z.string(),
  amount: z.string(),
  transactionDate: z.date().nullable(),
});
export type StatementLineDto = z.infer<typeof statementLineDto>;

/**
 * What one match of an arrival against a statement takes: `amount` in the statement's currency,
 * `arrivalAmount` the same in the arrival's `fromCurrency`.
 */
const matchAmounts = { amount: z.string(), arrivalAmount: z.string() };

export const statementMatchDto = z.object({
  arrivalId: z.string(),
  arrivalNo: z.string(),
  ...matchAmounts,
});

export const statementDetailDto = statementDto.extend({
  lines: z.array(statementLineDto),
  matches: z.array(statementMatchDto),
});
export type StatementDetailDto = z.infer<typeof statementDetailDto>;

/** Pull a shop's statements whose periods overlap [from, to] (at most 92 days). */
export const statementPullInput = z.object({
  shopId: z.guid(),
  from: day('Finance::DateFormat'),
  to: day('Finance::DateFormat'),
});
export type StatementPullInput = z.infer<typeof statementPullInput>;
export const statementPullResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  lines: z.number().int(),
  statementNos: z.array(z.string()),
});
export type StatementPullResult = z.infer<typeof statementPullResult>;

// ---------------------------------------------------------------- arrivals

/**
 * Arrivals (`/api/trade/finance/arrivals`): a shop, how far statements match them, the payout
 * days (inclusive); the text looks in the arrival no., the account and the remark.
 */
export const arrivalList = defineList({
  ...listNames('Finance', 'Arrivals'),
  filters: {
    shopId: filter.ref('Shop'),
    matchedStatus: filter.enum(matchedStatuses, { texts: 'Matched:' }),
    payout: filter.dateRange('from', 'to', { label: 'PayoutTime' }),
  },
  columns: {
    arrivalNo: column.text({ sort: true, width: 170 }),
    shopName: column.text({ header: 'Shop', width: 180 }),
    account: column.text({ hidden: true, width: 140 }),
    payService: column.enum(payServices, { width: 110 }),
    paymentType: column.enum(['5', '10', '15', '20'], { hidden: true, width: 110 }),
    payoutTime: column.dateTime({ sort: true, width: 150 }),
    fromCurrency: column.text({ exportOnly: true }),
    fromAmount: column.money('fromCurrency', { sort: true, width: 130 }),
    payoutCurrency: column.text({ exportOnly: true }),
    payoutAmount: column.money('payoutCurrency', { hidden: true, width: 130 }),
    fxRate: column.quantity({ hidden: true, width: 100 }),
    fee: column.money('payoutCurrency', { hidden: true, width: 100 }),
    currency: column.text({ exportOnly: true }),
    receivedAmount: column.money('currency', { sort: true, width: 130 }),
    matchedAmount: column.money('fromCurrency', { exportOnly: true }),
    matchedStatus: column.enum(matchedStatuses, { texts: 'Matched:', sort: true, width: 150 }),
    remark: column.text({ width: 200 }),
    creationTime: column.dateTime({ header: 'CreationTime', sort: true, hidden: true, width: 150 }),
  },
  defaultSort: 'payoutTime desc',
});
export type ArrivalListQuery = z.infer<typeof arrivalList.query>;

/**
 * A payout received: `fromAmount` in `fromCurrency` (what the platform paid out), converted by the
 * payout service at `fxRate` into `payoutAmount` of `payoutCurrency`, less its `fee`;
 * `receivedAmount` is what reached the bank, in the tenant's currency (computed when left empty).
 */
const arrivalFields = z.object({
  shopId: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.guid().nullable()),
  account: optionalText(128),
  payService: z.enum(payServices),
  payeeId: optionalText(64),
  paymentType,
  payoutTime: z.coerce.date({ error: 'Finance::DateFormat' }),
  fromCurrency: currencyCode,
  fromAmount: positiveMoney,
  payoutCurrency: currencyCode,
  payoutAmount: positiveMoney,
  fxRate,
  fee: nonNegativeMoney.default('0'),
  receivedAmount: z.preprocess(emptyToNull, nonNegativeMoney.nullable()).default(null),
  bankReceivedAt: z.preprocess(emptyToNull, z.coerce.date({ error: 'Finance::DateFormat' }).nullable()).default(null),
  remark: optionalText(512),
});
/** Each amount to its own currency's minor units (`receivedAmount`, the tenant's, is the server's to check). */
const arrivalMoney = (v: z.infer<typeof arrivalFields>, ctx: z.RefinementCtx) => {
  checkMoneyMembers(v, { currency: 'fromCurrency', amounts: ['fromAmount'] }, ctx);
  checkMoneyMembers(v, { currency: 'payoutCurrency', amounts: ['payoutAmount', 'fee'] }, ctx);
};
export const [arrivalInput, arrivalUpdateInput] = withUpdateInput(arrivalFields, arrivalMoney);
export type ArrivalInput = z.infer<typeof arrivalInput>;

export const arrivalDto = z.object({
  id: z.string(),
  arrivalNo: z.string(),
  ...fromShop,
  account: z.string().nullable(),
  payService: z.string(),
  payeeId: z.string().nullable(),
  paymentType: z.number().int(),
  payoutTime: z.date(),
  fromCurrency: z.string(),
  fromAmount: z.string(),
  payoutCurrency: z.string(),
  payoutAmount: z.string(),
  fxRate: z.string(),
  fee: z.string(),
  receivedAmount: z.string(),
  /** The tenant's currency (`receivedAmount`'s). */
  currency: z.string(),
  bankReceivedAt: z.date().nullable(),
  /** Of `fromAmount`, what statements account for. */
  ...matching,
  /** A remainder too small to match any statement, written off (counts as matched), and why. */
  writtenOffAmount: z.string(),
  writeOffReason: z.string().nullable(),
  remark: z.string().nullable(),
  ...createdAndStamp,
});
export type ArrivalDto = z.infer<typeof arrivalDto>;

export const arrivalMatchDto = z.object({
  statementId: z.string(),
  statementNo: z.string(),
  shopName: z.string(),
  currency: z.string(),
  ...matchAmounts,
});
export const arrivalDetailDto = arrivalDto.extend({ matches: z.array(arrivalMatchDto) });
export type ArrivalDetailDto = z.infer<typeof arrivalDetailDto>;

/**
 * Match an arrival against statements: `statementIds` (each takes what is left of it, as far as the
 * arrival reaches) or `items` with an amount each, in the statement's currency.
 */
export const arrivalMatchInput = z
  .object({
    statementIds: z.array(z.guid()).max(100).optional(),
    items: z
      .array(z.object({ statementId: z.guid(), amount: positiveMoney.optional() }))
      .max(100)
      .optional(),
  })
  .refine((v) => (v.statementIds?.length ?? 0) + (v.items?.length ?? 0) > 0, {
    message: 'Finance::NothingToMatch',
    path: ['items'],
  });
export type ArrivalMatchInput = z.infer<typeof arrivalMatchInput>;
/**
 * Write off what is left of an arrival when it is below one minor unit of the currency of the
 * statements it is matched against (nothing can match it), with the reason (audited).
 */
export const arrivalWriteOffInput = z.object({ reason: z.string().trim().min(1).max(500) });
/** Undo matches: of the statements named, or all when none is. */
export const arrivalUnmatchInput = z.object({ statementIds: z.array(z.guid()).max(100).optional() });

// ---------------------------------------------------------------- cycles

/** A shop's settlement cycle (spec §3 options): settled every `settlementDays`, paid out every `cycleDays`. */
export const settlementCycleInput = z.object({
  settlementDays: z
    .number()
    .int()
    .refine((v) => (settlementOptions as readonly number[]).includes(v), 'Finance::SettlementOption'),
  cycleDays: z
    .number()
    .int()
    .refine((v) => (cycleOptions as readonly number[]).includes(v), 'Finance::CycleOption'),
  /** Day of the month the cycle counts from (1–28). */
  anchorDay: z.number().int().min(1).max(28),
  remark: optionalText(256),
});
export type SettlementCycleInput = z.infer<typeof settlementCycleInput>;
export const settlementCycleDto = z.object({
  ...ofShop,
  /** False until set: the values shown are the defaults. */
  configured: z.boolean(),
  settlementDays: z.number().int(),
  cycleDays: z.number().int(),
  anchorDay: z.number().int(),
  remark: z.string().nullable(),
});
export type SettlementCycleDto = z.infer<typeof settlementCycleDto>;

// ---------------------------------------------------------------- profit

/** Most days one profit list covers (`to` past it is refused). */
export const PROFIT_MAX_DAYS = 366;

const profitFilters = {
  shopId: filter.ref('Shop'),
  /**
   * Days of the tenant's calendar, inclusive: required in effect, as the server lists the last 30
   * days when none is given and refuses more than `PROFIT_MAX_DAYS` (a 400 naming `to`).
   */
  period: filter.dateRange('from', 'to', { label: 'Period' }),
};
const profitMoney = (header?: string) => column.money('currency', { width: 110, ...(header ? { header } : {}) });

/**
 * Profit per order (`/api/trade/finance/profit/orders`) over the orders placed in the period,
 * cancelled ones left out; every figure in the tenant's currency (`currency`). The search looks
 * in the order number and the platform's order id.
 */
export const orderProfitList = defineList({
  texts: 'Finance',
  exportName: 'OrderProfit',
  search: 'OrderNo',
  filters: profitFilters,
  columns: {
    orderNo: column.text({ sort: true, width: 180 }),
    platformOrderId: column.text({ hidden: true, width: 180 }),
    shopName: column.text({ header: 'Shop', width: 160 }),
    orderedAt: column.dateTime({ sort: true, width: 150 }),
    orderTotal: column.money('orderCurrency', { header: 'Amount', width: 120 }),
    orderCurrency: column.text({ exportOnly: true, width: 64 }),
    currency: column.text({ exportOnly: true, width: 64 }),
    revenue: profitMoney(),
    cost: profitMoney(),
    fees: profitMoney(),
    feesEstimated: column.bool({ header: 'FeesAreEstimated', hidden: true, width: 90 }),
    freight: profitMoney(),
    freightSource: column.enum(['ACTUAL', 'ESTIMATED', 'NONE'], { texts: 'Freight:', hidden: true, width: 90 }),
    profit: profitMoney(),
    margin: column.percent({ width: 90 }),
  },
  // the order's total in its own currency (ABP clients sort by `total`)
  sorts: ['total'],
  defaultSort: 'orderedAt desc',
});

/**
 * Profit per SKU (`/api/trade/finance/profit/skus`): the order lines of the period grouped by SKU
 * (at most `PROFIT_MAX_ORDERS` orders read); the search looks in the SKU and its name. Served by
 * hand, not by the kit: the figures are the orders' own split over their lines in exact decimals.
 */
export const skuProfitList = defineList({
  texts: 'Finance',
  exportName: 'SkuProfit',
  search: 'Sku',
  filters: profitFilters,
  columns: {
    sku: column.text({ sort: true, width: 180 }),
    name: column.text({ width: 240 }),
    quantity: column.quantity({ sort: true, width: 90 }),
    orders: column.quantity({ width: 80 }),
    currency: column.text({ exportOnly: true, width: 64 }),
    revenue: column.money('currency', { sort: true, width: 110 }),
    cost: column.money('currency', { sort: true, width: 100 }),
    fees: column.money('currency', { sort: true, width: 100 }),
    freight: column.money('currency', { sort: true, width: 100 }),
    profit: column.money('currency', { sort: true, width: 100 }),
    margin: column.percent({ width: 90 }),
  },
  defaultSort: 'profit desc',
});

/** The query of both profit lists (as before the list kit: `from` and `to` plain days). */
export const profitQuery = pagedQuery.extend({
  from: optionalDay,
  to: optionalDay,
  shopId: optionalId,
});
export type ProfitQuery = z.infer<typeof profitQuery>;

/** What orders earned and cost, in the tenant's currency (an order's, a SKU's, a period's). */
export const profitFigures = {
  revenue: z.string(),
  cost: z.string(),
  fees: z.string(),
  freight: z.string(),
  profit: z.string(),
};

export const orderProfitDto = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  platformOrderId: z.string().nullable(),
  shopName: z.string().nullable(),
  platform: z.string().nullable(),
  orderedAt: z.date(),
  status: z.string(),
  /** The order's own currency and total. */
  orderCurrency: z.string(),
  orderTotal: z.string(),
  /** The rest in the tenant's `currency`. */
  currency: z.string(),
  ...profitFigures,
  /** Fees from settlement lines, or estimated from the platform's rate. */
  feesEstimated: z.boolean(),
  freightSource: z.enum(['ACTUAL', 'ESTIMATED', 'NONE']),
  /** profit ÷ revenue, percent (2 places); null without revenue. */
  margin: z.string().nullable(),
});
export type OrderProfitDto = z.infer<typeof orderProfitDto>;

/** What a SKU sold: its units and the orders they were in. */
export const skuSales = {
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  orders: z.number().int(),
};

export const skuProfitDto = z.object({
  ...skuSales,
  currency: z.string(),
  ...profitFigures,
  margin: z.string().nullable(),
});
export type SkuProfitDto = z.infer<typeof skuProfitDto>;
