import { catalogPermissions } from '@seller/contracts/catalog';
import { defineModule } from '../../core/module.ts';
import { files } from '../files/index.ts';
import { settings } from '../settings/index.ts';
import { subscribeToEvents } from './events.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import { texts as productTexts } from './product-locales.ts';
import routes from './routes.ts';
import { seedCatalogDemo } from './seed.ts';
import { catalogSettings } from './sku-pattern.ts';

/** The catalogue: master data, products with variants, vendors, images, import and export. */
export const catalog = defineModule({
  name: 'catalog',
  dependsOn: [files, settings],
  texts: [...texts, ...productTexts],
  events: subscribeToEvents,
  permissions: [catalogPermissions],
  settings: [catalogSettings],
  menus,
  routes,
  seedDemo: seedCatalogDemo,
});
