import { Decimal } from 'decimal.js';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { tenantCurrency } from '../../logistics/index.ts';
import { marketplaceShops } from '../../marketplaces/index.ts';
import { salesOrders } from '../orders/schema.ts';
import { arrivalMatches, arrivals, settlementCycles, settlementLines, settlementStatements } from './schema.ts';

const DAY = 86_400_000;
const pct = (v: Decimal.Value, p: number) => new Decimal(v).mul(p).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const weekStart = (d: Date) => {
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY;
};
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** What the simulator's Shopee payouts pay per unit (CNY). */
const PAYOUT_RATES: Record<string, string> = { SGD: '5.30', MYR: '1.55' };

/**
 * Demo data of the finance area for tenant demo (idempotent: nothing when it has statements):
 * weekly statements of both demo shops worked out from the seeded sales orders at the simulator's
 * fee rates (commission 4 %, payment fee 2 %; Shopee also charges the shipping the buyer paid),
 * arrivals for the paid ones (a third matched in full, a third in part, a third not matched), and
 * a settlement cycle for each shop.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  const { currency, rates } = await tenantCurrency(services, ctx);
  await services.data.inTenant(ctx, async (tx) => {
    const [any] = await tx
      .select({ id: settlementStatements.id })
      .from(settlementStatements)
      .where(owned(ctx, settlementStatements))
      .limit(1);
    if (any) return;
    const shops = await tx
      .select({ id: marketplaceShops.id, platform: marketplaceShops.platform, name: marketplaceShops.name })
      .from(marketplaceShops)
      .where(owned(ctx, marketplaceShops))
      .orderBy(asc(marketplaceShops.creationTime));
    if (!shops.length) return;
    const orders = await tx
      .select({
        id: salesOrders.id,
        shopId: salesOrders.shopId,
        platformOrderId: salesOrders.platformOrderId,
        currency: salesOrders.currency,
        goodsAmount: salesOrders.goodsAmount,
        shippingFee: salesOrders.shippingFee,
        discount: salesOrders.discount,
        orderedAt: salesOrders.orderedAt,
      })
      .from(salesOrders)
      .where(
        owned(
          ctx,
          salesOrders,
          inArray(
            salesOrders.shopId,
            shops.map((s) => s.id),
          ),
          isNotNull(salesOrders.platformOrderId),
          sql`${salesOrders.status} not in ('Cancel', 'Pending')`,
        ),
      )
      .orderBy(asc(salesOrders.orderedAt));
    const now = Date.now();
    const thisWeek = weekStart(new Date(now));
    const tenantId = demo.id;
    let n = 0;
    for (const shop of shops) {
      const shopee = shop.platform === 'SHOPEE';
      await tx.insert(settlementCycles).values({
        tenantId,
        shopId: shop.id,
        settlementDays: shopee ? 15 : 5,
        cycleDays: shopee ? 15 : 10,
        anchorDay: 1,
        remark: 'Demo',
      });
      const weeks = new Map<number, typeof orders>();
      for (const o of orders.filter((x) => x.shopId === shop.id)) {
        const w = weekStart(o.orderedAt);
        weeks.set(w, [...(weeks.get(w) ?? []), o]);
      }
      const paid: Array<{ id: string; net: Decimal; currency: string; end: number }> = [];
      for (const [monday, list] of [...weeks.entries()].sort((a, b) => a[0] - b[0])) {
        const end = monday + 7 * DAY;
        const status = end > now ? 'OPEN' : end + 7 * DAY <= now ? 'PAID' : 'CLOSED';
        const lines: Array<{ orderNo: string; orderId: string; feeType: string; feeName: string; amount: Decimal }> =
          [];
        let gross = new Decimal(0);
        let shipping = new Decimal(0);
        let fees = new Decimal(0);
        for (const o of list) {
          const goods = new Decimal(o.goodsAmount).sub(o.discount);
          const ship = new Decimal(o.shippingFee);
          const commission = pct(goods, 4);
          const payment = pct(goods.add(ship), 2);
          const line = (feeType: string, feeName: string, amount: Decimal) => {
            if (!amount.isZero()) lines.push({ orderNo: o.platformOrderId!, orderId: o.id, feeType, feeName, amount });
          };
          line('ITEM_PRICE', shopee ? 'original_price' : 'Item Price Credit', goods);
          line('SHIPPING_BY_CUSTOMER', shopee ? 'buyer_paid_shipping_fee' : 'Shipping Fee (Paid By Customer)', ship);
          if (shopee) line('SHIPPING_FEE', 'actual_shipping_fee', ship.neg());
          line('COMMISSION', shopee ? 'commission_fee' : 'Commission', commission.neg());
          line('PAYMENT_FEE', shopee ? 'seller_transaction_fee' : 'Payment Fee', payment.neg());
          gross = gross.add(goods);
          shipping = shipping.add(shopee ? 0 : ship);
          fees = fees.sub(commission).sub(payment);
        }
        const net = gross.add(shipping).add(fees);
        const [row] = await tx
          .insert(settlementStatements)
          .values({
            tenantId,
            shopId: shop.id,
            platform: shop.platform,
            statementNo: `DEMO-${shopee ? 'SP' : 'LZ'}-${dayOf(monday)}`,
            periodStart: dayOf(monday),
            periodEnd: dayOf(monday + 6 * DAY),
            currency: list[0]!.currency,
            grossSales: gross.toFixed(2),
            fees: fees.toFixed(2),
            shippingFees: shipping.toFixed(2),
            netAmount: net.toFixed(2),
            status,
            paidAt: status === 'PAID' ? new Date(end + 7 * DAY) : null,
            lineCount: lines.length,
          })
          .returning({ id: settlementStatements.id });
        await tx.insert(settlementLines).values(
          lines.map((l) => ({
            tenantId,
            statementId: row!.id,
            orderNo: l.orderNo,
            orderId: l.orderId,
            feeType: l.feeType as never,
            feeName: l.feeName,
            amount: l.amount.toFixed(2),
            transactionDate: new Date(end),
          })),
        );
        if (status === 'PAID' && end < thisWeek) paid.push({ id: row!.id, net, currency: list[0]!.currency, end });
      }
      // arrivals: matched, partly matched, not matched, in turn
      for (const [i, s] of paid.entries()) {
        if (!s.net.gt(0)) continue;
        n++;
        const rate = PAYOUT_RATES[s.currency] ?? rates[s.currency] ?? '1';
        const payout = s.net.mul(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        const fee = pct(payout, 1);
        const received = payout
          .sub(fee)
          .mul(rates.CNY ?? (currency === 'CNY' ? '1' : '0'))
          .toDecimalPlaces(2);
        const kind = i % 3;
        const matched =
          kind === 0 ? s.net : kind === 1 ? s.net.div(2).toDecimalPlaces(2, Decimal.ROUND_DOWN) : new Decimal(0);
        const [a] = await tx
          .insert(arrivals)
          .values({
            tenantId,
            arrivalNo: `AR-DEMO-${String(n).padStart(3, '0')}`,
            shopId: shop.id,
            payService: shopee ? 'payoneer' : 'pingpong',
            payeeId: shopee ? 'PY-DEMO' : 'PP-DEMO',
            paymentType: 10,
            payoutTime: new Date(s.end + 7 * DAY),
            fromCurrency: s.currency,
            fromAmount: s.net.toFixed(2),
            payoutCurrency: 'CNY',
            payoutAmount: payout.toFixed(2),
            fxRate: rate,
            fee: fee.toFixed(2),
            receivedAmount: received.toFixed(2),
            currency,
            bankReceivedAt: new Date(s.end + 9 * DAY),
            matchedAmount: matched.toFixed(2),
            matchedStatus: matched.isZero() ? 'UNMATCHED' : matched.gte(s.net) ? 'MATCHED' : 'PARTIAL',
            remark: 'Demo',
          })
          .returning({ id: arrivals.id });
        if (matched.gt(0)) {
          await tx.insert(arrivalMatches).values({
            tenantId,
            arrivalId: a!.id,
            statementId: s.id,
            amount: matched.toFixed(2),
            arrivalAmount: matched.toFixed(2),
          });
          await tx
            .update(settlementStatements)
            .set({ matchedAmount: matched.toFixed(2) })
            .where(and(eq(settlementStatements.id, s.id)));
        }
      }
    }
  });
}
