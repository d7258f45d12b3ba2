import { settingsOf, siteService } from './service.ts';

/** Sites' reads (the area's service shape): the kit's page, list, one site and the export's batches, and a site's settings. */
export const siteQueries = { ...siteService.queries, settings: settingsOf };
