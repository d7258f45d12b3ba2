import { menusPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { subscribeToEvents } from './events.ts';
import { texts } from './locales.ts';
import { menus as menuEntries } from './menus.ts';
import routes from './routes.ts';
import { seedMenus } from './seed.ts';

/** Menus and layouts of the web app, and which roles and users see which menus. */
export const menus = defineModule({
  name: 'menus',
  dependsOn: [identity],
  texts,
  events: subscribeToEvents,
  permissions: [menusPermissions],
  menus: menuEntries,
  routes,
  seedTenant: seedMenus,
});
