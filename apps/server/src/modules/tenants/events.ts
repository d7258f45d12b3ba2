import { defineEvent } from '../../core/events.ts';
import type { Services } from '../../core/services.ts';

/**
 * A tenant's record changed (created, renamed, (de)activated, deleted, its connection strings).
 * `grants`: what was cached of its grants and configuration is stale too (it was deleted, or
 * its data now lives in another database).
 */
export const TenantChanged = defineEvent<{ tenantId: string; grants: boolean }>('tenants.changed');

/** The kernel's cached tenants (and grants) are dropped once the change has committed. */
export function subscribeToEvents(services: Services) {
  services.events.on(TenantChanged, 'after-commit', async ({ tenantId, grants }) => {
    await services.tenants.invalidate();
    if (grants) await services.permissions.invalidate(tenantId);
  });
}
