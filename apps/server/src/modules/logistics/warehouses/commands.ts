import type { KitServices } from '../../../core/resource.ts';
import { warehouseService } from './service.ts';

/** Warehouses' writes: the kit's create, update and delete in the caller's transaction (one default kept). */
export const warehouseCommands = (services: KitServices) => warehouseService.commands(services);
