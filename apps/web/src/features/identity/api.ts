import type {
  ClaimTypeInput,
  ClaimTypeUpdateInput,
  claimDto,
  claimTypeDto,
  Json,
  organizationUnitDto,
  RoleInput,
  RoleUpdateInput,
  roleDto,
  UserCreateInput,
  UserUpdateInput,
  userDto,
} from '@seller/contracts/identity';
import type { z } from 'zod';
import type { CrudQuery } from '../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';
import { type TreeNode, toTree } from '../../lib/tree.ts';

/** Texts of the identity pages (server resource `AbpIdentity`). */
export const L = (key: string, ...args: unknown[]) => localize(`AbpIdentity::${key}`, ...args);

/** Shapes of the identity API: the server's output schemas as JSON, and its input schemas. */
export type UserDto = Json<z.infer<typeof userDto>>;
export type RoleDto = Json<z.infer<typeof roleDto>>;
export type ClaimDto = Json<z.infer<typeof claimDto>>;
export type ClaimTypeDto = Json<z.infer<typeof claimTypeDto>>;
export type OrganizationUnitDto = Json<z.infer<typeof organizationUnitDto>>;
export type { ClaimTypeInput, ClaimTypeUpdateInput, RoleInput, RoleUpdateInput, UserCreateInput, UserUpdateInput };

export interface PermissionGrantInfo {
  name: string;
  displayName: string;
  parentName: string | null;
  isGranted: boolean;
  grantedProviders: { providerName: string; providerKey: string }[];
}
export interface PermissionGroup {
  name: string;
  displayName: string;
  permissions: PermissionGrantInfo[];
}
export interface PermissionList {
  entityDisplayName: string;
  groups: PermissionGroup[];
}

export const USERS_URL = '/api/identity/users';
export const ROLES_URL = '/api/identity/roles';
const U = USERS_URL;
const R = ROLES_URL;
const OU = '/api/identity/organization-units';
export const CLAIM_TYPES_URL = '/api/identity/claim-types';
const CT = CLAIM_TYPES_URL;

export const usersApi = {
  get: (id: string) => http.get<UserDto>(`${U}/${id}`),
  create: (input: UserCreateInput) => http.post<UserDto>(U, input),
  update: (id: string, input: UserUpdateInput) => http.put<UserDto>(`${U}/${id}`, input),
  remove: (id: string) => http.delete(`${U}/${id}`),
  lock: (id: string, seconds: number) => http.put(`${U}/${id}/lock/${seconds}`),
  unlock: (id: string) => http.put(`${U}/${id}/unlock`),
  roles: (id: string) => http.get<ListResult<RoleDto>>(`${U}/${id}/roles`),
  assignableRoles: () => http.get<ListResult<RoleDto>>(`${U}/assignable-roles`),
  units: (id: string) => http.get<ListResult<OrganizationUnitDto>>(`${U}/${id}/organization-units`),
  setUnits: (id: string, organizationUnitIds: string[]) =>
    http.put(`${U}/organization-units/${id}`, { organizationUnitIds }),
};

export const rolesApi = {
  all: () => http.get<ListResult<RoleDto>>(`${R}/all`),
  create: (input: RoleInput) => http.post<RoleDto>(R, input),
  update: (id: string, input: RoleUpdateInput) => http.put<RoleDto>(`${R}/${id}`, input),
  setDefault: (id: string, isDefault: boolean) => http.put(`${R}/${id}/set-default`, { isDefault }),
  remove: (id: string) => http.delete(`${R}/${id}`),
};

/** Claims of a user or a role: `owner` is `/api/identity/users/{id}` or `/api/identity/roles/{id}`. */
export const claimsApi = {
  list: (owner: string) => http.get<ListResult<ClaimDto>>(`${owner}/claims`),
  add: (owner: string, claimType: string, claimValue: string) =>
    http.post(`${owner}/claims`, { claimType, claimValue }),
  update: (owner: string, claimType: string, claimValue: string, newClaimValue: string) =>
    http.put(`${owner}/claims`, { claimType, claimValue, newClaimValue }),
  remove: (owner: string, claimType: string, claimValue: string) =>
    http.delete(`${owner}/claims`, { claimType, claimValue }),
  types: (kind: 'users' | 'roles') => http.get<ListResult<ClaimTypeDto>>(`/api/identity/${kind}/available-claim-types`),
};

export const claimTypesApi = {
  create: (input: ClaimTypeInput) => http.post<ClaimTypeDto>(CT, input),
  update: (id: string, input: ClaimTypeUpdateInput) => http.put<ClaimTypeDto>(`${CT}/${id}`, input),
  remove: (id: string) => http.delete(`${CT}/${id}`),
};

export const unitsApi = {
  all: () => http.get<ListResult<OrganizationUnitDto>>(`${OU}/all`),
  create: (displayName: string, parentId?: string | null) =>
    http.post<OrganizationUnitDto>(OU, { displayName, parentId: parentId ?? null }),
  rename: (id: string, displayName: string, concurrencyStamp?: string) =>
    http.put<OrganizationUnitDto>(`${OU}/${id}`, { displayName, concurrencyStamp }),
  move: (id: string, parentId: string | null) => http.put(`${OU}/${id}/move`, { parentId }),
  remove: (id: string) => http.delete(`${OU}/${id}`),
  users: (id: string, q: CrudQuery, signal?: AbortSignal) =>
    http.get<PagedResult<UserDto>>(`${OU}/${id}/users`, { ...q }, { signal }),
  unaddedUsers: (id: string, q: CrudQuery) => http.get<PagedResult<UserDto>>(`${OU}/${id}/unadded-users`, { ...q }),
  addUsers: (id: string, userIds: string[]) => http.post(`${OU}/${id}/users`, { userIds }),
  removeUser: (id: string, userId: string) => http.delete(`${OU}/${id}/users/${userId}`),
  roles: (id: string, q: CrudQuery, signal?: AbortSignal) =>
    http.get<PagedResult<RoleDto>>(`${OU}/${id}/roles`, { ...q }, { signal }),
  unaddedRoles: (id: string, q: CrudQuery) => http.get<PagedResult<RoleDto>>(`${OU}/${id}/unadded-roles`, { ...q }),
  addRoles: (id: string, roleIds: string[]) => http.post(`${OU}/${id}/roles`, { roleIds }),
  removeRole: (id: string, roleId: string) => http.delete(`${OU}/${id}/roles/${roleId}`),
};

const PM = '/api/permission-management/permissions';
export const permissionsApi = {
  get: (providerName: 'R' | 'U', providerKey: string) => http.get<PermissionList>(PM, { providerName, providerKey }),
  update: (providerName: 'R' | 'U', providerKey: string, permissions: { name: string; isGranted: boolean }[]) =>
    http.put(`${PM}?providerName=${providerName}&providerKey=${encodeURIComponent(providerKey)}`, { permissions }),
};

export type UnitNode = TreeNode<OrganizationUnitDto>;
/** The units as a tree (children by parentId) from a flat list ordered by code. */
export const toUnitTree = (units: OrganizationUnitDto[]): UnitNode[] => toTree(units);
