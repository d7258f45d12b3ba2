import type { PurchaseStatus } from '@seller/contracts/trade';
import { asc, eq } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProductVariants, catalogSuppliers } from '../../catalog/index.ts';
import { logisticsWarehouses } from '../../logistics/index.ts';
import { purchaseCommands } from './commands.ts';
import { type Ctx, type PurchaseLine, purchaseQueries } from './queries.ts';
import { purchaseOrders } from './schema.ts';

/** The demo's POs: one or two per state, each with a few lines; receipts posted where they arrived. */
const PLAN: { status: PurchaseStatus | 'CLOSED_SHORT'; lines: number[]; received?: number[][] }[] = [
  { status: 'DRAFT', lines: [20, 10] },
  { status: 'SUBMITTED', lines: [50, 30, 12] },
  { status: 'APPROVED', lines: [40, 24] },
  { status: 'PARTIALLY_RECEIVED', lines: [30, 20], received: [[18, 20]] },
  {
    status: 'RECEIVED',
    lines: [25, 15, 10],
    received: [
      [10, 15, 4],
      [15, 0, 6],
    ],
  },
  { status: 'CLOSED_SHORT', lines: [60, 12], received: [[45, 12]] },
  { status: 'CANCELLED', lines: [8] },
];

/**
 * Posts a receipt of `quantities` (by line, in line order) against an approved PO, in the seed's
 * transaction. Receiving provides it (`receiving/seed.ts`): purchasing does not depend on it.
 */
export type ReceiveDemo = (
  tx: Tx,
  ctx: Ctx,
  po: { id: string; lines: PurchaseLine[] },
  quantities: number[],
  trackingNo: string,
) => Promise<void>;

/**
 * Tenant demo's purchasing (idempotent: only while the tenant has no PO): POs in every state for
 * the catalogue's suppliers, through the services, so approval puts stock in transit and the
 * posted receipts (through `receive`) move stock and the ledger exactly as a user's would.
 */
export async function seedDemo(services: Services, demo: CurrentTenant, receive: ReceiveDemo) {
  const ctx = systemContext(demo);
  const { money: moneyOf, prices: defaultPrices, lines: linesOf } = purchaseQueries;
  const { create: createOrder, act } = purchaseCommands(services);
  const money = await moneyOf(services, ctx);
  await services.data.inTenant(ctx, async (tx) => {
    const [any] = await tx
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(owned(ctx, purchaseOrders))
      .limit(1);
    if (any) return;
    const suppliers = await tx
      .select({ id: catalogSuppliers.id })
      .from(catalogSuppliers)
      .where(owned(ctx, catalogSuppliers))
      .orderBy(asc(catalogSuppliers.code));
    const warehouses = await tx
      .select({ id: logisticsWarehouses.id, isDefault: logisticsWarehouses.isDefault })
      .from(logisticsWarehouses)
      .where(owned(ctx, logisticsWarehouses, eq(logisticsWarehouses.isActive, true)));
    warehouses.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    const variants = await tx
      .select({ id: catalogProductVariants.id })
      .from(catalogProductVariants)
      .where(owned(ctx, catalogProductVariants))
      .orderBy(asc(catalogProductVariants.sku))
      .limit(24);
    if (!suppliers.length || !warehouses.length || !variants.length) return;
    let next = 0;
    for (const [n, plan] of PLAN.entries()) {
      const supplierId = suppliers[n % suppliers.length]!.id;
      const warehouseId = warehouses[n % Math.min(2, warehouses.length)]!.id;
      const lines = plan.lines.map((qty) => ({ variantId: variants[next++ % variants.length]!.id, quantity: qty }));
      const prices = await defaultPrices(tx, ctx, supplierId, money.currency, money.rates, lines);
      const po = await createOrder(tx, ctx, money, {
        supplierId,
        warehouseId,
        type: n === 6 ? 'SAMPLE' : 'REGULAR',
        currency: money.currency,
        freight: n % 2 ? '35.00' : '0',
        discount: '0',
        expectedArrival: new Date(Date.now() + (7 + n) * 86_400_000).toISOString().slice(0, 10),
        remark: null,
        lines: lines.map((l, i) => ({
          variantId: l.variantId,
          qtyOrdered: l.quantity,
          unitPrice: prices[i]!.unitPrice ?? (6 + ((n + i) % 5) * 2.5).toFixed(2),
          taxRate: n % 3 === 0 ? '13' : '0',
        })),
      });
      if (plan.status === 'DRAFT') continue;
      await act(tx, ctx, po.id, 'submit');
      if (plan.status === 'SUBMITTED') continue;
      if (plan.status === 'CANCELLED') {
        await act(tx, ctx, po.id, 'cancel');
        continue;
      }
      await act(tx, ctx, po.id, 'approve');
      const poLines = await linesOf(tx, ctx, po.id);
      for (const quantities of plan.received ?? [])
        await receive(tx, ctx, { id: po.id, lines: poLines }, quantities, `SF${1_000_000 + n * 10 + next}`);
      if (plan.status === 'CLOSED_SHORT') await act(tx, ctx, po.id, 'closeShort');
    }
    // two drafts that show the money rules: an order from Japan in whole yen (3 × 1 250 + 800 freight
    // = 4 550 JPY) and one from Kuwait to the fils (4 × 1.275 + 2.500 = 7.600 KWD)
    const foreign = [
      { currency: 'JPY', qty: 3, unitPrice: '1250', freight: '800' },
      { currency: 'KWD', qty: 4, unitPrice: '1.275', freight: '2.500' },
    ];
    for (const [k, f] of foreign.entries()) {
      if (!money.rates[f.currency]) continue;
      await createOrder(tx, ctx, money, {
        supplierId: suppliers[k % suppliers.length]!.id,
        warehouseId: warehouses[0]!.id,
        type: 'REGULAR',
        currency: f.currency,
        freight: f.freight,
        discount: '0',
        remark: null,
        lines: [{ variantId: variants[k]!.id, qtyOrdered: f.qty, unitPrice: f.unitPrice, taxRate: '0' }],
      });
    }
  });
}
