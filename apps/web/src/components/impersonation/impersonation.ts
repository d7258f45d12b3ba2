import { http } from '../../lib/http/index.ts';
import { logout } from '../../lib/session/lifecycle.ts';
import { useSession } from '../../lib/session/store.ts';

/**
 * Impersonation (spec §4): obtain a one-time token, sign out, and let /login sign in with the kept
 * token through `/api/impersonation/{token}/access-token` (features/auth). The session's tenant is
 * switched to the tenant of the account being signed in, so the sign-in screen and the `__tenant`
 * header follow it.
 */
export interface ImpersonationTokenReply {
  token: string;
  expiresIn: number;
  userId: string;
  userName: string;
  tenantId: string | null;
  tenantName: string | null;
}

async function signOutAndRedeem(reply: ImpersonationTokenReply): Promise<void> {
  await logout();
  const session = useSession.getState();
  session.setTenant(reply.tenantId ? { id: reply.tenantId, name: reply.tenantName ?? reply.tenantId } : undefined);
  session.setImpersonationToken(reply.token);
  location.assign('/login');
}

/** Starts acting as `userId` (same tenant), or — host only — as a tenant's admin or user. */
export async function startImpersonation(userId: string | undefined, tenantId?: string | null): Promise<void> {
  const reply = await http.post<ImpersonationTokenReply>('/api/identity/impersonation/get-token', {
    userId: userId || undefined,
    tenantId: tenantId || undefined,
  });
  await signOutAndRedeem(reply);
}

/** Returns to the impersonator: the way-back token, sign-out, /login redeems it (`isBack`). */
export async function backToImpersonator(impersonatorUserId: string): Promise<void> {
  const reply = await http.get<ImpersonationTokenReply>('/api/identity/impersonation/get-back-token/{id}', undefined, {
    path: { id: impersonatorUserId },
  });
  if (!reply?.token) return;
  await signOutAndRedeem(reply);
}
