import { identityPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { settings } from '../settings/index.ts';
import { texts as adminTexts } from './admin-locales.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';
import { seedIdentity } from './seed.ts';

/** Users, roles, organization units, claim types, profiles and the security log. */
export const identity = defineModule({
  name: 'identity',
  dependsOn: [settings],
  texts: [...texts, ...adminTexts],
  permissions: [identityPermissions],
  routes,
  seedTenant: seedIdentity,
});
