import { strategyService } from './service.ts';

/** Freight strategies' reads (the area's service shape): the kit's page, list, one strategy and the export's batches. */
export const strategyQueries = strategyService.queries;
