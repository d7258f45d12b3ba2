import type { SalesOrderRefundInput } from '@seller/contracts/trade';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import type { Ctx } from '../orders/commands.ts';
import { refundOrder } from './service.ts';

/**
 * Refunds and returns of sales orders (their own area: a refund reads what the order's shipments
 * took out of stock, and shipments already depend on orders). Takes the caller's `tx`.
 */
export const returnCommands = (services: Pick<Services, 'events'>) => ({
  /** A full or partial refund: the amount, and units sent back on hand at the cost they left at. */
  refund: (tx: Tx, ctx: Ctx, id: string, action: 'refund' | 'partialRefund', input: SalesOrderRefundInput) =>
    refundOrder(services, tx, ctx, id, action, input),
});
