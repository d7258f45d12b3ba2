import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { CurrentTenant } from '../../core/context.ts';
import { catalogProductVariants } from '../catalog/index.ts';
import { logisticsWarehouses } from '../logistics/index.ts';
import { useApiApp } from '../permission-management/test-support.ts';
import { moveStock } from './stock/ledger.ts';
import { stock } from './stock/schema.ts';

/**
 * A test app for order management's API tests: the admins of tenants `demo` and `other`, `nobody`
 * (a demo user without any role), the seeded business roles (`salesman`, `stockman`, `finance`),
 * and request helpers taking the caller's token (see `useApiApp`).
 */
export const useTradeApp = (env: Record<string, string> = {}) =>
  useApiApp({ nobody: [], salesman: ['salesman'], stockman: ['stockman'], finance: ['finance'] }, env);

export type TradeApp = ReturnType<typeof useTradeApp>;

/** The first `n` catalogue variants of a tenant (the demo seed has products with variants). */
export async function variantsOf(t: TestApp, tenant: CurrentTenant, n = 10) {
  return t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .select({
        variantId: catalogProductVariants.id,
        sku: catalogProductVariants.sku,
        productId: catalogProductVariants.productId,
      })
      .from(catalogProductVariants)
      .orderBy(asc(catalogProductVariants.sku))
      .limit(n),
  );
}

/** A tenant's active warehouses, default first. */
export async function warehousesOf(t: TestApp, tenant: CurrentTenant) {
  const rows = await t.services.data.inTenant({ tenant }, (tx) =>
    tx
      .select({ id: logisticsWarehouses.id, code: logisticsWarehouses.code, isDefault: logisticsWarehouses.isDefault })
      .from(logisticsWarehouses)
      .where(eq(logisticsWarehouses.isActive, true)),
  );
  return rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.code.localeCompare(b.code));
}

/** Adds `onHand` of `variant` to a demo warehouse (an ADJUST move of voucher `voucherNo`). */
export async function giveStock(
  t: TestApp,
  variant: { variantId: string; sku: string },
  warehouseId: string,
  onHand: number,
  voucherNo = 'T',
) {
  const ctx = { tenant: t.demo, user: null };
  await t.services.data.inTenant(ctx, (tx) =>
    moveStock(tx, ctx, [
      {
        warehouseId,
        variantId: variant.variantId,
        sku: variant.sku,
        type: 'ADJUST',
        onHand,
        voucherType: 'Test',
        voucherNo,
      },
    ]),
  );
}

/** The demo stock of a variant in a warehouse (nothing on hand nor reserved without a row). */
export async function stockOf(t: TestApp, variantId: string, warehouseId: string) {
  const [row] = await t.services.data.inTenant({ tenant: t.demo }, (tx) =>
    tx
      .select()
      .from(stock)
      .where(and(eq(stock.variantId, variantId), eq(stock.warehouseId, warehouseId))),
  );
  return row ?? { onHand: 0, reserved: 0 };
}

/** Pulls a shop's orders by the durable job the salesman asks for over HTTP; the job's result. */
export async function pullOrders(app: TradeApp, shopId: string) {
  const url = '/api/trade/orders/pull';
  const started = await app.post(app.salesman, url, { shopId });
  expect(started.statusCode, started.body).toBe(200);
  const { jobId } = started.json();
  for (let i = 0; i < 150; i++) {
    const state = (await app.get(app.demoAdmin, `${url}/${jobId}`)).json();
    if (state.state === 'completed') return state.result;
    if (state.state === 'failed') throw new Error(JSON.stringify(state));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the pull did not finish');
}
