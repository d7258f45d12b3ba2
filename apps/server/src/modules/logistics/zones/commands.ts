import type { KitServices } from '../../../core/resource.ts';
import { zoneService } from './service.ts';

/** Zones' writes: the kit's create, update and delete (refused while in use) in the caller's transaction. */
export const zoneCommands = (services: KitServices) => zoneService.commands(services);
