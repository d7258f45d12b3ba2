import type { Services } from '../../../core/services.ts';
import { setCountriesEnabled } from './service.ts';

/**
 * Countries' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context. None raises an event yet, so `services` is taken for the shape only.
 */
export const countryCommands = (_services: Pick<Services, 'events'>) => ({
  /** Enables or disables countries for the tenant (a 403 on the host). */
  setEnabled: setCountriesEnabled,
});
