import { logisticsPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { catalog } from '../catalog/index.ts';
import { settings } from '../settings/index.ts';
import { texts as carrierTexts } from './carriers/texts.ts';
import { seedCountries, seedTenantCountries } from './countries/seed.ts';
import { texts as countryTexts } from './countries/texts.ts';
import { logisticsSettings } from './freight/currency.ts';
import { texts as freightTexts } from './freight/texts.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';
import { seedLogisticsDemo } from './seed.ts';
import { texts as strategyTexts } from './strategies/texts.ts';
import { texts as zoneTexts } from './zones/texts.ts';

/**
 * Logistics: countries, zones, warehouses, carriers and channels with rate tables, freight
 * strategies and the freight estimate (which reads SKUs' weights and sizes from the catalogue).
 */
export const logistics = defineModule({
  name: 'logistics',
  dependsOn: [settings, catalog],
  texts: [...texts, countryTexts, zoneTexts, carrierTexts, strategyTexts, freightTexts],
  permissions: [logisticsPermissions],
  settings: [logisticsSettings],
  menus,
  routes,
  seedHost: seedCountries,
  seedTenant: seedTenantCountries,
  seedDemo: seedLogisticsDemo,
});

export { tenantCurrency } from './freight/currency.ts';
export { estimateFreight } from './freight/service.ts';
/** Read-only for other modules (marketplace logistics channels link to the tenant's own channels). */
export { channels as logisticsChannels, freightStrategies as logisticsFreightStrategies } from './schema.ts';
export { activeWarehouseOptions } from './warehouses/queries.ts';
export { warehouses as logisticsWarehouses } from './warehouses/schema.ts';
