import { matchingZones, zoneService } from './service.ts';

export type { MatchedZone } from './service.ts';

/**
 * Zones' reads (the area's service shape, `docs/architecture.md`): the kit's page, list, one zone
 * and the export's batches, and the zones admitting a destination (the freight estimate's), in the
 * caller's unit.
 */
export const zoneQueries = { ...zoneService.queries, matching: matchingZones };
