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
import { texts } from './locales.ts';
import routes from './routes.ts';

/** Setting values at host, tenant and user level (the definitions come from every module). */
export const settings = defineModule({
  name: 'settings',
  texts: [...texts, settingErrorTexts],
  permissions: [settingManagementPermissions],
  settings: [appSettings, localizationSettings, timingSettings, identitySettings, accountSettings],
  routes,
});
