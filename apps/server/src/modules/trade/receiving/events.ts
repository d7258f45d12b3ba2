import type { Services } from '../../../core/services.ts';
import { PurchaseReceivingEnded } from '../purchase/events.ts';
import { cancelDraftReceipts } from './service.ts';

/** Receiving follows the POs it receives against, in the transaction that changed them. */
export function subscribeToEvents(services: Services) {
  services.events.on(PurchaseReceivingEnded, 'in-transaction', (e, tx) => cancelDraftReceipts(tx, e));
}
