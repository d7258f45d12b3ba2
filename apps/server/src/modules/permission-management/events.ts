import { invalidateConfiguration } from '../../core/configuration-cache.ts';
import { defineEvent } from '../../core/events.ts';
import type { Services } from '../../core/services.ts';
import { RoleDeleted, RoleRenamed, UserDeleted } from '../identity/index.ts';
import { deleteProviderGrants, renameRoleGrants } from './grants.ts';

/** The grants of a tenant (or, with `tenantId` null, the host) were changed in the permission editor. */
export const GrantsChanged = defineEvent<{ tenantId: string | null }>('permission-management.grants-changed');

/**
 * Grants follow the roles and users they name, in the same transaction as the change: a grant
 * never outlives its role or user, and a failure here rolls the rename or deletion back. A change
 * in the editor drops the tenant's cached grants and configurations once it has committed.
 */
export function subscribeToEvents(services: Services) {
  const { events } = services;
  events.on(RoleRenamed, 'in-transaction', (e, tx) => renameRoleGrants(tx, e.tenantId, e.oldName, e.newName));
  events.on(RoleDeleted, 'in-transaction', (e, tx) => deleteProviderGrants(tx, e.tenantId, 'R', e.name));
  events.on(UserDeleted, 'in-transaction', (e, tx) => deleteProviderGrants(tx, e.tenantId, 'U', e.userId));
  events.on(GrantsChanged, 'after-commit', async ({ tenantId }) => {
    await services.permissions.invalidate(tenantId);
    await invalidateConfiguration(services, { tenantId });
  });
}
