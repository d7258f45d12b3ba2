import type { Services } from '../../core/services.ts';
import { subscribeToEvents as subscribeItems } from './items/events.ts';
import { subscribeToEvents as subscribeListings } from './listings/events.ts';

/** The areas' subscriptions; listings first, so a refused shop delete writes nothing before it is refused. */
export function subscribeToEvents(services: Services) {
  subscribeListings(services);
  subscribeItems(services);
}
