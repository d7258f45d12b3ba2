import { marketplacePermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { catalog } from '../catalog/index.ts';
import { files } from '../files/index.ts';
import { logistics } from '../logistics/index.ts';
import { notifications } from '../notifications/index.ts';
import { pricing } from '../pricing/index.ts';
import { settings } from '../settings/index.ts';
import { defineJobs as defineCategoryJobs } from './categories/jobs.ts';
import { texts as categoryTexts } from './categories/texts.ts';
import { subscribeToEvents } from './events.ts';
import { defineJobs as defineItemJobs } from './items/jobs.ts';
import { texts as itemTexts } from './items/texts.ts';
import { defineJobs as defineListingJobs } from './listings/jobs.ts';
import { texts as listingTexts } from './listings/texts.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';
import { seedMarketplacesDemo } from './seed.ts';
import { defineJobs as defineShopJobs } from './shops/jobs.ts';
import { shops } from './shops/schema.ts';
import { texts as shopTexts } from './shops/texts.ts';
import { texts } from './texts.ts';

/**
 * Marketplace publishing: Lazada and Shopee shops with their tokens, the clients that call the
 * marketplaces, category mapping, listings published by durable jobs, and the marketplace items
 * and logistics channels as the marketplaces report them.
 */
export const marketplaces = defineModule({
  name: 'marketplaces',
  dependsOn: [settings, notifications, files, catalog, logistics, pricing],
  texts: [texts, shopTexts, categoryTexts, itemTexts, listingTexts],
  permissions: [marketplacePermissions],
  menus,
  // price rules and freight strategy tests name shops without depending on this module
  references: { Shop: shops },
  events: subscribeToEvents,
  start: async (services) => {
    await defineShopJobs(services);
    await defineCategoryJobs(services);
    await defineItemJobs(services);
    await defineListingJobs(services);
  },
  routes,
  seedDemo: seedMarketplacesDemo,
});

/** Read by order management: shops (read-only), the shop-signed clients and their typed errors. */
export { MarketplaceError } from './clients/errors.ts';
export type { LazadaClient } from './clients/lazada.ts';
export type { ShopeeClient } from './clients/shopee.ts';
export { simulatorControl } from './clients/simulator.ts';
/** Order management records each move's available stock here, in its transaction; the shops' listings follow it. */
export { listingCommands as marketplaceListingCommands } from './listings/commands.ts';
export type { StockLevel } from './listings/stock-sync.ts';
export { shopClient } from './shops/queries.ts';
export { shops as marketplaceShops } from './shops/schema.ts';
