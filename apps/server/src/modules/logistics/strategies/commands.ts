import type { KitServices } from '../../../core/resource.ts';
import { strategyService } from './service.ts';

/** Freight strategies' writes: the kit's create, update and delete in the caller's transaction. */
export const strategyCommands = (services: KitServices) => strategyService.commands(services);
