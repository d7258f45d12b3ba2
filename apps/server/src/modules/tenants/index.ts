import { tenantManagementPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';

/** Tenants: management, connection strings (own databases), lookup by name. */
export const tenants = defineModule({
  name: 'tenants',
  dependsOn: [identity],
  texts,
  permissions: [tenantManagementPermissions],
  routes,
});
