import { z } from 'zod';
import { extraProperties } from '../fields.ts';
import { column, unfilteredList } from '../lists.ts';
import { pagedQuery } from '../paging.ts';
import { stamp } from './users.ts';

/** Roles (ABP `IdentityRoleDto` and its inputs). */

export const roleDto = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  isStatic: z.boolean(),
  isPublic: z.boolean(),
  concurrencyStamp: z.string(),
  ...extraProperties,
  creationTime: z.date(),
});
export type RoleDto = z.infer<typeof roleDto>;

const roleName = z
  .string({ error: 'AbpIdentity::RoleNameRequired' })
  .trim()
  .min(1, 'AbpIdentity::RoleNameRequired')
  .max(256);
export const roleInput = z.object({
  name: roleName,
  isDefault: z.boolean().default(false),
  isPublic: z.boolean().default(true),
});
export type RoleInput = z.infer<typeof roleInput>;
export const roleUpdateInput = roleInput.extend({ concurrencyStamp: stamp });
export type RoleUpdateInput = z.infer<typeof roleUpdateInput>;
export const roleDefaultInput = z.object({ isDefault: z.boolean() });
/** The paged query of the other identity lists (organization units' members, claim types): ABP's. */
export const rolePagedQuery = pagedQuery;
export type RolePagedQuery = z.infer<typeof rolePagedQuery>;

/** The roles list (ABP `GET /api/identity/roles`: `filter`, `sorting`, `skipCount`, `maxResultCount`). */
export const roleList = unfilteredList('AbpIdentity', 'Roles', {
  columns: {
    name: column.text({ header: 'DisplayName:RoleName', sort: true, width: 240 }),
    isDefault: column.bool({ header: 'DisplayName:IsDefault', sort: true, width: 100 }),
    isPublic: column.bool({ header: 'DisplayName:IsPublic', sort: true, width: 100 }),
    isStatic: column.bool({ header: 'DisplayName:IsStatic', sort: true, hidden: true, width: 100 }),
    creationTime: column.dateTime({ header: 'CreationTime', sort: true, width: 150 }),
  },
  defaultSort: 'name asc',
});
