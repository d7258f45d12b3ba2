import { pricingPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { catalog } from '../catalog/index.ts';
import { logistics } from '../logistics/index.ts';
import { settings } from '../settings/index.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';
import { seedPricingDemo } from './seed.ts';
import { texts } from './texts.ts';

/**
 * Pricing: price rules that turn a SKU's cost into a marketplace price, explained step by step. A
 * module of its own because it reads both the catalogue (costs) and logistics (freight), and
 * logistics already depends on the catalogue.
 */
export const pricing = defineModule({
  name: 'pricing',
  dependsOn: [settings, catalog, logistics],
  texts: [texts],
  permissions: [pricingPermissions],
  menus,
  routes,
  seedDemo: seedPricingDemo,
});

/** Read by marketplace publishing: the rules (to choose the best match) and the calculator. */
export { calcRetailPrice } from './calc.ts';
export { priceRules } from './schema.ts';
