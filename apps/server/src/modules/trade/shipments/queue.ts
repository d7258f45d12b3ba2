import type { Services } from '../../../core/services.ts';

/**
 * Queuing a shipment's marketplace sync, apart from the job's handler (`jobs.ts`, which imports
 * the service) so that the service queues it without importing the handler.
 */

/** Telling a marketplace the tracking number of a shipped shipment (one run per shipment). */
export const SHIPMENT_SYNC_JOB = 'trade.shipments.sync';

export interface SyncData {
  tenantId: string | null;
  shipmentId: string;
}

/** Queues the marketplace sync of a shipment (after the commit; one queued per shipment). */
export async function queueShipmentSync(services: Services, tenantId: string | null, shipmentId: string) {
  await services.jobs.send(SHIPMENT_SYNC_JOB, { tenantId, shipmentId } satisfies SyncData, {
    singletonKey: shipmentId,
  });
}
