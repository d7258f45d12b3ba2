import type { Services } from '../../../core/services.ts';

/**
 * The statistics' writes (the area's service shape, `docs/architecture.md`): none, the area only
 * reads the other areas' figures (`queries.ts`).
 */
export const statisticsCommands = (_services: Pick<Services, 'events'>) => ({});
