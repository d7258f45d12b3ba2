import { Limits } from '@seller/contracts/constants';
import { tr } from '../i18n/index.ts';
import { useSession } from '../session/store.ts';
import { getUiApi } from '../ui-bridge.ts';
import { createHttpClient, type TokenReply } from './client.ts';
import { showReloginDialog } from './relogin.tsx';

export * from './client.ts';
export * from './errors.ts';

export const CLIENT_ID = 'web-admin';
/** The Web Lock every tab takes to refresh the session's tokens. */
const REFRESH_LOCK = 'seller.token-refresh';
export const SCOPE = 'openid profile email phone roles offline_access';

export function tokenSetFromReply(reply: TokenReply) {
  return {
    accessToken: reply.access_token,
    tokenType: reply.token_type || 'Bearer',
    refreshToken: reply.refresh_token,
    expiresAt: reply.expires_in ? Date.now() + reply.expires_in * 1000 : undefined,
  };
}

/** The application's HTTP client. Use it from TanStack Query hooks: `useQuery({ queryFn: () => http.get(...) })`. */
export const http = createHttpClient({
  clientId: CLIENT_ID,
  scope: SCOPE,
  timeoutMs: Limits.httpTimeoutMs,
  session: {
    accessToken: () => useSession.getState().accessToken,
    tokenType: () => useSession.getState().tokenType,
    refreshToken: () => useSession.getState().refreshToken,
    tenant: () => {
      const t = useSession.getState().tenant;
      return t ? (t.id ?? t.name) : undefined;
    },
    language: () => useSession.getState().language,
    saveTokens: (reply) => useSession.getState().setTokens(tokenSetFromReply(reply)),
    reload: () => useSession.persist.rehydrate(),
  },
  acrossTabs: (fn) =>
    typeof navigator !== 'undefined' && navigator.locks
      ? (navigator.locks.request(REFRESH_LOCK, () => fn()) as Promise<Awaited<ReturnType<typeof fn>>>)
      : fn(),
  text: (key) => tr(key),
  notify: (notice) => {
    const ui = getUiApi();
    const duration = Limits.errorNotificationMs / 1000;
    if (!ui) {
      console.error(notice.title ?? '', notice.message);
      return;
    }
    if (notice.title) ui.notification.error({ title: notice.title, description: notice.message, duration });
    else ui.message.error({ content: notice.message, duration });
  },
  onSessionExpired: showReloginDialog,
});
