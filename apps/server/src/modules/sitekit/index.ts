import { sitekitPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { catalog } from '../catalog/index.ts';
import { files } from '../files/index.ts';
import { logistics } from '../logistics/index.ts';
import { marketplaces } from '../marketplaces/index.ts';
import { pricing } from '../pricing/index.ts';
import { settings } from '../settings/index.ts';
import { trade } from '../trade/index.ts';
import { scheduleHousekeeping } from './housekeeping.ts';
import { menus } from './menus.ts';
import { pageTexts } from './page-texts.ts';
import routes from './routes.ts';
import { seedSitekitDemo } from './seed.ts';
import { sitekitSettings } from './settings.ts';
import { shopTexts } from './shop-texts.ts';
import { texts } from './texts.ts';

/**
 * The seller's own storefronts ("sitekit", `/publishingPlatform/site`): sites with their
 * publishable key and rotating secret, and the public Storefront API they call. Its menu group sits
 * under marketplace publishing's `/publishingPlatform`, so that module starts first.
 */
export const sitekit = defineModule({
  name: 'sitekit',
  dependsOn: [settings, files, catalog, logistics, pricing, marketplaces, trade],
  texts: [texts, shopTexts, pageTexts],
  permissions: [sitekitPermissions],
  settings: [sitekitSettings],
  menus,
  start: scheduleHousekeeping,
  routes,
  seedDemo: seedSitekitDemo,
});
