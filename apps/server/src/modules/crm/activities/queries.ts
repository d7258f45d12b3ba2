import { activityListService, getActivity } from './service.ts';

/**
 * Follow-ups' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx`, the context and the caller's viewer (`customerQueries.viewer`, read before the unit).
 */
export const activityQueries = {
  /** The records (the list kit: the timeline and its export), through the customers the viewer sees. */
  list: activityListService,
  /** One record. */
  get: getActivity,
};
