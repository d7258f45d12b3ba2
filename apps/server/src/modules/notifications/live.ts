import type { Services } from '../../core/services.ts';
import { hubOf } from './hub-registry.ts';

/**
 * Sends a hub event (a name and plain JSON) to every live connection of a tenant (null = the
 * host), whatever their language: for pages that refresh themselves when something changes
 * (listings moving between states). With Redis, the hub's adapter carries it to the connections
 * held by the other nodes; in a process without the hub (none attached yet), it is dropped: a
 * live event is a hint to refresh, never the only copy of anything.
 */
export function emitToTenant(services: Services, tenantId: string | null, event: string, payload: unknown): void {
  hubOf(services)?.emitToTenant(tenantId, event, payload);
}
