import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { beforeAll } from 'vitest';
import type { TestApp } from '../../../../test/harness.ts';
import type { CurrentTenant } from '../../../core/context.ts';
import type { OrderAddress } from '../orders/schema.ts';
import { salesOrderLines, salesOrders } from '../orders/schema.ts';
import { moveStock, type StockMove } from '../stock/ledger.ts';
import { type TradeApp, variantsOf, warehousesOf } from '../test-support.ts';

export interface TestOrderLine {
  variantId: string;
  sku: string;
  quantity: number;
  sellerSku?: string;
}

/**
 * Orders of the demo's first four variants in its first warehouse, read before the file's tests:
 * `order([[variant index, quantity], …], extra, tenant)` makes one in Processing (`processingOrder`).
 */
export function demoOrders(u: TradeApp) {
  const at = {
    warehouseId: '',
    variants: [] as Awaited<ReturnType<typeof variantsOf>>,
  };
  beforeAll(async () => {
    at.warehouseId = (await warehousesOf(u.t, u.t.demo))[0]!.id;
    at.variants = await variantsOf(u.t, u.t.demo, 4);
  }, 120_000);
  const order = (
    lines: Array<[variant: number, quantity: number]>,
    extra: Partial<Parameters<typeof processingOrder>[2]> = {},
    tenant = u.t.demo,
  ) =>
    processingOrder(u.t, tenant, {
      warehouseId: at.warehouseId,
      lines: lines.map(([v, quantity]) => ({
        variantId: at.variants[v]!.variantId,
        sku: at.variants[v]!.sku,
        quantity,
      })),
      ...extra,
    });
  return { at, order };
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

/** The text of a PDF, as poppler's `pdftotext` reads it back. */
export const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

/** A PDF's page count and first page's size in whole millimetres (poppler's `pdfinfo`). */
export function pdfInfo(pdf: Buffer) {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  const mm = (pt: string) => Math.round((Number(pt) * 25.4) / 72);
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), widthMm: mm(w!), heightMm: mm(h!) };
}
