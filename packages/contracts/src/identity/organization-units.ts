import { z } from 'zod';
import { emptyToUndefined, guid } from '../fields.ts';
import { stamp } from './users.ts';

/** Organization units (ABP `OrganizationUnitDto` and its inputs). */

export const organizationUnitDto = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  parentId: z.string().nullable(),
  code: z.string(),
  displayName: z.string(),
  concurrencyStamp: z.string(),
  extraProperties: z.record(z.string(), z.unknown()),
  creationTime: z.date(),
  creatorId: z.string().nullable(),
  lastModificationTime: z.date().nullable(),
  lastModifierId: z.string().nullable(),
});
export type OrganizationUnitDto = z.infer<typeof organizationUnitDto>;

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
