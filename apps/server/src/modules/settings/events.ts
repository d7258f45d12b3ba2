import { invalidateConfiguration } from '../../core/configuration-cache.ts';
import type { SettingProvider } from '../../core/definitions/settings.ts';
import { defineEvent } from '../../core/events.ts';
import type { Services } from '../../core/services.ts';
import { settingValuesKey } from './service.ts';

/**
 * The values stored for one provider changed: `G` (global, key ''), `T` (a tenant, its id) or
 * `U` (a user, its id, in the tenant `tenantId`).
 */
export const SettingsChanged = defineEvent<{ provider: SettingProvider; key: string; tenantId: string | null }>(
  'settings.changed',
);

/**
 * The cached values and the application configurations that show them are dropped once the
 * change has committed (and before the writer answers, so its next read is fresh).
 */
export function subscribeToEvents(services: Services) {
  services.events.on(SettingsChanged, 'after-commit', async ({ provider, key, tenantId }) => {
    await services.cache.invalidate(settingValuesKey(provider, key));
    if (provider === 'G') await invalidateConfiguration(services);
    else if (provider === 'T') await invalidateConfiguration(services, { tenantId: key });
    else await invalidateConfiguration(services, { tenantId, userId: key });
  });
}
