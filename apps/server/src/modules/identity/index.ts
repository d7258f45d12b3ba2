import { identityPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { features } from '../features/index.ts';
import { settings } from '../settings/index.ts';
import { texts as adminTexts } from './admin-locales.ts';
import { subscribeToEvents } from './events.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';
import { seedIdentity } from './seed.ts';

// The module's public API (what other modules may import); its tables are read-only to them.
export { RoleDeleted, RoleRenamed, RolesChanged, UserDeleted, UserSignInsEnded } from './events.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { organizationUnits, organizationUnitUsers, roles, securityLogs, userRoles, users } from './schema.ts';
export type { SecurityLogAction, SecurityLogEntry } from './security-log.ts';
export { securityLogTenant, writeSecurityLog } from './security-log.ts';
export { identitySetting } from './settings.ts';
export type { User } from './sign-in.ts';
export {
  checkPassword,
  findUserByConfirmedPhone,
  findUserById,
  findUserByLogin,
  isLockedOut,
  lockoutPolicy,
  recordFailedAccess,
  resetFailedAccess,
  roleNamesOf,
  tenantAllowsSignIn,
} from './sign-in.ts';
export { ensureUnique } from './users.ts';
export {
  assertPasswordPolicy,
  checkPasswordPolicy,
  type PasswordPolicy,
  passwordPolicy,
  passwordSchema,
  phoneSchema,
} from './validation.ts';

/**
 * Users, roles, organization units, claim types, profiles and the security log. In the service
 * shape (`queries.ts`, `commands.ts`); the helpers below serve the token server and the account
 * module, each in the caller's unit of work (`tx` first) or, for settings, before it.
 */
export const identity = defineModule({
  name: 'identity',
  dependsOn: [settings, features],
  texts: [...texts, ...adminTexts],
  permissions: [identityPermissions],
  menus,
  events: subscribeToEvents,
  routes,
  seedTenant: seedIdentity,
});
