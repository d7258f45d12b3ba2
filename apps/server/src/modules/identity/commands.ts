import type { Services } from '../../core/services.ts';
import { createClaimType, deleteClaimType, updateClaimType } from './claim-types.ts';
import { roleClaimsService, userClaimsService } from './claims.ts';
import {
  addUnitRoles,
  addUnitUsers,
  createUnit,
  deleteUnit,
  moveUnit,
  removeUnitRole,
  removeUnitUser,
  updateUnit,
} from './organization-units.ts';
import { changePassword, updateProfile } from './profile.ts';
import { createRole, deleteRole, setRoleDefault, updateRole } from './roles.ts';
import {
  createUser,
  deleteUser,
  lockUser,
  removeUserUnit,
  setUserRoles,
  setUserUnits,
  unlockUser,
  updateUser,
} from './users-admin.ts';

/**
 * The identity module's writes (the service shape, `docs/architecture.md`), each taking the open
 * transaction (the caller's tenant) and the context. None opens a unit of work. They raise on
 * `tx` what other modules follow: `RoleRenamed`, `RoleDeleted` and `UserDeleted` (grants and menus,
 * in the transaction), `UserSignInsEnded` (sessions end after the commit) and `RolesChanged` (the
 * cached grants are dropped after the commit). A check that needs the settings or features takes
 * what the caller read before the unit (`identityQueries.passwordPolicy`, `userRules`).
 */
export function identityCommands(services: Pick<Services, 'events'>) {
  /** A write that raises events, with `services` bound: it takes `(tx, ctx, …)`. */
  const bind =
    <A extends unknown[], T>(fn: (s: typeof services, ...rest: A) => T) =>
    (...rest: A) =>
      fn(services, ...rest);
  return {
    updateProfile,
    changePassword: bind(changePassword),

    createUser,
    updateUser: bind(updateUser),
    deleteUser: bind(deleteUser),
    lockUser: bind(lockUser),
    unlockUser,
    setUserRoles: bind(setUserRoles),
    setUserUnits,
    removeUserUnit,
    addUserClaim: userClaimsService.add,
    updateUserClaim: userClaimsService.update,
    deleteUserClaim: userClaimsService.remove,

    createRole,
    updateRole: bind(updateRole),
    setRoleDefault,
    deleteRole: bind(deleteRole),
    addRoleClaim: roleClaimsService.add,
    updateRoleClaim: roleClaimsService.update,
    deleteRoleClaim: roleClaimsService.remove,

    createUnit,
    updateUnit,
    moveUnit,
    deleteUnit: bind(deleteUnit),
    addUnitUsers,
    addUnitRoles,
    removeUnitUser,
    removeUnitRole,

    createClaimType,
    updateClaimType,
    deleteClaimType,
  };
}
