import { z } from 'zod';
import { audit, emptyToUndefined, extraProperties, guid, softDeletion } from '../fields.ts';
import { column, defineList, filter, listNames } from '../lists.ts';
import { pagedQuery } from '../paging.ts';

/**
 * Users (ABP `IdentityUserDto` and its inputs, wire contract §10). Messages are text keys,
 * localized by the server's error handler and by the web forms. The password policy is the
 * tenant's `Abp.Identity.Password.*` settings, checked by the server; the schema only bounds it.
 */

/** A trimmed optional text: empty is `null`, absent stays absent. */
export const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(max).nullable().optional());
export const stamp = z.string().max(40).optional().nullable();
const time = z.date().nullable();

/** ABP's allowed user-name characters. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9\-._@+]+$/;
export const PHONE_PATTERN = /^\+?\d{6,15}$/;

export const passwordSchema = z.string().min(1).max(128);
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, 'AbpIdentity::InvalidPhoneNumber');

export const idParams = z.object({ id: guid });

/** Who a user is and how to reach them: what the users list and the user's own profile both answer. */
export const personalDetails = {
  userName: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneNumberConfirmed: z.boolean(),
};

export const userDto = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  ...personalDetails,
  isActive: z.boolean(),
  lockoutEnabled: z.boolean(),
  lockoutEnd: time,
  accessFailedCount: z.number(),
  twoFactorEnabled: z.boolean(),
  ...audit,
  ...extraProperties,
  ...softDeletion,
  deleterId: z.string().nullable(),
});
export type UserDto = z.infer<typeof userDto>;

/**
 * The users list (ABP `GET /api/identity/users`: `filter`, `sorting`, `skipCount`,
 * `maxResultCount`, with `roleId` and `organizationUnitId` → `{ totalCount, items }`).
 */
export const userList = defineList({
  ...listNames('AbpIdentity', 'Users'),
  filters: {
    roleId: filter.ref('IdentityRole', { label: 'Role', options: '/api/identity/users/assignable-roles' }),
    organizationUnitId: filter.ref('OrganizationUnit', {
      label: 'OrganizationUnit',
      options: '/api/identity/users/organization-unit-options',
    }),
  },
  columns: {
    userName: column.text({ header: 'DisplayName:UserName', sort: true, width: 140 }),
    name: column.text({ header: 'DisplayName:Name', sort: true, width: 140 }),
    surname: column.text({ header: 'DisplayName:Surname', sort: true, hidden: true }),
    email: column.text({ header: 'DisplayName:Email', sort: true, width: 220 }),
    phoneNumber: column.text({ header: 'DisplayName:PhoneNumber', sort: true, hidden: true, width: 140 }),
    isActive: column.bool({ header: 'DisplayName:IsActive', sort: true, width: 130 }),
    lockoutEnd: column.dateTime({ header: 'DisplayName:LockoutEnd', sort: true, hidden: true }),
    creationTime: column.dateTime({ header: 'CreationTime', sort: true, width: 150 }),
  },
  sorts: ['lastModificationTime'],
  defaultSort: 'creationTime desc',
});
export type UserPagedQuery = z.infer<typeof userList.query>;

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
