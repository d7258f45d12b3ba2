import { tradePermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { catalog } from '../catalog/index.ts';
import { files } from '../files/index.ts';
import { logistics } from '../logistics/index.ts';
import { marketplaces } from '../marketplaces/index.ts';
import { notifications } from '../notifications/index.ts';
import { settings } from '../settings/index.ts';
import { defineJobs as defineBulkJobs } from './bulk/jobs.ts';
import { texts as bulkTexts } from './bulk/texts.ts';
import { defineDemoSimulatorJob } from './demo-simulator.ts';
import { texts as financeTexts } from './finance/texts.ts';
import { menus } from './menus.ts';
import { defineJobs as defineOrderJobs } from './orders/events.ts';
import { texts as orderTexts } from './orders/texts.ts';
import { texts as purchaseTexts } from './purchase/texts.ts';
import { subscribeToEvents as subscribeReceiving } from './receiving/events.ts';
import { texts as receivingTexts } from './receiving/texts.ts';
import routes from './routes.ts';
import { seedTradeDemo } from './seed.ts';
import { tradeSettings } from './settings.ts';
import { defineJobs as defineShipmentJobs, subscribeToEvents as subscribeShipments } from './shipments/events.ts';
import { texts as shipmentTexts } from './shipments/texts.ts';
import { texts as statisticsTexts } from './statistics/texts.ts';
import { texts as stockTexts } from './stock/texts.ts';
import { texts } from './texts.ts';

/**
 * Order management: sales orders (pulled from the marketplaces and manual), purchasing and
 * receiving, the stock snapshot and its ledger, shipments with their tracking, settlements and
 * arrivals, and the statistics over them. One module because every area writes the same stock
 * ledger (`stock/ledger.ts`, the one writer) in its own transactions; one folder per area.
 */
export const trade = defineModule({
  name: 'trade',
  dependsOn: [settings, notifications, files, catalog, logistics, marketplaces],
  texts: [
    texts,
    stockTexts,
    orderTexts,
    purchaseTexts,
    receivingTexts,
    shipmentTexts,
    financeTexts,
    statisticsTexts,
    bulkTexts,
  ],
  permissions: [tradePermissions],
  settings: [tradeSettings],
  menus,
  events: (services) => {
    subscribeReceiving(services);
    subscribeShipments(services);
  },
  start: async (services) => {
    await defineOrderJobs(services);
    await defineShipmentJobs(services);
    await defineBulkJobs(services);
    await defineDemoSimulatorJob(services);
  },
  routes,
  seedDemo: seedTradeDemo,
});

/** The storefront's demo records payments and packing of its orders as a user would. */
export { orderCommands as tradeOrderCommands } from './orders/commands.ts';
/** Read by the CRM's order tracking (a CRM order may link a sales order). */
export { salesOrders as tradeSalesOrders } from './orders/schema.ts';
/** The storefront's (sitekit's) way into the order book: its checkout, its shoppers' orders, its unpaid-order job. */
export {
  availableStock,
  cancelUnpaidSiteOrder,
  placeSiteOrder,
  type SiteOrderInput,
  siteOrdersOf,
  siteOrderWith,
} from './site-orders/service.ts';
