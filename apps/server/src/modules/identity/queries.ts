import { allClaimTypes, claimTypeListService, getClaimType } from './claim-types.ts';
import { roleClaimsService, userClaimsService } from './claims.ts';
import { allUnits, childUnits, getUnit, rootUnits, unitOptions } from './organization-units.ts';
import {
  organizationUnitListService,
  unitRolesListService,
  unitUnaddedRolesListService,
  unitUnaddedUsersListService,
  unitUsersListService,
} from './organization-units-lists.ts';
import { getProfile, profileSettings } from './profile.ts';
import { allRoles, getRole, roleListService } from './roles.ts';
import {
  allUsers,
  getUser,
  getUserByName,
  tenantUsers,
  userListService,
  userRoleList,
  userRules,
  usersByIds,
  usersInRole,
  userUnits,
} from './users-admin.ts';
import { passwordPolicy } from './validation.ts';

/**
 * The identity module's reads (the service shape, `docs/architecture.md`), each taking the open
 * unit's `tx` (the caller's tenant) and the context. The paged lists are the CRUD kit's (each
 * opens its own unit). What must be read before the unit, from the settings and features, takes
 * `(services, ctx)`: the password policy, the profile's editable names, a user's rules.
 */
export const identityQueries = {
  profile: getProfile,
  profileSettings,
  passwordPolicy,
  userRules,

  users: userListService,
  allUsers,
  usersInRole,
  tenantUsers,
  user: getUser,
  userByName: getUserByName,
  usersByIds,
  userRoles: userRoleList,
  userClaims: userClaimsService.list,
  userUnits,

  roles: roleListService,
  allRoles,
  role: getRole,
  roleClaims: roleClaimsService.list,

  units: organizationUnitListService,
  unitOptions,
  allUnits,
  rootUnits,
  childUnits,
  unit: getUnit,
  unitUsers: unitUsersListService,
  unitUnaddedUsers: unitUnaddedUsersListService,
  unitRoles: unitRolesListService,
  unitUnaddedRoles: unitUnaddedRolesListService,

  claimTypes: claimTypeListService,
  allClaimTypes,
  claimType: getClaimType,
};
