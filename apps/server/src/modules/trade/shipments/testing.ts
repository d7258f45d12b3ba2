import { randomInt } from 'node:crypto';
import type { TestApp } from '../../../../test/harness.ts';
import type { CurrentTenant } from '../../../core/context.ts';
import type { OrderAddress } from '../orders/schema.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { moveStock, type StockMove } from '../stock/ledger.ts';

export interface TestOrderLine {
  variantId: string;
  sku: string;
  quantity: number;
  sellerSku?: string;
}

/**
 * A sales order in Processing with its stock reserved, written as the orders area does when an
 * order is confirmed: stock put on hand in the warehouse (ADJUST, `stock` per SKU, default 50),
 * then RESERVE of each line's quantity, the order and its lines with `reservedQty`.
 */
export async function processingOrder(
  t: TestApp,
  tenant: CurrentTenant,
  input: {
    warehouseId: string;
    lines: TestOrderLine[];
    countryCode?: string;
    source?: 'MARKETPLACE' | 'MANUAL';
    platform?: 'LAZADA' | 'SHOPEE';
    shopId?: string;
    platformOrderId?: string;
    status?: 'Processing' | 'Pending' | 'PartiallyShipped';
    stock?: number;
  },
) {
  const ctx = { tenant, user: null };
  const address: OrderAddress = {
    name: 'Aisyah Rahman',
    phone: '60123456789',
    line1: '12 Jalan Simulasi',
    line2: null,
    city: 'Kuala Lumpur',
    state: null,
    postCode: '50000',
    countryCode: input.countryCode ?? 'MY',
  };
  return t.services.data.inTenant(ctx, async (tx) => {
    const reserve = input.status !== 'Pending';
    // each line's SKU in stock at the warehouse, then (but for a pending order) reserved for it
    const moveEachLine = (move: (l: TestOrderLine) => Omit<StockMove, 'warehouseId' | 'variantId' | 'sku'>) =>
      moveStock(
        tx,
        ctx,
        input.lines.map((l) => ({ warehouseId: input.warehouseId, variantId: l.variantId, sku: l.sku, ...move(l) })),
      );
    await moveEachLine(() => ({
      type: 'ADJUST',
      onHand: input.stock ?? 50,
      unitCost: '10',
      voucherType: 'TEST',
      voucherNo: 'TEST',
    }));
    const [order] = await tx
      .insert(salesOrders)
      .values({
        tenantId: tenant.id,
        orderNo: `SO-T${Date.now().toString(36).toUpperCase()}${randomInt(1000, 9999)}`,
        source: input.source ?? 'MANUAL',
        platform: input.platform ?? null,
        shopId: input.shopId ?? null,
        platformOrderId: input.platformOrderId ?? null,
        status: input.status ?? 'Processing',
        currency: 'MYR',
        goodsAmount: '100.00',
        total: '100.00',
        buyerName: 'Aisyah Rahman',
        countryCode: input.countryCode ?? 'MY',
        address,
        orderedAt: new Date(),
        warehouseId: input.warehouseId,
      })
      .returning();
    const lines = await tx
      .insert(salesOrderLines)
      .values(
        input.lines.map((l, i) => ({
          tenantId: tenant.id,
          orderId: order!.id,
          lineNo: i + 1,
          sellerSku: l.sellerSku ?? l.sku,
          variantId: l.variantId,
          sku: l.sku,
          name: `Item ${l.sku}`,
          quantity: l.quantity,
          unitPrice: '10.00',
          amount: (10 * l.quantity).toFixed(2),
          reservedQty: reserve ? l.quantity : 0,
        })),
      )
      .returning();
    if (reserve) {
      await moveEachLine((l) => ({
        type: 'RESERVE',
        reserved: l.quantity,
        voucherType: 'SALES_ORDER',
        voucherNo: order!.orderNo,
      }));
    }
    return { order: order!, lines: lines.sort((a, b) => a.lineNo - b.lineNo) };
  });
}
