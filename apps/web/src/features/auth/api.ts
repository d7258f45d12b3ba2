import { findTenantByName } from '../../lib/abp/api.ts';
import { describeError, type ErrorNotice, HttpError, http, type TokenReply } from '../../lib/http/index.ts';
import { tr } from '../../lib/i18n/index.ts';
import type { TenantRef } from '../../lib/session/store.ts';

/** Phone numbers accepted by the sign-in forms: optional '+', 6–15 digits. */
export const PHONE_PATTERN = /^\+?\d{6,15}$/;

export type CodePurpose = 'signin' | 'register' | 'password-reset';

export function sendPhoneCode(purpose: CodePurpose, phoneNumber: string): Promise<void> {
  return http.post(`/api/account/phone/send-${purpose}-code`, { phoneNumber });
}

// The sign-in form shows a refused sign-in itself, next to what was typed (signInError), not as a
// notification in a corner.
export function passwordSignIn(username: string, password: string, tenant?: string): Promise<TokenReply> {
  return http.token({ grant_type: 'password', username, password }, { tenant, notify: false });
}

export function phoneSignIn(phoneNumber: string, code: string, tenant?: string): Promise<TokenReply> {
  return http.token(
    { grant_type: 'phone_verify', phone_number: phoneNumber, phone_verify_code: code },
    { tenant, notify: false },
  );
}

/** What the sign-in form says about a failed sign-in: the spec's texts (§8), never an OAuth code. */
export function signInError(error: unknown): ErrorNotice | undefined {
  if (error instanceof TenantNotAvailableError) return { message: error.message };
  if (!(error instanceof HttpError)) return undefined;
  // no answer at all (network, timeout): the client's text for it
  return error.status === 0 ? { message: error.message } : describeError(error.status, error.body, (key) => tr(key));
}

export interface RegisterInput {
  phoneNumber: string;
  code: string;
  password: string;
  name?: string;
  userName?: string;
  emailAddress?: string;
}

export const registerByPhone = (input: RegisterInput) => http.post('/api/account/phone/register', input);

export const resetPasswordByPhone = (input: { phoneNumber: string; newPassword: string; code: string }) =>
  http.put('/api/account/phone/reset-password', input);

export class TenantNotAvailableError extends Error {}

/** Checks the tenant with the by-name look-up before signing in (spec §1, §8). */
export async function resolveTenant(name: string | undefined): Promise<TenantRef | undefined> {
  const trimmed = name?.trim();
  if (!trimmed) return undefined;
  const found = await findTenantByName(trimmed).catch(() => undefined);
  if (!found?.success || found.isActive === false) {
    throw new TenantNotAvailableError(tr('login.tenantNotAvailable', { name: trimmed }));
  }
  return { id: found.tenantId, name: found.name ?? trimmed };
}

/** Spec §4: impersonation sign-in with a kept impersonation token. */
export async function impersonationSignIn(token: string): Promise<{ reply: TokenReply; isBack: boolean }> {
  const res = await http.get<{ accessToken: string; isBack?: boolean }>(
    '/api/impersonation/{id}/access-token',
    undefined,
    { path: { id: token }, auth: false },
  );
  return {
    reply: { access_token: res.accessToken, token_type: 'Bearer', expires_in: 0 },
    isBack: Boolean(res.isBack),
  };
}

/** Only same-site paths are valid redirect targets. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return '/';
  if (target.startsWith('/login')) return '/';
  return target;
}
