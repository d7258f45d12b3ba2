import { tenantManagementPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';
import { ensureTenant, tenantSource } from './service.ts';

// The module's public API (what other modules may import).
export { tenantBatches } from './management.ts';

export { ensureTenant };

/** Tenants: management, connection strings (own databases), lookup by name. */
export const tenants = defineModule({
  name: 'tenants',
  dependsOn: [identity],
  texts,
  permissions: [tenantManagementPermissions],
  start: (services) => services.tenants.useSource(tenantSource(services)),
  menus,
  routes,
});
