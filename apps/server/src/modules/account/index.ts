import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { settings } from '../settings/index.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';

// The module's public API (what other modules may import).
export { verifyPhoneCode } from './phone-codes.ts';

/** Self-service account: registration, password reset, phone codes. */
export const account = defineModule({
  name: 'account',
  dependsOn: [identity, settings],
  texts,
  routes,
});
