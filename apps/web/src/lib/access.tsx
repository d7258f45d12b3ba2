import { GUEST } from '@seller/contracts/permissions';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useAbp } from './abp/config-store.ts';

/** Route meta roles: a route with a roles list is shown only to a user holding one of them (spec §2). */
export function holdsAnyRole(required: readonly string[] | undefined, held: ReadonlySet<string>): boolean {
  if (!required || required.length === 0) return true;
  return required.some((r) => held.has(r));
}

/** What the user "holds": granted permissions (or guest) plus role names. */
export function heldNames(permissions: readonly string[], roles: readonly string[] | undefined): Set<string> {
  return new Set([...(permissions.length ? permissions : [GUEST]), ...(roles ?? [])]);
}

export interface Access {
  permissions: string[];
  /** True when the permission is granted. */
  can(permission: string): boolean;
  canAny(permissions: readonly string[]): boolean;
  hasRole(role: string): boolean;
}

export function useAccess(): Access {
  const permissions = useAbp((s) => s.permissions);
  const roles = useAbp((s) => s.config?.currentUser?.roles);
  const set = new Set(permissions);
  return {
    permissions,
    can: (p) => set.has(p),
    canAny: (ps) => ps.some((p) => set.has(p)),
    hasRole: (r) => roles?.includes(r) ?? false,
  };
}

/**
 * A read the user's permissions allow: sent only when every permission in `needs` is granted (the
 * permissions its route declares, taken from the contracts' declaration the server mounts the
 * route with), never otherwise; `allowed` false tells the page to leave out what it would show.
 * Every read a role may lack goes through this, so a page never calls what answers 403.
 */
export function useGrantedQuery<T>(
  needs: readonly string[],
  options: Omit<UseQueryOptions<T, Error, T, QueryKey>, 'enabled'> & { enabled?: boolean },
) {
  const access = useAccess();
  const allowed = needs.every((p) => access.can(p));
  const query = useQuery({ ...options, enabled: allowed && (options.enabled ?? true) });
  return { ...query, allowed };
}
