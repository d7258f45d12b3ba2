import { settingManagementPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import {
  accountSettings,
  appSettings,
  identitySettings,
  localizationSettings,
  settingErrorTexts,
  timingSettings,
} from './definitions.ts';
import { subscribeToEvents } from './events.ts';
import { texts } from './locales.ts';
import { menus } from './menus.ts';
import routes from './routes.ts';

// The module's public API (what other modules may import).
export { getSetting, getSettingNumber, getSettingValues, tenantTimeZone } from './service.ts';

/** Setting values at host, tenant and user level (the definitions come from every module). */
export const settings = defineModule({
  name: 'settings',
  texts: [...texts, settingErrorTexts],
  permissions: [settingManagementPermissions],
  settings: [appSettings, localizationSettings, timingSettings, identitySettings, accountSettings],
  menus,
  events: subscribeToEvents,
  routes,
});
