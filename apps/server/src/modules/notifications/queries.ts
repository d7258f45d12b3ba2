export type { NotificationContext } from './service.ts';

import { assertEnabled, assignableNotifications, getMine, inboxListService, mySubscriptions } from './service.ts';

/**
 * The notifications module's reads (the service shape, `docs/architecture.md`): the inbox and
 * the user's subscriptions take the open unit's `tx` (the caller's tenant) and the context;
 * `assignables` reads the definitions only; `assertEnabled`, the tenant's feature (cached), is
 * read before any unit.
 */
export const notificationQueries = {
  inbox: inboxListService,
  mine: getMine,
  assignables: assignableNotifications,
  subscriptions: mySubscriptions,
  assertEnabled,
};
