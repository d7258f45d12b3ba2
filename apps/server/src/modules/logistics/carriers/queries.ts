import { carrierService } from './carriers-service.ts';
import { activeChannels, channelService } from './channels-service.ts';
import { getRateTable } from './rates.ts';
import { exportRates, readRateSheet } from './rates-excel.ts';

export type { FreightChannel } from './channels-service.ts';
/** The largest rate sheet an import reads. */
export { RATE_IMPORT_MAX_BYTES } from './rates-excel.ts';

/**
 * Carriers' and channels' reads (the area's service shape, `docs/architecture.md`): each kit's
 * page, list, one row and export batches, and a channel's rate table, each in the caller's unit.
 */
export const carrierQueries = {
  carriers: carrierService.queries,
  channels: channelService.queries,
  /** A channel's rate table. */
  rates: getRateTable,
  /** A channel's rate table as a workbook (the export), zones by name. */
  ratesWorkbook: exportRates,
  /** Before the unit: an uploaded rate sheet read, its refusal kept for the import to raise. */
  rateSheet: readRateSheet,
  /** The channels with their carriers, as the freight estimate reads them. */
  freightChannels: activeChannels,
};
