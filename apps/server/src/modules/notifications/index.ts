import { notificationsPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { features } from '../features/index.ts';
import { identity } from '../identity/index.ts';
import { settings } from '../settings/index.ts';
import { tenants } from '../tenants/index.ts';
import { announcements, defineNotificationGroup, notificationSettings } from './definitions.ts';
import { subscribeToEvents } from './events.ts';
import { emitToTenant } from './live.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';

// Publish a notification the module defined (after its own transaction has committed).
export { publish } from './service.ts';
// What other modules may use: declare the notifications they publish (from their `start`), and
// send a plain live event to a tenant's connections.
export { defineNotificationGroup, emitToTenant };

/** Notifications: definitions, subscriptions, sending, the live hub, retention. */
export const notifications = defineModule({
  name: 'notifications',
  dependsOn: [identity, settings, features, tenants],
  texts,
  permissions: [notificationsPermissions],
  settings: [notificationSettings],
  menus,
  events: subscribeToEvents,
  start: () => defineNotificationGroup(announcements),
  routes,
});
