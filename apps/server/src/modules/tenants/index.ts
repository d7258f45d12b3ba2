import { tenantManagementPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { subscribeToEvents } from './events.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';
import { tenantSource } from './service.ts';

// The module's public API (what other modules may import).
export { ensureTenant, tenantBatches } from './service.ts';

/** Tenants: management, connection strings (own databases), lookup by name. */
export const tenants = defineModule({
  name: 'tenants',
  dependsOn: [identity],
  texts,
  permissions: [tenantManagementPermissions],
  events: subscribeToEvents,
  start: (services) => services.tenants.useSource(tenantSource(services)),
  menus,
  routes,
});
