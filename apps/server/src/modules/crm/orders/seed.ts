import { type CrmOrderSource, type CrmOrderStatus, crmOrderTransitions } from '@seller/contracts/crm';
import { asc, desc, isNotNull } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { tradeSalesOrders } from '../../trade/index.ts';
import { crmCustomers } from '../customers/schema.ts';
import { crmOrderHistory, crmOrders } from './schema.ts';

/** A small deterministic generator (the same demo on every seed). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The path an order takes to each final or resting status. */
const paths: CrmOrderStatus[][] = [
  ['Pending'],
  ['Pending', 'Processing'],
  ['Pending', 'Processing', 'Shipped'],
  ['Pending', 'Processing', 'Shipped', 'Delivered'],
  ['Pending', 'Processing', 'Shipped', 'Delivered', 'Completed'],
  ['Pending', 'Processing', 'Shipped', 'Delivered', 'Completed'],
  ['Pending', 'Cancel'],
  ['Pending', 'Processing', 'Shipped', 'Delivered', 'Completed', 'Refunded'],
];
const remarks: Partial<Record<CrmOrderStatus, string>> = {
  Processing: '已确认付款',
  Shipped: '顺丰单号已告知客户',
  Cancel: '客户取消',
  Refunded: '质量问题,全额退款',
};

/**
 * Demo orders of tenant demo (idempotent: nothing when it has some, nothing without customers):
 * 36 orders (8 with DEMO_VOLUME small) of the demo customers from every source and in every
 * status, each with the history of the steps that brought it there; marketplace ones link a trade
 * sales order when demo has any.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  const total = services.config.demoVolume === 'small' ? 8 : 36;
  await services.data.inTenant(ctx, async (tx) => {
    const [any] = await tx.select({ id: crmOrders.id }).from(crmOrders).where(owned(ctx, crmOrders)).limit(1);
    if (any) return;
    const customers = await tx
      .select({ id: crmCustomers.id, ownerUserId: crmCustomers.ownerUserId })
      .from(crmCustomers)
      .where(owned(ctx, crmCustomers, isNotNull(crmCustomers.ownerUserId)))
      .orderBy(asc(crmCustomers.creationTime), asc(crmCustomers.id))
      .limit(30);
    if (!customers.length) return;
    const trade = await tx
      .select({ id: tradeSalesOrders.id, total: tradeSalesOrders.total, currency: tradeSalesOrders.currency })
      .from(tradeSalesOrders)
      .where(owned(ctx, tradeSalesOrders))
      .orderBy(desc(tradeSalesOrders.orderedAt))
      .limit(total);
    const rnd = random(29);
    const now = Date.now();
    const sources: CrmOrderSource[] = ['MANUAL', 'STOREFRONT', 'MARKETPLACE'];
    for (let i = 0; i < total; i++) {
      const customer = customers[(i * 7) % customers.length]!;
      const path = paths[i % paths.length]!;
      const source = sources[i % sources.length]!;
      const linked = source === 'MARKETPLACE' ? trade[i % Math.max(trade.length, 1)] : undefined;
      const orderedAt = new Date(now - (2 + Math.floor(rnd() * 60)) * DAY);
      const status = path.at(-1)!;
      const [row] = await tx
        .insert(crmOrders)
        .values({
          tenantId: demo.id,
          customerId: customer.id,
          orderNo: `CO${orderedAt.toISOString().slice(2, 10).replace(/-/g, '')}${String(1001 + i)}`,
          source,
          status,
          amount: linked
            ? String(linked.total)
            : (100 + Math.floor(rnd() * 20_000) + Math.floor(rnd() * 100) / 100).toFixed(2),
          currency: linked?.currency ?? 'CNY',
          orderedAt,
          remark: i % 5 === 0 ? '老客户复购' : null,
          tradeOrderId: linked?.id ?? null,
          creationTime: orderedAt,
          creatorId: customer.ownerUserId,
        })
        .returning({ id: crmOrders.id });
      await tx.insert(crmOrderHistory).values(
        path.map((to, k) => {
          const from = k ? path[k - 1]! : null;
          if (from && !crmOrderTransitions[from].includes(to)) throw new Error(`demo path ${from} → ${to}`);
          return {
            tenantId: demo.id,
            orderId: row!.id,
            fromStatus: from,
            toStatus: to,
            remark: remarks[to] ?? null,
            byUserId: customer.ownerUserId,
            time: new Date(orderedAt.getTime() + k * 20 * HOUR),
          };
        }),
      );
    }
  });
}
