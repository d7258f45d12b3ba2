import type { MatchedStatus, SettlementFeeType, SettlementStatus } from '@seller/contracts/trade';
import { date, index, integer, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey, time } from '../../../core/db/columns.ts';
import { moneyColumn } from '../../../core/money.ts';

// money in the row's currency, as the server rounded it to its minor units (core/money.ts)
const amount = (name: string) => moneyColumn(name).notNull().default('0');

/**
 * Settlement statements of a shop (domain §5.6), as the marketplace reports them: Lazada
 * statements, Shopee payouts. Pulling again updates a statement by its number (per shop) and
 * replaces its lines; what arrivals matched (`matched_amount`) stays.
 */
export const settlementStatements = pgTable(
  'trade_settlement_statements',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id').notNull(),
    platform: varchar('platform', { length: 8 }).notNull(),
    statementNo: varchar('statement_no', { length: 64 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    grossSales: amount('gross_sales'),
    fees: amount('fees'),
    shippingFees: amount('shipping_fees'),
    refunds: amount('refunds'),
    adjustments: amount('adjustments'),
    netAmount: amount('net_amount'),
    status: varchar('status', { length: 8 }).$type<SettlementStatus>().notNull(),
    paidAt: time('paid_at'),
    /** Σ of the arrivals' matches, in the statement's currency. */
    matchedAmount: amount('matched_amount'),
    lineCount: integer('line_count').notNull().default(0),
    pulledAt: time('pulled_at').notNull().defaultNow(),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('trade_settlement_statements_no_uq').on(tenantKey, t.shopId, t.statementNo),
    index('trade_settlement_statements_period_ix').on(t.tenantId, t.periodStart),
    // the list's other sort keys
    index('trade_settlement_statements_no_ix').on(t.tenantId, t.statementNo),
    index('trade_settlement_statements_net_ix').on(t.tenantId, t.netAmount),
    index('trade_settlement_statements_status_ix').on(t.tenantId, t.status),
    index('trade_settlement_statements_pulled_ix').on(t.tenantId, t.pulledAt),
  ],
);

/** A statement's lines: per order (item), one per fee type. */
export const settlementLines = pgTable(
  'trade_settlement_lines',
  {
    id: id(),
    tenantId: tenantId(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => settlementStatements.id, { onDelete: 'cascade' }),
    /** The platform's order id. */
    orderNo: varchar('order_no', { length: 64 }).notNull(),
    /** The matched sales order (null until that order is pulled). */
    orderId: uuid('order_id'),
    orderItemNo: varchar('order_item_no', { length: 64 }),
    sku: varchar('sku', { length: 100 }),
    feeType: varchar('fee_type', { length: 24 }).$type<SettlementFeeType>().notNull(),
    feeName: varchar('fee_name', { length: 64 }).notNull(),
    amount: amount('amount'),
    transactionDate: time('transaction_date'),
  },
  (t) => [
    index('trade_settlement_lines_statement_ix').on(t.statementId),
    index('trade_settlement_lines_order_ix').on(t.tenantId, t.orderId),
    index('trade_settlement_lines_order_no_ix').on(t.tenantId, t.orderNo),
  ],
);

/** Arrivals (到账): payouts received through a payout service, matched against statements. */
export const arrivals = pgTable(
  'trade_arrivals',
  {
    id: id(),
    tenantId: tenantId(),
    arrivalNo: varchar('arrival_no', { length: 32 }).notNull(),
    shopId: uuid('shop_id'),
    account: varchar('account', { length: 128 }),
    payService: varchar('pay_service', { length: 16 }).notNull(),
    payeeId: varchar('payee_id', { length: 64 }),
    /** Spec §3 payment type: Cash 5, BACS 10, Alipay 15, WeChat 20. */
    paymentType: integer('payment_type').notNull(),
    payoutTime: time('payout_time').notNull(),
    fromCurrency: varchar('from_currency', { length: 3 }).notNull(),
    fromAmount: amount('from_amount'),
    payoutCurrency: varchar('payout_currency', { length: 3 }).notNull(),
    payoutAmount: amount('payout_amount'),
    fxRate: numeric('fx_rate', { precision: 18, scale: 8 }).notNull(),
    fee: amount('fee'),
    /** What reached the bank, in the tenant's currency (`currency`). */
    receivedAmount: amount('received_amount'),
    currency: varchar('currency', { length: 3 }).notNull(),
    bankReceivedAt: time('bank_received_at'),
    /** Σ of the matches, in `from_currency`. */
    matchedAmount: amount('matched_amount'),
    matchedStatus: varchar('matched_status', { length: 10 }).$type<MatchedStatus>().notNull().default('UNMATCHED'),
    /**
     * A remainder too small to match any statement (below one minor unit of the statement's
     * currency), written off explicitly with a reason, in `from_currency`; it counts as matched.
     */
    writtenOffAmount: amount('written_off_amount'),
    writeOffReason: varchar('write_off_reason', { length: 500 }),
    remark: varchar('remark', { length: 512 }),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('trade_arrivals_no_uq').on(tenantKey, t.arrivalNo),
    index('trade_arrivals_time_ix').on(t.tenantId, t.payoutTime),
    // the list's other sort keys
    index('trade_arrivals_no_ix').on(t.tenantId, t.arrivalNo),
    index('trade_arrivals_from_amount_ix').on(t.tenantId, t.fromAmount),
    index('trade_arrivals_received_ix').on(t.tenantId, t.receivedAmount),
    index('trade_arrivals_matched_ix').on(t.tenantId, t.matchedStatus),
    index('trade_arrivals_created_ix').on(t.tenantId, t.creationTime),
  ],
);

/** What part of an arrival pays what part of a statement. */
export const arrivalMatches = pgTable(
  'trade_arrival_matches',
  {
    id: id(),
    tenantId: tenantId(),
    arrivalId: uuid('arrival_id')
      .notNull()
      .references(() => arrivals.id, { onDelete: 'cascade' }),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => settlementStatements.id, { onDelete: 'cascade' }),
    /** In the statement's currency. */
    amount: amount('amount'),
    /** The same in the arrival's `from_currency`. */
    arrivalAmount: amount('arrival_amount'),
    creationTime: time('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
  },
  (t) => [
    uniqueIndex('trade_arrival_matches_uq').on(t.arrivalId, t.statementId),
    index('trade_arrival_matches_statement_ix').on(t.statementId),
  ],
);

/** A shop's settlement cycle (spec §3 options). */
export const settlementCycles = pgTable(
  'trade_settlement_cycles',
  {
    id: id(),
    tenantId: tenantId(),
    shopId: uuid('shop_id').notNull(),
    settlementDays: integer('settlement_days').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    anchorDay: integer('anchor_day').notNull().default(1),
    remark: varchar('remark', { length: 256 }),
    ...audited(),
  },
  (t) => [uniqueIndex('trade_settlement_cycles_shop_uq').on(tenantKey, t.shopId)],
);
