import { z } from 'zod';
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
  extraProperties: z.record(z.string(), z.unknown()),
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
export const rolePagedQuery = pagedQuery;
export type RolePagedQuery = z.infer<typeof rolePagedQuery>;
