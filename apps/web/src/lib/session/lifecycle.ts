import { useAbp } from '../abp/config-store.ts';
import { CLIENT_ID, http, type TokenReply, tokenSetFromReply } from '../http/index.ts';
import { removeItem, StorageKeys } from '../storage.ts';
import { type TenantRef, useSession } from './store.ts';

type ResetHook = () => void;
const resetHooks = new Set<ResetHook>();

/** The app registers clean-ups (tabs, dynamic routes) that run whenever the signed-in identity changes. */
export function onSessionReset(hook: ResetHook): () => void {
  resetHooks.add(hook);
  return () => resetHooks.delete(hook);
}

/** Clears cached configuration, API description, permissions, and (through the hooks) query cache, tabs and routes. */
export function resetClientState(): void {
  useAbp.getState().clear();
  removeItem(StorageKeys.apiDefinition);
  removeItem(StorageKeys.configuration);
  for (const hook of resetHooks) hook();
}

/** Stores a fresh sign-in; switching user or tenant drops everything cached for the previous one. */
export function completeSignIn(reply: TokenReply, tenant: TenantRef | undefined): void {
  resetClientState();
  const session = useSession.getState();
  session.setTenant(tenant);
  session.setTokens({ ...tokenSetFromReply(reply), refreshToken: reply.refresh_token ?? null });
}

/**
 * Spec §4: revoke the refresh token on the server (when there is one), then clear tokens, user,
 * cached configuration, tabs, permissions and routes.
 */
export async function logout(): Promise<void> {
  const { refreshToken } = useSession.getState();
  if (refreshToken) {
    try {
      await http.request('/connect/revocation', {
        method: 'POST',
        auth: false,
        notify: false,
        form: { token: refreshToken, token_type_hint: 'refresh_token', client_id: CLIENT_ID },
      });
    } catch {
      // the local sign-out happens regardless
    }
  } else {
    console.warn('LogOut: token is undefined!');
  }
  useSession.getState().clearTokens();
  resetClientState();
}
