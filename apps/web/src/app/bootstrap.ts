import { PlatformType } from '@seller/contracts/constants';
import { fetchApplicationConfiguration, fetchMyMenus, loadApiDefinition } from '../lib/abp/api.ts';
import { useAbp } from '../lib/abp/config-store.ts';
import { heldNames } from '../lib/access.tsx';
import { logError } from '../lib/error-log.ts';
import { HttpError } from '../lib/http/errors.ts';
import { applyServerTexts, tr } from '../lib/i18n/index.ts';
import { useSession } from '../lib/session/store.ts';
import { useRoutes } from './routes/store.ts';

/**
 * The guard's load step (spec §2): configuration, then the API description and permissions, then
 * the menu routes. Throws when the session cannot be established.
 */
export async function loadSession(): Promise<void> {
  const language = useSession.getState().language;
  const config = await fetchApplicationConfiguration();
  if (!config?.currentUser?.isAuthenticated)
    throw new HttpError(401, null, 'application-configuration', tr('http.401'));
  applyServerTexts(language, config.localization?.values, config.localization?.defaultResourceName);
  useAbp.getState().setConfig(config);
  const [menus] = await Promise.all([
    fetchMyMenus(PlatformType.Web),
    // the API description is cached for later modules; a failure must not lock the user out
    loadApiDefinition().catch((e) => logError('api-definition', e)),
  ]);
  const { permissions } = useAbp.getState();
  useRoutes.getState().setMenus(menus, heldNames(permissions, config.currentUser.roles));
}
