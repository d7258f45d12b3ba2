import type { Services } from '../../core/services.ts';
import { RoleDeleted, RoleRenamed, UserDeleted } from '../identity/index.ts';
import { deleteRoleMenus, deleteUserMenus, renameRoleMenus } from './service.ts';

/**
 * Role and user menu links (startup menus) follow the roles and users they name, in the same
 * transaction as the change.
 */
export function subscribeToEvents(services: Services) {
  const { events } = services;
  events.on(RoleRenamed, 'in-transaction', (e, tx) => renameRoleMenus(tx, e.tenantId, e.oldName, e.newName));
  events.on(RoleDeleted, 'in-transaction', (e, tx) => deleteRoleMenus(tx, e.tenantId, e.name));
  events.on(UserDeleted, 'in-transaction', (e, tx) => deleteUserMenus(tx, e.tenantId, e.userId));
}
