import { invalidateConfiguration } from '../../core/configuration-cache.ts';
import { defineEvent } from '../../core/events.ts';
import type { Services } from '../../core/services.ts';
import { featureValuesKey } from './service.ts';

/** A tenant's (or, with `tenantId` null, the host's) stored feature values changed. */
export const FeaturesChanged = defineEvent<{ tenantId: string | null }>('features.changed');

/**
 * The cached values and the application configuration that shows them are dropped once the
 * change has committed (and before the writer answers, so its next read is fresh).
 */
export function subscribeToEvents(services: Services) {
  services.events.on(FeaturesChanged, 'after-commit', async ({ tenantId }) => {
    await services.cache.invalidate(featureValuesKey(tenantId));
    await invalidateConfiguration(services, { tenantId });
  });
}
