import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { settings } from '../settings/index.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';

/** Self-service account: registration, password reset, phone codes. */
export const account = defineModule({
  name: 'account',
  dependsOn: [identity, settings],
  texts,
  routes,
});
