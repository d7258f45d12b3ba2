import { auditingPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { identity } from '../identity/index.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';

// The module's public API: the audit log writer the request pipeline calls on each write request.
export { recordAudit } from './service.ts';

/** Audit and security logs: every write is recorded; lists, details, export, clean-up. */
export const auditing = defineModule({
  name: 'auditing',
  dependsOn: [identity],
  texts,
  permissions: [auditingPermissions],
  menus,
  routes,
});
