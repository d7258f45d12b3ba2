import { catalogPermissions } from '@seller/contracts/catalog';
import { defineModule } from '../../core/module.ts';
import { files } from '../files/index.ts';
import { settings } from '../settings/index.ts';
import { subscribeToEvents } from './events.ts';
import { subscribeToEvents as subscribeToGatherEvents } from './gathers/events.ts';
import { defineJobs as defineGatherJobs } from './gathers/jobs.ts';
import { pageTexts as gatherPageTexts, texts as gatherTexts } from './gathers/texts.ts';
import { texts as masterDataTexts } from './locales/master-data.ts';
import { texts as productTexts } from './locales/products.ts';
import { menus } from './menus.ts';
import { productQueries } from './products/queries.ts';
import routes from './routes.ts';
import { seedCatalogDemo } from './seed.ts';
import { catalogSettings } from './settings.ts';
import { subscribeToEvents as subscribeToSkuImageEvents } from './sku-images/events.ts';
import { defineJobs as defineSkuImageJobs } from './sku-images/jobs.ts';
import { texts as skuImageTexts } from './sku-images/texts.ts';

/** The catalogue: master data, products with variants, vendors, images, import and export. */
export const catalog = defineModule({
  name: 'catalog',
  dependsOn: [files, settings],
  texts: [...masterDataTexts, ...productTexts, gatherTexts, gatherPageTexts, skuImageTexts],
  events: (services) => {
    subscribeToEvents(services);
    subscribeToGatherEvents(services);
    subscribeToSkuImageEvents(services);
  },
  permissions: [catalogPermissions],
  settings: [catalogSettings],
  menus,
  start: async (services) => {
    await defineGatherJobs(services);
    await defineSkuImageJobs(services);
  },
  routes,
  seedDemo: seedCatalogDemo,
});

/** Read-only for other modules (category mapping reads categories, attributes, products and variants). */
/** Read by purchasing (a PO's supplier, the vendor links' lead days and tier prices). */
export {
  categories as catalogCategories,
  purchaseAttributes as catalogPurchaseAttributes,
  purchaseAttributeValues as catalogPurchaseAttributeValues,
  screenAttributeOptions as catalogScreenAttributeOptions,
  screenAttributes as catalogScreenAttributes,
  suppliers as catalogSuppliers,
} from './master-data/schema.ts';
export type { SkuCost } from './products/costs.ts';
/** Read by marketplace publishing (a listing's images). */
export {
  productImages as catalogProductImages,
  products as catalogProducts,
  productVariants as catalogProductVariants,
  productVendors as catalogProductVendors,
  type TierPrice,
} from './products/schema.ts';
export type { ShippingFacts } from './products/shipping.ts';
/** Read by pricing and stock (what a SKU costs, whether a category is the tenant's) and the freight estimate (a SKU's weight and size). */
export const { costs: skuCosts, isOwnCategory, shipping: shippingFacts } = productQueries;
