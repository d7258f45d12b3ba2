import { onSessionReset } from '../lib/session/lifecycle.ts';
import { useRoutes } from './routes/store.ts';
import { useTabs } from './shell/tabs-store.ts';

/** Sign-out, sign-in and user/tenant switches drop the tabs (and their kept pages) and the dynamic routes. */
export function installSessionHooks(): void {
  onSessionReset(() => {
    useTabs.getState().clear();
    useRoutes.getState().clear();
  });
}
