import { defineEvent } from '../../core/events.ts';
import type { Services } from '../../core/services.ts';

/**
 * What identity tells other modules (`services.events`), so it imports none of them: grants and
 * menus follow a role's name, a deleted user's links go, sessions end with the right to them.
 */

/** A role's name changed (raised inside the rename's transaction). */
export const RoleRenamed = defineEvent<{ tenantId: string | null; roleId: string; oldName: string; newName: string }>(
  'identity.role-renamed',
);

/** A role was deleted (inside the deletion's transaction). */
export const RoleDeleted = defineEvent<{ tenantId: string | null; roleId: string; name: string }>(
  'identity.role-deleted',
);

/** A user was deleted (inside the deletion's transaction). */
export const UserDeleted = defineEvent<{ tenantId: string | null; userId: string }>('identity.user-deleted');

/**
 * The user lost the right to tokens already issued: deleted, deactivated, locked, or a new
 * password (set by an administrator, reset by phone, or changed by the user, who keeps
 * `exceptSessionId`, the session the change was made in). See `endsSignIns`.
 */
export const UserSignInsEnded = defineEvent<{
  tenantId: string | null;
  userId: string;
  exceptSessionId?: string | null;
}>('identity.user-sign-ins-ended');

/**
 * Roles or who holds them changed (a user's roles, a role renamed or deleted, a user or a unit
 * deleted): grants and configurations are cached per role, so they are dropped after the commit.
 */
export const RolesChanged = defineEvent<{ tenantId: string | null }>('identity.roles-changed');

export function subscribeToEvents(services: Services) {
  services.events.on(RolesChanged, 'after-commit', ({ tenantId }) => services.permissions.invalidate(tenantId));
}
