import type { Culture } from '@seller/contracts';
import type { UserNotificationDto } from '@seller/contracts/notifications';
import type { Services } from '../../core/services.ts';

/** A notification as each language reads it (rendered once per language, not per user). */
export type RenderedNotification = (culture: Culture) => UserNotificationDto;

/** A change of one of a user's notifications, sent to the user's other open tabs. */
export interface StateChange {
  id: string;
  /** The new state; for a deleted notification, the state it had. */
  state: number;
  deleted?: boolean;
}

/** What the publisher and the inbox need from the live hub. */
export interface LiveNotifications {
  pushToUsers(userIds: string[], notification: RenderedNotification): void;
  /** Every connection of the tenant (null = host) except the users named. */
  pushToTenant(tenantId: string | null, exceptUserIds: string[], notification: RenderedNotification): void;
  stateChanged(userId: string, change: StateChange): void;
  /** A plain hub event (not a notification) to every connection of the tenant (null = host). */
  emitToTenant(tenantId: string | null, event: string, payload: unknown): void;
}

/** The hub of each application instance (one per process; tests build several). */
const hubs = new WeakMap<Services, LiveNotifications>();

export const hubOf = (services: Services) => hubs.get(services);
export const setHub = (services: Services, hub: LiveNotifications | undefined) => {
  if (hub) hubs.set(services, hub);
  else hubs.delete(services);
};
