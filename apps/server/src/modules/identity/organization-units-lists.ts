import { organizationUnitList, organizationUnitUserList, roleList } from '@seller/contracts/identity';
import { getTableColumns, not, sql } from 'drizzle-orm';
import { getOwned } from '../../core/crud.ts';
import { type ListContext, listService } from '../../core/lists.ts';
import type { Services } from '../../core/services.ts';
import { OU, toOuDto } from './organization-units.ts';
import { roleSorts, toRoleDto } from './roles.ts';
import { organizationUnitRoles, organizationUnits, roles, users } from './schema.ts';
import { toUserDto } from './user-dto.ts';
import { inUnit, scopedUsers, searchUsers, userSorts } from './users-admin.ts';

/**
 * The organization units' paged lists on the kit: the units, and a unit's members (users, roles)
 * or the tenant's users and roles not yet in it. The members' lists sit under the unit's id
 * (`/:id/users`): the unit must be the viewer's tenant's (404 otherwise) before any row is read.
 */
type Unit = typeof organizationUnits.$inferSelect;
type User = typeof users.$inferSelect;
type Role = typeof roles.$inferSelect;

export const organizationUnitListService = listService(organizationUnitList, {
  table: organizationUnits,
  search: [organizationUnits.displayName],
  filters: {},
  sorts: { code: organizationUnits.code, displayName: organizationUnits.displayName },
  items: (_tx, _ctx, rows: Unit[]) => rows.map(toOuDto),
});

/** The unit of the path, or 404 (another tenant's unit is not found). */
const unitOfPath = (services: Services, ctx: ListContext, q: Record<string, unknown>) =>
  services.data.inTenant(ctx, async (tx) => {
    await getOwned(tx, ctx, organizationUnits, OU, q.id as string);
  });

const inUnitRoles = (unitId: string) =>
  sql`exists (select 1 from ${organizationUnitRoles} where ${organizationUnitRoles.roleId} = ${roles.id} and ${organizationUnitRoles.organizationUnitId} = ${unitId})`;

/** A unit's users (`added`) or the tenant's users not in it. */
const unitUserList = (added: boolean) =>
  listService(organizationUnitUserList, {
    table: users,
    rows: (tx) => tx.select(getTableColumns(users)).from(scopedUsers).$dynamic(),
    search: searchUsers,
    filters: {},
    sorts: userSorts,
    guard: unitOfPath,
    // no id only when a plan is read (the guard is skipped there)
    scope: (_s, _tx, _ctx, q) => (q.id ? (added ? inUnit(q.id as string) : not(inUnit(q.id as string))) : undefined),
    items: (_tx, _ctx, rows: User[]) => rows.map(toUserDto),
  });

/** A unit's roles (`added`) or the tenant's roles not in it. */
const unitRoleList = (added: boolean) =>
  listService(roleList, {
    table: roles,
    search: [roles.name],
    filters: {},
    sorts: roleSorts,
    guard: unitOfPath,
    scope: (_s, _tx, _ctx, q) =>
      q.id ? (added ? inUnitRoles(q.id as string) : not(inUnitRoles(q.id as string))) : undefined,
    items: (_tx, _ctx, rows: Role[]) => rows.map(toRoleDto),
  });

export const unitUsersListService = unitUserList(true);
export const unitUnaddedUsersListService = unitUserList(false);
export const unitRolesListService = unitRoleList(true);
export const unitUnaddedRolesListService = unitRoleList(false);
