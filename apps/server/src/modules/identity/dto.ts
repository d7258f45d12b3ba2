import { pagedQuery } from '@seller/contracts';
import { z } from 'zod';
import { passwordSchema, phoneSchema } from './validation.ts';

/**
 * Wire shapes of identity administration (users, roles, organization units, claim types),
 * per the ABP contract (§10): the route schemas validate, type and document each endpoint.
 */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(max).nullable().optional());

export const guid = z.guid();
export const idParams = z.object({ id: guid });
const time = z.date().nullable();
const stamp = z.string().max(40).optional().nullable();

/** ABP's allowed user-name characters. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9\-._@+]+$/;

// ---------- users ----------

export const userDto = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  userName: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneNumberConfirmed: z.boolean(),
  isActive: z.boolean(),
  lockoutEnabled: z.boolean(),
  lockoutEnd: time,
  accessFailedCount: z.number(),
  twoFactorEnabled: z.boolean(),
  concurrencyStamp: z.string(),
  extraProperties: z.record(z.string(), z.unknown()),
  creationTime: z.date(),
  creatorId: z.string().nullable(),
  lastModificationTime: time,
  lastModifierId: z.string().nullable(),
  isDeleted: z.boolean(),
  deleterId: z.string().nullable(),
  deletionTime: time,
});
export type UserDto = z.infer<typeof userDto>;

export const userPagedQuery = pagedQuery.extend({
  roleId: z.preprocess(emptyToUndefined, guid.optional()),
  organizationUnitId: z.preprocess(emptyToUndefined, guid.optional()),
});
export type UserPagedQuery = z.infer<typeof userPagedQuery>;
export const userExportQuery = userPagedQuery.pick({ filter: true, sorting: true, roleId: true });

const roleNames = z.array(z.string().trim().min(1).max(256)).max(100);

const userBase = {
  userName: z.string().trim().min(1).max(256).regex(USER_NAME_PATTERN, 'AbpIdentity::InvalidUserName'),
  name: optionalText(64),
  surname: optionalText(64),
  email: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.email().max(256)),
  phoneNumber: z.preprocess((v) => (v === '' ? null : v), phoneSchema.nullable().optional()),
  isActive: z.boolean().default(true),
  lockoutEnabled: z.boolean().default(true),
  roleNames: roleNames.optional(),
  organizationUnitIds: z.array(guid).max(100).optional(),
};
export const userCreateInput = z.object({ ...userBase, password: passwordSchema });
export type UserCreateInput = z.infer<typeof userCreateInput>;
export const userUpdateInput = z.object({
  ...userBase,
  password: z.preprocess(emptyToUndefined, passwordSchema.optional()),
  concurrencyStamp: stamp,
});
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

export const byIdsInput = z.object({ ids: z.array(guid).max(1000) });
export const roleNamesInput = z.object({ roleNames });
export const organizationUnitIdsInput = z.object({ organizationUnitIds: z.array(guid).max(100) });
export const lockParams = z.object({
  id: guid,
  seconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(10 * 365 * 24 * 3600),
});
export const userNameParams = z.object({ name: z.string().trim().min(1).max(256) });
export const roleNameParams = z.object({ role: z.string().trim().min(1).max(256) });
export const userOuParams = z.object({ id: guid, ouId: guid });
export const allUsersQuery = z.object({
  filter: pagedQuery.shape.filter,
});

// ---------- claims ----------

export const claimDto = z.object({ id: z.string(), claimType: z.string(), claimValue: z.string() });
export const claimInput = z.object({
  claimType: z.string().trim().min(1).max(256),
  claimValue: z.string().max(1024).default(''),
});
export const claimUpdateInput = claimInput.extend({ newClaimValue: z.string().max(1024).default('') });
export const claimDeleteQuery = z.object({
  claimType: z.string().trim().min(1).max(256),
  claimValue: z.string().max(1024).default(''),
});

// ---------- roles ----------

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
export const roleUpdateInput = roleInput.extend({ concurrencyStamp: stamp });
export const roleDefaultInput = z.object({ isDefault: z.boolean() });
export const rolePagedQuery = pagedQuery;

// ---------- organization units ----------

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
  lastModificationTime: time,
  lastModifierId: z.string().nullable(),
});
export const organizationUnitInput = z.object({
  parentId: z.preprocess(emptyToUndefined, guid.nullable().optional()),
  displayName: z.string().trim().min(1).max(128),
});
export const organizationUnitUpdateInput = z.object({
  displayName: z.string().trim().min(1).max(128),
  concurrencyStamp: stamp,
});
export const organizationUnitMoveInput = z.object({
  parentId: z.preprocess(emptyToUndefined, guid.nullable().optional()),
});
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

// ---------- claim types ----------

export const ClaimValueType = { String: 0, Int: 1, Boolean: 2, DateTime: 3 } as const;

export const claimTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  required: z.boolean(),
  isStatic: z.boolean(),
  regex: z.string().nullable(),
  regexDescription: z.string().nullable(),
  description: z.string().nullable(),
  valueType: z.number().int(),
  valueTypeAsString: z.string(),
  concurrencyStamp: z.string(),
  creationTime: z.date(),
});
export const claimTypeInput = z.object({
  name: z.string().trim().min(1).max(256),
  required: z.boolean().default(false),
  regex: optionalText(512).refine(
    (v) => {
      if (!v) return true;
      try {
        new RegExp(v);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'AbpIdentity::InvalidRegex' },
  ),
  regexDescription: optionalText(128),
  description: optionalText(256),
  valueType: z.coerce.number().int().min(0).max(3).default(0),
});
export type ClaimTypeInput = z.infer<typeof claimTypeInput>;
export const claimTypeUpdateInput = claimTypeInput.extend({ concurrencyStamp: stamp });
