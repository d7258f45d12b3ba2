import { crmPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { files } from '../files/index.ts';
import { identity } from '../identity/index.ts';
import { notifications } from '../notifications/index.ts';
import { settings } from '../settings/index.ts';
import { trade } from '../trade/index.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';
import { seedCrmDemo } from './seed.ts';
import { texts } from './texts.ts';

export { crmCustomers } from './customers/schema.ts';

/**
 * Customer management: customers with their team and records, the public pool and its rules,
 * follow-ups, businesses through their stages, order tracking and job reports. Which customers a
 * user sees is decided once, in `customers/access.ts`.
 */
export const crm = defineModule({
  name: 'crm',
  dependsOn: [settings, notifications, files, identity, trade],
  texts: [texts],
  permissions: [crmPermissions],
  menus,
  routes,
  seedDemo: seedCrmDemo,
});
