import { activeWarehouseOptions, warehouseService } from './service.ts';

/** Other modules' name for a form's warehouse picker. */
export { activeWarehouseOptions };

/**
 * Warehouses' reads (the area's service shape, `docs/architecture.md`): the kit's page, list, one
 * warehouse and the export's batches, and the active ones for a picker, in the caller's unit.
 */
export const warehouseQueries = { ...warehouseService.queries, activeOptions: activeWarehouseOptions };
