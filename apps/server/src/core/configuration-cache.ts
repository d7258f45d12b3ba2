import type { Services } from './services.ts';

/**
 * Keys of the cached application configuration: `appconfig:<tenant|host>:<caller>:…`.
 * Anything that changes what the configuration shows (grants, settings, features,
 * tenants) drops the matching prefix through the cache, so every server process follows.
 */
export const CONFIG_PREFIX = 'appconfig:';

const tenantPart = (tenantId: string | null) => tenantId ?? 'host';

/** The cache key prefix for a tenant (or the host), optionally narrowed to one user. */
export function configurationPrefix(scope?: { tenantId: string | null; userId?: string }): string {
  if (!scope) return CONFIG_PREFIX;
  const base = `${CONFIG_PREFIX}${tenantPart(scope.tenantId)}:`;
  return scope.userId ? `${base}u:${scope.userId}:` : base;
}

/**
 * Drops cached application configurations: all of them (no scope), a tenant's (or the
 * host's, `tenantId: null`) or one user's. Call after changing anything the
 * configuration contains that is not already covered: grant and role changes
 * (PermissionChecker.invalidate) and tenant changes (TenantStore.invalidate) do it themselves.
 */
export async function invalidateConfiguration(
  services: Pick<Services, 'cache'>,
  scope?: { tenantId: string | null; userId?: string },
): Promise<void> {
  await services.cache.invalidate(configurationPrefix(scope));
}
