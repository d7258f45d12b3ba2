import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { subscribeToEvents } from './events.ts';
import { grantSource, seedGrants } from './grants.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';

/** Grants of permissions to roles, users and clients, and the permission editor's API. */
export const permissionManagement = defineModule({
  name: 'permission-management',
  dependsOn: [identity],
  texts,
  events: subscribeToEvents,
  start: (services) => services.permissions.useSource(grantSource),
  routes,
  seedTenant: seedGrants,
});
