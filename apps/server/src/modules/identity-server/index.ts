import { apiGatewayPermissions, identityServerPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { account } from '../account/index.ts';
import { identity } from '../identity/index.ts';
import { texts as impersonationTexts } from './impersonation-locales.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';
import { seedClients } from './seed.ts';

/** The token server: OAuth clients, token endpoint, sessions and revocation, impersonation. */
export const identityServer = defineModule({
  name: 'identity-server',
  dependsOn: [identity, account],
  texts: [...texts, ...impersonationTexts],
  // the gateway pages' permissions, until the gateway administration module exists
  permissions: [identityServerPermissions, apiGatewayPermissions],
  routes,
  seedHost: seedClients,
});
