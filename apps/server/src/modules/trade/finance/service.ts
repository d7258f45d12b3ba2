import { randomBytes } from 'node:crypto';
import { minorUnits } from '@seller/contracts/money';
import {
  type ArrivalDetailDto,
  type ArrivalDto,
  type ArrivalInput,
  type ArrivalMatchInput,
  arrivalList,
  type MatchedStatus,
  type OrderProfitDto,
  orderProfitList,
  PROFIT_MAX_DAYS,
  type ProfitQuery,
  type SettlementCycleDto,
  type SettlementCycleInput,
  type SkuProfitDto,
  type StatementDetailDto,
  type StatementDto,
  statementList,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import { checkBound, NumberBounds } from '../../../core/bounds.ts';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, modifiedBy, owned, recordChange } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { newConcurrencyStamp } from '../../../core/db/columns.ts';
import { AppError, conflict, fieldError, notFound } from '../../../core/errors.ts';
import { type ListContext, listService } from '../../../core/lists.ts';
import { moneyText } from '../../../core/money.ts';
import { contains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import { midnight, nextDay, today } from '../../../core/time.ts';
import { tenantCurrency } from '../../logistics/index.ts';
import { marketplaceShops } from '../../marketplaces/index.ts';
import { salesOrders } from '../orders/schema.ts';
import { orderProfits, rateOf } from './profit-data.ts';
import { arrivalMatches, arrivals, settlementCycles, settlementLines, settlementStatements } from './schema.ts';

export type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
const DAY = 86_400_000;
/** An amount rounded half-up to its currency's minor units, as text (core/money.ts). */
const money = (d: Decimal.Value, currency: string) => moneyText(d, currency);

export function matchedStatusOf(matched: Decimal.Value, whole: Decimal.Value): MatchedStatus {
  const m = new Decimal(matched);
  if (m.lte(0)) return 'UNMATCHED';
  return m.gte(whole) ? 'MATCHED' : 'PARTIAL';
}

async function shopNames(tx: Tx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (!wanted.length) return new Map<string, string>();
  const found = await tx
    .select({ id: marketplaceShops.id, name: marketplaceShops.name })
    .from(marketplaceShops)
    .where(inArray(marketplaceShops.id, wanted));
  return new Map(found.map((r) => [r.id, r.name]));
}

/** A page's rows as DTOs, each given its shop's name (undefined without one), the names read once. */
async function withShopNames<R extends { shopId: string | null }, D>(
  tx: Tx,
  rows: R[],
  dto: (row: R, shopName: string | undefined) => D,
) {
  const names = await shopNames(
    tx,
    rows.map((r) => r.shopId),
  );
  return rows.map((r) => dto(r, r.shopId ? names.get(r.shopId) : undefined));
}

async function ownShop(tx: Tx, ctx: CrudContext, id: string, member = 'shopId') {
  const [shop] = await tx
    .select({ id: marketplaceShops.id, name: marketplaceShops.name, platform: marketplaceShops.platform })
    .from(marketplaceShops)
    .where(owned(ctx, marketplaceShops, eq(marketplaceShops.id, id)));
  if (!shop) throw member === 'path' ? notFound('Shop', id) : fieldError(member, 'Finance::ShopNotFound', [id]);
  return shop;
}

// ---------------------------------------------------------------- statements

type StatementRow = typeof settlementStatements.$inferSelect;

function statementDto(r: StatementRow, shopName: string): StatementDto {
  const m = (v: string) => money(v, r.currency);
  return {
    id: r.id,
    shopId: r.shopId,
    shopName,
    platform: r.platform,
    statementNo: r.statementNo,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    currency: r.currency,
    grossSales: m(r.grossSales),
    fees: m(r.fees),
    shippingFees: m(r.shippingFees),
    refunds: m(r.refunds),
    adjustments: m(r.adjustments),
    netAmount: m(r.netAmount),
    status: r.status,
    paidAt: r.paidAt,
    matchedAmount: m(r.matchedAmount),
    matchedStatus: matchedStatusOf(r.matchedAmount, r.netAmount),
    lineCount: r.lineCount,
    pulledAt: r.pulledAt,
  };
}

/** The list kit's filters see the request only through its context: the tenant's time zone is read into it once. */
type ZoneCtx = ListContext & { timeZone: string };

/** Statements: the period (calendar days) overlaps the chosen days; filtered by how far arrivals match them. */
export const statementListService = listService(statementList, {
  context: async (services, ctx) => ({ timeZone: await services.timeZone(ctx) }),
  table: settlementStatements,
  search: [settlementStatements.statementNo],
  filters: {
    shopId: settlementStatements.shopId,
    status: settlementStatements.status,
    matchedStatus: (status: MatchedStatus) => {
      const s = settlementStatements;
      return status === 'UNMATCHED'
        ? sql`${s.matchedAmount} <= 0`
        : status === 'MATCHED'
          ? sql`${s.matchedAmount} > 0 and ${s.matchedAmount} >= ${s.netAmount}`
          : sql`${s.matchedAmount} > 0 and ${s.matchedAmount} < ${s.netAmount}`;
    },
    // the kit gives the instants of the first day's start and the day after the last; the period is in days
    period: ({ from, to }: { from?: Date; to?: Date }, ctx) => {
      const zone = (ctx as ZoneCtx).timeZone;
      return and(
        from ? gte(settlementStatements.periodEnd, today(zone, from)) : undefined,
        to ? lte(settlementStatements.periodStart, today(zone, new Date(to.getTime() - 1))) : undefined,
      );
    },
  },
  sorts: {
    periodStart: settlementStatements.periodStart,
    statementNo: settlementStatements.statementNo,
    netAmount: settlementStatements.netAmount,
    status: settlementStatements.status,
    pulledAt: settlementStatements.pulledAt,
  },
  items: (tx, _ctx, rows: (typeof settlementStatements.$inferSelect)[]) =>
    withShopNames(tx, rows, (r, shopName) => statementDto(r, shopName ?? '')),
});

export async function getStatement(tx: Tx, ctx: Ctx, id: string): Promise<StatementDetailDto> {
  const [row] = await tx
    .select()
    .from(settlementStatements)
    .where(owned(ctx, settlementStatements, eq(settlementStatements.id, id)));
  if (!row) throw notFound('SettlementStatement', id);
  const lines = await tx
    .select()
    .from(settlementLines)
    .where(eq(settlementLines.statementId, id))
    .orderBy(asc(settlementLines.orderNo), asc(settlementLines.transactionDate), asc(settlementLines.id));
  const matches = await tx
    .select({
      arrivalId: arrivalMatches.arrivalId,
      arrivalNo: arrivals.arrivalNo,
      amount: arrivalMatches.amount,
      arrivalAmount: arrivalMatches.arrivalAmount,
    })
    .from(arrivalMatches)
    .innerJoin(arrivals, eq(arrivals.id, arrivalMatches.arrivalId))
    .where(eq(arrivalMatches.statementId, id))
    .orderBy(asc(arrivals.arrivalNo));
  const names = await shopNames(tx, [row.shopId]);
  return {
    ...statementDto(row, names.get(row.shopId) ?? ''),
    lines: lines.map((l) => ({
      id: l.id,
      orderNo: l.orderNo,
      orderId: l.orderId,
      orderItemNo: l.orderItemNo,
      sku: l.sku,
      feeType: l.feeType,
      feeName: l.feeName,
      amount: money(l.amount, row.currency),
      transactionDate: l.transactionDate,
    })),
    matches,
  };
}

// ---------------------------------------------------------------- arrivals

type ArrivalRow = typeof arrivals.$inferSelect;

function arrivalDto(r: ArrivalRow, shopName: string | null): ArrivalDto {
  return {
    id: r.id,
    arrivalNo: r.arrivalNo,
    shopId: r.shopId,
    shopName,
    account: r.account,
    payService: r.payService,
    payeeId: r.payeeId,
    paymentType: r.paymentType,
    payoutTime: r.payoutTime,
    fromCurrency: r.fromCurrency,
    fromAmount: money(r.fromAmount, r.fromCurrency),
    payoutCurrency: r.payoutCurrency,
    payoutAmount: money(r.payoutAmount, r.payoutCurrency),
    fxRate: r.fxRate,
    fee: money(r.fee, r.payoutCurrency),
    receivedAmount: money(r.receivedAmount, r.currency),
    currency: r.currency,
    bankReceivedAt: r.bankReceivedAt,
    matchedAmount: money(r.matchedAmount, r.fromCurrency),
    matchedStatus: r.matchedStatus,
    writtenOffAmount: money(r.writtenOffAmount, r.fromCurrency),
    writeOffReason: r.writeOffReason,
    remark: r.remark,
    creationTime: r.creationTime,
    concurrencyStamp: r.concurrencyStamp,
  };
}

/** Arrivals: by shop, matching and payout day; the text in the arrival no., the account and the remark. */
export const arrivalListService = listService(arrivalList, {
  table: arrivals,
  search: [arrivals.arrivalNo, arrivals.account, arrivals.remark],
  filters: {
    shopId: arrivals.shopId,
    matchedStatus: arrivals.matchedStatus,
    payout: arrivals.payoutTime,
  },
  sorts: {
    arrivalNo: arrivals.arrivalNo,
    payoutTime: arrivals.payoutTime,
    fromAmount: arrivals.fromAmount,
    receivedAmount: arrivals.receivedAmount,
    matchedStatus: arrivals.matchedStatus,
    creationTime: arrivals.creationTime,
  },
  items: (tx, _ctx, rows: (typeof arrivals.$inferSelect)[]) =>
    withShopNames(tx, rows, (r, shopName) => arrivalDto(r, shopName ?? null)),
});

async function arrivalRow(tx: Tx, ctx: CrudContext, id: string, lock = false): Promise<ArrivalRow> {
  const q = tx
    .select()
    .from(arrivals)
    .where(owned(ctx, arrivals, eq(arrivals.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Arrival', id);
  return row;
}

async function arrivalDetail(tx: Tx, _ctx: CrudContext, row: ArrivalRow): Promise<ArrivalDetailDto> {
  const matches = await tx
    .select({
      statementId: arrivalMatches.statementId,
      statementNo: settlementStatements.statementNo,
      shopId: settlementStatements.shopId,
      currency: settlementStatements.currency,
      amount: arrivalMatches.amount,
      arrivalAmount: arrivalMatches.arrivalAmount,
    })
    .from(arrivalMatches)
    .innerJoin(settlementStatements, eq(settlementStatements.id, arrivalMatches.statementId))
    .where(eq(arrivalMatches.arrivalId, row.id))
    .orderBy(asc(settlementStatements.periodStart));
  const names = await shopNames(tx, [row.shopId, ...matches.map((m) => m.shopId)]);
  return {
    ...arrivalDto(row, row.shopId ? (names.get(row.shopId) ?? null) : null),
    matches: matches.map((m) => ({
      statementId: m.statementId,
      statementNo: m.statementNo,
      shopName: names.get(m.shopId) ?? '',
      currency: m.currency,
      amount: m.amount,
      arrivalAmount: m.arrivalAmount,
    })),
  };
}

export async function getArrival(tx: Tx, ctx: Ctx, id: string) {
  return arrivalDetail(tx, ctx, await arrivalRow(tx, ctx, id));
}

/** The tenant's currency and rates (read before the unit: arrivals convert with them). */
export const moneyOf = (services: Services, ctx: Ctx) => tenantCurrency(services, ctx);
export type Money = Awaited<ReturnType<typeof moneyOf>>;

/** The tenant's currency, rates and time zone (read before the unit: the profit is worked out with them). */
export async function profitSettingsOf(services: Services, ctx: Ctx) {
  const { currency, rates } = await tenantCurrency(services, ctx);
  return { currency, rates, timeZone: await services.timeZone(ctx) };
}
export type ProfitSettings = Awaited<ReturnType<typeof profitSettingsOf>>;

async function arrivalValues(tx: Tx, ctx: CrudContext, { currency, rates }: Money, input: ArrivalInput) {
  if (input.shopId) await ownShop(tx, ctx, input.shopId);
  let received = input.receivedAmount;
  if (received === null) {
    // what the payout service paid, less its fee, in the tenant's currency
    const net = new Decimal(input.payoutAmount).sub(input.fee);
    if (net.isNegative()) throw fieldError('fee', 'Finance::FeeAbovePayout');
    const converted = net.mul(rateOf(rates, input.payoutCurrency, 'payoutCurrency'));
    checkBound('payoutAmount', converted, NumberBounds.amount, 'Number:ConvertedAtMost');
    received = money(converted, currency);
  }
  return {
    shopId: input.shopId,
    account: input.account,
    payService: input.payService,
    payeeId: input.payeeId,
    paymentType: input.paymentType,
    payoutTime: input.payoutTime,
    fromCurrency: input.fromCurrency,
    fromAmount: input.fromAmount,
    payoutCurrency: input.payoutCurrency,
    payoutAmount: input.payoutAmount,
    fxRate: input.fxRate,
    fee: input.fee,
    receivedAmount: received,
    currency,
    bankReceivedAt: input.bankReceivedAt,
    remark: input.remark,
  };
}

export async function createArrival(tx: Tx, ctx: Ctx, tenantMoney: Money, input: ArrivalInput): Promise<ArrivalRow> {
  const values = await arrivalValues(tx, ctx, tenantMoney, input);
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const arrivalNo = `AR${day}${randomBytes(3).toString('hex').toUpperCase()}`;
  const [row] = await tx
    .insert(arrivals)
    .values({ ...values, arrivalNo, tenantId: ctx.tenant?.id ?? null, creatorId: ctx.user?.id ?? null })
    .returning();
  recordChange(ctx, 'Arrival', 0, row!.id, {}, row as unknown as Record<string, unknown>);
  return row!;
}

export async function updateArrival(
  tx: Tx,
  ctx: Ctx,
  tenantMoney: Money,
  id: string,
  input: ArrivalInput & { concurrencyStamp?: string },
): Promise<void> {
  const before = await arrivalRow(tx, ctx, id, true);
  if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw conflict();
  const values = await arrivalValues(tx, ctx, tenantMoney, input);
  const matched = new Decimal(before.matchedAmount);
  if (matched.gt(0) && input.fromCurrency !== before.fromCurrency) {
    throw fieldError('fromCurrency', 'Finance::MatchedCurrencyFixed');
  }
  if (matched.gt(input.fromAmount)) throw fieldError('fromAmount', 'Finance::BelowMatched', [before.matchedAmount]);
  // a write-off was of the remainder of the amount it was made for
  const writtenOff = new Decimal(before.fromAmount).eq(input.fromAmount) ? before.writtenOffAmount : '0';
  const [row] = await tx
    .update(arrivals)
    .set({
      ...values,
      writtenOffAmount: writtenOff,
      writeOffReason: new Decimal(writtenOff).isZero() ? null : before.writeOffReason,
      matchedStatus: matchedStatusOf(matched.add(writtenOff), input.fromAmount),
      ...modifiedBy(ctx),
    })
    .where(eq(arrivals.id, id))
    .returning();
  recordChange(
    ctx,
    'Arrival',
    1,
    id,
    before as unknown as Record<string, unknown>,
    row as unknown as Record<string, unknown>,
  );
}

export async function deleteArrival(tx: Tx, ctx: Ctx, id: string): Promise<void> {
  const before = await arrivalRow(tx, ctx, id, true);
  if (new Decimal(before.matchedAmount).gt(0)) {
    throw new AppError({ status: 409, code: 'Finance:ArrivalMatched', messageKey: 'Finance::ArrivalMatched' });
  }
  await tx.delete(arrivals).where(eq(arrivals.id, id));
  recordChange(ctx, 'Arrival', 2, id, before as unknown as Record<string, unknown>, {});
}

/**
 * `amount` of a statement's currency in the arrival's `fromCurrency`, at the payout's own rate: the
 * same when they are one currency; else into the payout currency (the same, or through the
 * tenant's rates) and from it ÷ the arrival's rate (`fromAmount × fxRate = payoutAmount`).
 */
function toArrivalCurrency(
  amount: Decimal,
  currency: string,
  a: ArrivalRow,
  rates: Record<string, string>,
  member: string,
) {
  if (currency === a.fromCurrency) return amount;
  const inPayout =
    currency === a.payoutCurrency
      ? amount
      : amount.mul(rateOf(rates, currency, member)).div(rateOf(rates, a.payoutCurrency, member));
  return inPayout.div(a.fxRate);
}

/** What one minor unit of `currency` (0.01 SGD) is worth in the arrival's currency, unrounded. */
const smallestUnitIn = (currency: string, a: ArrivalRow, rates: Record<string, string>, member: string) =>
  toArrivalCurrency(new Decimal(10).pow(-minorUnits(currency)), currency, a, rates, member);

/**
 * Matches an arrival against statements, in one transaction holding both rows: each item takes
 * its amount (or what is left of the statement, as far as the arrival reaches). Neither a
 * statement nor the arrival may be matched beyond its amount: a 400 naming the item's amount.
 */
export async function matchArrival(tx: Tx, ctx: Ctx, { rates }: Money, id: string, input: ArrivalMatchInput) {
  const a = await arrivalRow(tx, ctx, id, true);
  const items = [
    ...(input.statementIds ?? []).map((statementId, i) => ({
      statementId,
      amount: undefined as string | undefined,
      member: `statementIds.${i}`,
    })),
    ...(input.items ?? []).map((it, i) => ({ ...it, member: `items.${i}.amount` })),
  ];
  const seen = new Set<string>();
  let arrivalLeft = new Decimal(a.fromAmount).sub(a.matchedAmount).sub(a.writtenOffAmount);
  let arrivalMatched = new Decimal(a.matchedAmount);
  for (const it of items) {
    if (seen.has(it.statementId))
      throw fieldError(it.member.replace(/\.amount$/, '.statementId'), 'Finance::StatementTwice');
    seen.add(it.statementId);
    const [s] = await tx
      .select()
      .from(settlementStatements)
      .where(owned(ctx, settlementStatements, eq(settlementStatements.id, it.statementId)))
      .for('update');
    if (!s) throw notFound('SettlementStatement', it.statementId);
    const stmtLeft = new Decimal(s.netAmount).sub(s.matchedAmount);
    if (stmtLeft.lte(0)) throw fieldError(it.member, 'Finance::StatementFullyMatched', [s.statementNo]);
    if (arrivalLeft.lte(0)) throw fieldError(it.member, 'Finance::ArrivalFullyMatched', [a.arrivalNo]);
    let amount: Decimal;
    let arrivalAmount: Decimal;
    if (it.amount === undefined) {
      // the rest of the statement, as far as the arrival reaches
      const reach = toArrivalCurrency(new Decimal(1), s.currency, a, rates, it.member);
      const most = arrivalLeft.div(reach).toDecimalPlaces(minorUnits(s.currency), Decimal.ROUND_DOWN);
      // what is left of the arrival does not reach one minor unit of the statement's currency
      if (most.lte(0)) throw remainderTooSmall(it.member, a, arrivalLeft, s);
      amount = Decimal.min(stmtLeft, most);
      arrivalAmount = Decimal.min(
        toArrivalCurrency(amount, s.currency, a, rates, it.member).toDecimalPlaces(
          minorUnits(a.fromCurrency),
          Decimal.ROUND_HALF_UP,
        ),
        arrivalLeft,
      );
    } else {
      amount = new Decimal(it.amount);
      if (amount.gt(stmtLeft)) {
        throw fieldError(it.member, 'Finance::OverMatchStatement', [
          s.statementNo,
          money(stmtLeft, s.currency),
          s.currency,
        ]);
      }
      arrivalAmount = toArrivalCurrency(amount, s.currency, a, rates, it.member).toDecimalPlaces(
        minorUnits(a.fromCurrency),
        Decimal.ROUND_HALF_UP,
      );
      if (arrivalAmount.gt(arrivalLeft)) {
        throw fieldError(it.member, 'Finance::OverMatchArrival', [
          a.arrivalNo,
          money(arrivalLeft, a.fromCurrency),
          a.fromCurrency,
        ]);
      }
    }
    await tx
      .insert(arrivalMatches)
      .values({
        tenantId: ctx.tenant?.id ?? null,
        arrivalId: a.id,
        statementId: s.id,
        amount: money(amount, s.currency),
        arrivalAmount: money(arrivalAmount, a.fromCurrency),
        creatorId: ctx.user?.id ?? null,
      })
      .onConflictDoUpdate({
        target: [arrivalMatches.arrivalId, arrivalMatches.statementId],
        set: {
          amount: sql`${arrivalMatches.amount} + ${money(amount, s.currency)}`,
          arrivalAmount: sql`${arrivalMatches.arrivalAmount} + ${money(arrivalAmount, a.fromCurrency)}`,
        },
      });
    await tx
      .update(settlementStatements)
      .set({ matchedAmount: money(new Decimal(s.matchedAmount).add(amount), s.currency) })
      .where(eq(settlementStatements.id, s.id));
    arrivalLeft = arrivalLeft.sub(arrivalAmount);
    arrivalMatched = arrivalMatched.add(arrivalAmount);
  }
  await tx
    .update(arrivals)
    .set({
      matchedAmount: money(arrivalMatched, a.fromCurrency),
      matchedStatus: matchedStatusOf(arrivalMatched.add(a.writtenOffAmount), a.fromAmount),
      concurrencyStamp: newConcurrencyStamp(),
      lastModificationTime: new Date(),
      lastModifierId: ctx.user?.id ?? null,
    })
    .where(eq(arrivals.id, a.id));
}

const remainderTooSmall = (
  member: string,
  a: ArrivalRow,
  left: Decimal,
  s: { statementNo: string; currency: string },
) =>
  fieldError(member, 'Finance::RemainderTooSmall', [
    a.arrivalNo,
    money(left, a.fromCurrency),
    a.fromCurrency,
    s.statementNo,
    new Decimal(10).pow(-minorUnits(s.currency)).toFixed(minorUnits(s.currency)),
    s.currency,
  ]);

/**
 * Writes off what is left of an arrival, with the reason, when it is below what one minor unit of
 * the currency of every statement it is matched against is worth in the arrival's currency (no
 * statement can take it): the arrival is then matched. Recorded in the audit log as a change of
 * the arrival. Refused (400 naming `reason`) when nothing is left, when the arrival is matched
 * against no statement, or when the remainder could still be matched.
 */
export async function writeOffArrival(tx: Tx, ctx: Ctx, { rates }: Money, id: string, reason: string) {
  const a = await arrivalRow(tx, ctx, id, true);
  const left = new Decimal(a.fromAmount).sub(a.matchedAmount).sub(a.writtenOffAmount);
  if (left.lte(0)) throw fieldError('reason', 'Finance::ArrivalFullyMatched', [a.arrivalNo]);
  const matched = await tx
    .selectDistinct({ statementNo: settlementStatements.statementNo, currency: settlementStatements.currency })
    .from(arrivalMatches)
    .innerJoin(settlementStatements, eq(settlementStatements.id, arrivalMatches.statementId))
    .where(eq(arrivalMatches.arrivalId, a.id));
  if (!matched.length) throw fieldError('reason', 'Finance::WriteOffUnmatched', [a.arrivalNo]);
  for (const s of matched) {
    if (left.gte(smallestUnitIn(s.currency, a, rates, 'reason'))) {
      throw fieldError('reason', 'Finance::RemainderMatchable', [
        a.arrivalNo,
        money(left, a.fromCurrency),
        a.fromCurrency,
        s.statementNo,
      ]);
    }
  }
  const [row] = await tx
    .update(arrivals)
    .set({
      writtenOffAmount: money(new Decimal(a.writtenOffAmount).add(left), a.fromCurrency),
      writeOffReason: reason,
      matchedStatus: matchedStatusOf(new Decimal(a.matchedAmount).add(a.writtenOffAmount).add(left), a.fromAmount),
      ...modifiedBy(ctx),
    })
    .where(eq(arrivals.id, a.id))
    .returning();
  recordChange(
    ctx,
    'Arrival',
    1,
    id,
    a as unknown as Record<string, unknown>,
    row as unknown as Record<string, unknown>,
  );
}

/** Undoes the matches of an arrival (with the statements named, or all). */
export async function unmatchArrival(tx: Tx, ctx: Ctx, id: string, statementIds?: string[]): Promise<void> {
  const a = await arrivalRow(tx, ctx, id, true);
  const matches = await tx
    .select()
    .from(arrivalMatches)
    .where(
      and(
        eq(arrivalMatches.arrivalId, a.id),
        statementIds?.length ? inArray(arrivalMatches.statementId, statementIds) : undefined,
      ),
    );
  if (statementIds?.length) {
    const found = new Set(matches.map((m) => m.statementId));
    const i = statementIds.findIndex((s) => !found.has(s));
    if (i >= 0) throw fieldError(`statementIds.${i}`, 'Finance::NotMatched');
  }
  let matched = new Decimal(a.matchedAmount);
  for (const m of matches) {
    await tx
      .update(settlementStatements)
      .set({ matchedAmount: sql`greatest(${settlementStatements.matchedAmount} - ${m.amount}, 0)` })
      .where(eq(settlementStatements.id, m.statementId));
    await tx.delete(arrivalMatches).where(eq(arrivalMatches.id, m.id));
    matched = matched.sub(m.arrivalAmount);
  }
  if (matched.isNegative()) matched = new Decimal(0);
  await tx
    .update(arrivals)
    .set({
      matchedAmount: money(matched, a.fromCurrency),
      // a write-off was of the remainder these matches left: undone with them
      writtenOffAmount: '0',
      writeOffReason: null,
      matchedStatus: matchedStatusOf(matched, a.fromAmount),
      concurrencyStamp: newConcurrencyStamp(),
    })
    .where(eq(arrivals.id, a.id));
}

// ---------------------------------------------------------------- cycles

export const DEFAULT_CYCLE = { settlementDays: 15, cycleDays: 15, anchorDay: 1 };

export async function listCycles(tx: Tx, ctx: Ctx): Promise<{ items: SettlementCycleDto[] }> {
  const shops = await tx
    .select({ id: marketplaceShops.id, name: marketplaceShops.name, platform: marketplaceShops.platform })
    .from(marketplaceShops)
    .where(owned(ctx, marketplaceShops))
    .orderBy(asc(marketplaceShops.name));
  const cycles = await tx.select().from(settlementCycles).where(owned(ctx, settlementCycles));
  const of = new Map(cycles.map((c) => [c.shopId, c]));
  return {
    items: shops.map((s) => {
      const c = of.get(s.id);
      return {
        shopId: s.id,
        shopName: s.name,
        platform: s.platform,
        configured: !!c,
        settlementDays: c?.settlementDays ?? DEFAULT_CYCLE.settlementDays,
        cycleDays: c?.cycleDays ?? DEFAULT_CYCLE.cycleDays,
        anchorDay: c?.anchorDay ?? DEFAULT_CYCLE.anchorDay,
        remark: c?.remark ?? null,
      };
    }),
  };
}

export async function saveCycle(tx: Tx, ctx: Ctx, shopId: string, input: SettlementCycleInput) {
  const shop = await ownShop(tx, ctx, shopId, 'path');
  const values = {
    settlementDays: input.settlementDays,
    cycleDays: input.cycleDays,
    anchorDay: input.anchorDay,
    remark: input.remark,
  };
  const [found] = await tx
    .select({ id: settlementCycles.id })
    .from(settlementCycles)
    .where(owned(ctx, settlementCycles, eq(settlementCycles.shopId, shopId)))
    .for('update');
  if (found) {
    await tx
      .update(settlementCycles)
      .set({ ...values, lastModificationTime: new Date(), lastModifierId: ctx.user?.id ?? null })
      .where(eq(settlementCycles.id, found.id));
  } else {
    await tx
      .insert(settlementCycles)
      .values({ ...values, tenantId: ctx.tenant?.id ?? null, shopId, creatorId: ctx.user?.id ?? null });
  }
  return {
    shopId,
    shopName: shop.name,
    platform: shop.platform,
    configured: true,
    ...values,
  } satisfies SettlementCycleDto;
}

// ---------------------------------------------------------------- profit

/** Most orders the per-SKU and per-period profit read at once. */
export const PROFIT_MAX_ORDERS = 20_000;

/** [from, to) of a query's days (default: the last 30 days), checked: a 400 naming `to`. */
export function dayRange(q: { from?: string; to?: string }, maxDays: number, defaultDays: number, timeZone: string) {
  const to = q.to ?? today(timeZone);
  const from = q.from ?? new Date(Date.parse(to) - (defaultDays - 1) * DAY).toISOString().slice(0, 10);
  if (to < from) throw fieldError('to', 'Finance::RangeOrder');
  const days = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  if (days > maxDays) throw fieldError('to', 'Finance::RangeTooLong', [maxDays]);
  // the days of the tenant's calendar: from the first day's midnight there to the midnight after the last
  return { from: midnight(from, timeZone), to: midnight(nextDay(to), timeZone), fromDay: from, toDay: to, timeZone };
}

function profitWhere(ctx: CrudContext, q: ProfitQuery, range: { from: Date; to: Date }) {
  return owned(
    ctx,
    salesOrders,
    ne(salesOrders.status, 'Cancel'),
    gte(salesOrders.orderedAt, range.from),
    lt(salesOrders.orderedAt, range.to),
    q.shopId ? eq(salesOrders.shopId, q.shopId) : undefined,
    q.filter ? or(contains(salesOrders.orderNo, q.filter), contains(salesOrders.platformOrderId, q.filter)) : undefined,
  );
}

const profitOrderColumns = {
  id: salesOrders.id,
  orderNo: salesOrders.orderNo,
  platformOrderId: salesOrders.platformOrderId,
  shopId: salesOrders.shopId,
  platform: salesOrders.platform,
  orderedAt: salesOrders.orderedAt,
  status: salesOrders.status,
  currency: salesOrders.currency,
  total: salesOrders.total,
  goodsAmount: salesOrders.goodsAmount,
  refundedAmount: salesOrders.refundedAmount,
};

/** What the profit of a page needs besides the rows: the tenant's currency and its rates. */
type ProfitCtx = ListContext & { currency: string; rates: Record<string, string> };

/**
 * Profit per order (`orderProfitList`): the orders of the period (days of the tenant's calendar,
 * the last 30 when none is given, at most PROFIT_MAX_DAYS), cancelled ones left out, each page's
 * profit worked out for its rows.
 */
export const orderProfitListService = listService(orderProfitList, {
  table: salesOrders,
  context: async (services, ctx) => ({ ...(await tenantCurrency(services, ctx)) }),
  // the period is required in effect: the guard fills in the default one and bounds it
  guard: async (services, ctx, q) => {
    for (const member of ['from', 'to'] as const) {
      const v = q[member];
      if (typeof v === 'string' && v.length !== 10) throw fieldError(member, 'Finance::DateFormat');
    }
    const range = dayRange(q as { from?: string; to?: string }, PROFIT_MAX_DAYS, 30, await services.timeZone(ctx));
    q.from = range.fromDay;
    q.to = range.toDay;
  },
  filters: { shopId: salesOrders.shopId, period: salesOrders.orderedAt },
  search: [salesOrders.orderNo, salesOrders.platformOrderId],
  scope: () => ne(salesOrders.status, 'Cancel'),
  sorts: { orderNo: salesOrders.orderNo, orderedAt: salesOrders.orderedAt, total: salesOrders.total },
  items: async (tx, ctx, orders: (typeof salesOrders.$inferSelect)[]) => {
    const { currency, rates } = ctx as ProfitCtx;
    const profits = await orderProfits(tx, orders, { currency, rates });
    const names = await shopNames(
      tx,
      orders.map((o) => o.shopId),
    );
    return orders.map((o): OrderProfitDto => {
      const p = profits.get(o.id)!;
      return {
        orderId: o.id,
        orderNo: o.orderNo,
        platformOrderId: o.platformOrderId,
        shopName: o.shopId ? (names.get(o.shopId) ?? null) : null,
        platform: o.platform,
        orderedAt: o.orderedAt,
        status: o.status,
        orderCurrency: o.currency,
        orderTotal: o.total,
        currency,
        revenue: p.revenue,
        cost: p.cost,
        fees: p.fees,
        feesEstimated: p.feesEstimated,
        freight: p.freight,
        freightSource: p.freightSource,
        profit: p.profit,
        margin: p.margin,
      };
    });
  },
});

/** The orders of a range (at most PROFIT_MAX_ORDERS, newest first) with their profit. */
export async function profitsInRange(
  tx: Tx,
  ctx: CrudContext,
  q: ProfitQuery,
  tenant: { currency: string; rates: Record<string, string>; timeZone: string },
) {
  const range = dayRange(q, PROFIT_MAX_DAYS, 30, tenant.timeZone);
  const orders = await tx
    .select(profitOrderColumns)
    .from(salesOrders)
    .where(profitWhere(ctx, q, range))
    .orderBy(desc(salesOrders.orderedAt))
    .limit(PROFIT_MAX_ORDERS);
  return { orders, profits: await orderProfits(tx, orders, tenant) };
}

export async function skuProfits(tx: Tx, ctx: Ctx, { currency, rates, timeZone }: ProfitSettings, q: ProfitQuery) {
  // the filter is the SKU's here, not the order number's
  const { profits } = await profitsInRange(tx, ctx, { ...q, filter: undefined }, { currency, rates, timeZone });
  const bySku = new Map<
    string,
    { name: string; quantity: number; orders: Set<string>; r: Decimal; c: Decimal; f: Decimal; fr: Decimal }
  >();
  for (const p of profits.values()) {
    for (const l of p.lines) {
      const e = bySku.get(l.sku) ?? {
        name: l.name,
        quantity: 0,
        orders: new Set<string>(),
        r: new Decimal(0),
        c: new Decimal(0),
        f: new Decimal(0),
        fr: new Decimal(0),
      };
      e.quantity += l.quantity;
      e.orders.add(l.orderId);
      e.r = e.r.add(l.revenue);
      e.c = e.c.add(l.cost);
      e.f = e.f.add(l.fees);
      e.fr = e.fr.add(l.freight);
      bySku.set(l.sku, e);
    }
  }
  let items: SkuProfitDto[] = [...bySku.entries()].map(([sku, e]) => {
    const profit = e.r.sub(e.c).sub(e.f).sub(e.fr);
    return {
      sku,
      name: e.name,
      quantity: e.quantity,
      orders: e.orders.size,
      currency,
      revenue: money(e.r, currency),
      cost: money(e.c, currency),
      fees: money(e.f, currency),
      freight: money(e.fr, currency),
      profit: money(profit, currency),
      // a percentage: two places
      margin: e.r.isZero() ? null : profit.div(e.r).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    };
  });
  if (q.filter) {
    const f = q.filter.toLowerCase();
    items = items.filter((i) => i.sku.toLowerCase().includes(f) || i.name.toLowerCase().includes(f));
  }
  const sortKey = (q.sorting ?? 'profit desc').trim().split(/\s+/);
  const field = sortKey[0] as keyof SkuProfitDto;
  const dir = sortKey[1]?.toLowerCase() === 'asc' ? 1 : -1;
  if (!['sku', 'quantity', 'revenue', 'cost', 'fees', 'freight', 'profit'].includes(field)) {
    throw fieldError('sorting', 'Field:Sorting', [q.sorting]);
  }
  items.sort((a, b) => {
    const x = a[field];
    const y = b[field];
    const c =
      typeof x === 'number'
        ? x - (y as number)
        : field === 'sku'
          ? String(x).localeCompare(String(y))
          : new Decimal(x as string).cmp(y as string);
    return c * dir || a.sku.localeCompare(b.sku);
  });
  return { totalCount: items.length, items: items.slice(q.skipCount, q.skipCount + q.maxResultCount) };
}
