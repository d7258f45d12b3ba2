import type { KitServices } from '../../../core/resource.ts';
import { carrierService } from './carriers-service.ts';
import { channelService } from './channels-service.ts';
import { saveRateTable } from './rates.ts';
import { importRates } from './rates-excel.ts';

/**
 * Carriers' and channels' writes, each in the caller's transaction: each kit's create, update and
 * delete, and a channel's rate table replaced whole (from JSON or from an imported sheet).
 */
export const carrierCommands = (services: KitServices) => ({
  carriers: carrierService.commands(services),
  channels: channelService.commands(services),
  /** Replaces the table after its rules; answers it as saved. */
  saveRates: saveRateTable,
  /** Replaces the table with a sheet's rows (`carrierQueries.rateSheet`), all or nothing. */
  importRates,
});
