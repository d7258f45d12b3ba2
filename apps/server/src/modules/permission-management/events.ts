import type { Services } from '../../core/services.ts';
import { RoleDeleted, RoleRenamed, UserDeleted } from '../identity/index.ts';
import { deleteProviderGrants, renameRoleGrants } from './service.ts';

/**
 * Grants follow the roles and users they name, in the same transaction as the change: a grant
 * never outlives its role or user, and a failure here rolls the rename or deletion back.
 */
export function subscribeToEvents(services: Services) {
  const { events } = services;
  events.on(RoleRenamed, 'in-transaction', (e, tx) => renameRoleGrants(tx, e.tenantId, e.oldName, e.newName));
  events.on(RoleDeleted, 'in-transaction', (e, tx) => deleteProviderGrants(tx, e.tenantId, 'R', e.name));
  events.on(UserDeleted, 'in-transaction', (e, tx) => deleteProviderGrants(tx, e.tenantId, 'U', e.userId));
}
