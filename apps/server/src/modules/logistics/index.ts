import { logisticsPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';
import { seedLogisticsDemo } from './seed.ts';

/** Logistics: warehouses (countries, zones and freight follow). */
export const logistics = defineModule({
  name: 'logistics',
  texts,
  permissions: [logisticsPermissions],
  menus,
  routes,
  seedDemo: seedLogisticsDemo,
});
