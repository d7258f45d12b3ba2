import { NotificationReadState } from '@seller/contracts';
import { defineEvent } from '../../core/events.ts';
import type { Services } from '../../core/services.ts';
import { hubOf, type StateChange } from './hub-registry.ts';
import { type Notification, toUserNotificationDto } from './render.ts';

/** One of a user's notifications was read, unread or deleted. */
export const NotificationStateChanged = defineEvent<{ userId: string; change: StateChange }>(
  'notifications.state-changed',
);

/**
 * A notification was stored with an inbox entry for each of `recipients`. `toRecipients`: pushed
 * to them by name; else to the tenant's room minus `optedOut`. (Handled in this process only, so
 * the stored row travels as it is.)
 */
export const NotificationStored = defineEvent<{
  tenantId: string | null;
  notification: Notification;
  recipients: string[];
  optedOut: string[];
  toRecipients: boolean;
}>('notifications.stored');

/**
 * The live hub hears of a change once it has committed: the user's other tabs of a state change,
 * the recipients' open connections of a new notification (rendered once per language).
 */
export function subscribeToEvents(services: Services) {
  services.events.on(NotificationStateChanged, 'after-commit', ({ userId, change }) => {
    hubOf(services)?.stateChanged(userId, change);
  });
  services.events.on(NotificationStored, 'after-commit', (stored) => {
    const hub = hubOf(services);
    if (!hub) return;
    const payload = (culture: Parameters<typeof toUserNotificationDto>[2]) =>
      toUserNotificationDto(stored.notification, NotificationReadState.UnRead, culture);
    if (stored.toRecipients) hub.pushToUsers(stored.recipients, payload);
    else hub.pushToTenant(stored.tenantId, stored.optedOut, payload);
  });
}
