import { defineEvent } from '../../../core/events.ts';

/**
 * A PO stopped receiving (cancelled, or closed short), raised in the transaction that ended it.
 * Receiving cancels the PO's draft receipts in that transaction; purchasing need not know it.
 */
export const PurchaseReceivingEnded = defineEvent<{ tenantId: string | null; poId: string; userId: string | null }>(
  'trade.purchase-receiving-ended',
);
