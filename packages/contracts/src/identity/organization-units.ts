import { z } from 'zod';
import { audit, emptyToUndefined, extraProperties, guid } from '../fields.ts';
import { column, defineList, unfilteredList } from '../lists.ts';
import { stamp, userList } from './users.ts';

/** Organization units (ABP `OrganizationUnitDto` and its inputs). */

export const organizationUnitDto = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  parentId: z.string().nullable(),
  code: z.string(),
  displayName: z.string(),
  ...audit,
  ...extraProperties,
});
export type OrganizationUnitDto = z.infer<typeof organizationUnitDto>;

/** The units as a paged list (ABP `GET /api/identity/organization-units`), in tree order (code). */
export const organizationUnitList = unfilteredList('AbpIdentity', 'OrganizationUnits', {
  columns: {
    code: column.text({ header: 'DisplayName:Code', sort: true, width: 160 }),
    displayName: column.text({ header: 'DisplayName:DisplayName', sort: true, width: 240 }),
    creationTime: column.dateTime({ header: 'CreationTime', width: 150 }),
  },
  defaultSort: 'code asc',
});

/**
 * A unit's users, or the tenant's users not yet in it (`/:id/users`, `/:id/unadded-users`): the
 * users list's columns and sorts, without its own filters (the unit is the path's).
 */
export const organizationUnitUserList = defineList({
  ...userList.spec,
  exportName: 'OrganizationUnitUsers',
  filters: {},
  defaultSort: 'userName asc',
});

const displayName = z.string().trim().min(1).max(128);
const parentId = z.preprocess(emptyToUndefined, guid.nullable().optional());

export const organizationUnitInput = z.object({ parentId, displayName });
export type OrganizationUnitInput = z.infer<typeof organizationUnitInput>;
export const organizationUnitUpdateInput = z.object({ displayName, concurrencyStamp: stamp });
export type OrganizationUnitUpdateInput = z.infer<typeof organizationUnitUpdateInput>;
export const organizationUnitMoveInput = z.object({ parentId });
export const childrenQuery = z.object({
  id: z.preprocess(emptyToUndefined, guid.optional()),
  recursive: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : String(v).toLowerCase() === 'true' || v === '1'),
    z.boolean().default(false),
  ),
});
export const memberUsersInput = z.object({ userIds: z.array(guid).min(1).max(1000) });
export const memberRolesInput = z.object({ roleIds: z.array(guid).min(1).max(1000) });
export const ouUserParams = z.object({ id: guid, userId: guid });
export const ouRoleParams = z.object({ id: guid, roleId: guid });
