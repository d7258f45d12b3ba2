import { apiGatewayPermissions, identityServerPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { account } from '../account/index.ts';
import { identity } from '../identity/index.ts';
import { subscribeToEvents } from './events.ts';
import { texts as impersonationTexts } from './impersonation-locales.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';
import { seedClients } from './seed.ts';
import { startTokenServer } from './token-server.ts';

/** The token server: OAuth clients, token endpoint, sessions and revocation, impersonation. */
export const identityServer = defineModule({
  name: 'identity-server',
  dependsOn: [identity, account],
  texts: [...texts, ...impersonationTexts],
  events: subscribeToEvents,
  // the gateway pages' permissions, until the gateway administration module exists
  permissions: [identityServerPermissions, apiGatewayPermissions],
  start: startTokenServer,
  routes,
  seedHost: seedClients,
});
