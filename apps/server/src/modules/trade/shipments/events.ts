import { defineEvent } from '../../../core/events.ts';
import type { Services } from '../../../core/services.ts';
import { queueShipmentSync } from './queue.ts';

/**
 * A shipment's marketplace is to be told its tracking number (it shipped marketplace orders, or
 * the user asked again), raised in the transaction that set its sync PENDING.
 */
export const ShipmentSyncWanted = defineEvent<{ tenantId: string | null; shipmentId: string }>(
  'trade.shipment-sync-wanted',
);

/** Queues the sync once the shipment's transaction committed (a job is never sent inside one). */
export function subscribeToEvents(services: Services) {
  services.events.on(ShipmentSyncWanted, 'after-commit', (e) => queueShipmentSync(services, e.tenantId, e.shipmentId));
}

/** The area's durable jobs (the sync and its sweep), wired by the module at start. */
export { defineJobs } from './jobs.ts';
