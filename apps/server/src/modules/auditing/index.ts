import { auditingPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';

/** Audit and security logs: every write is recorded; lists, details, export, clean-up. */
export const auditing = defineModule({
  name: 'auditing',
  dependsOn: [identity],
  texts,
  permissions: [auditingPermissions],
  menus,
  routes,
});
