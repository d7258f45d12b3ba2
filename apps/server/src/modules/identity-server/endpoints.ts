import { eq } from 'drizzle-orm';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { unauthorized } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { findUserById, roleNamesOf } from '../identity/index.ts';
import { authenticateClient, basicCredentials, type Client } from './clients.ts';
import { invalidRequest } from './errors.ts';
import { apiResources, identityResources } from './schema.ts';
import { logSecurityEvent, SUPPORTED_GRANTS } from './service.ts';
import { findRefreshToken, type RefreshToken, revokeAccessToken, revokeSessions, type TokenTx } from './tokens.ts';

/** `/connect/revocation`, `/connect/userinfo` and the discovery document. */

export interface RevocationForm {
  token?: string;
  token_type_hint?: string;
  client_id?: string;
  client_secret?: string;
}

/** What `/connect/revocation` needs from the HTTP request. */
export interface RevocationHttpRequest {
  authorization?: string;
  origin: string;
  form: RevocationForm;
}

/**
 * A revocation checked before its unit of work: the client when the caller names one, and the
 * token presented (a refresh token's row, or an access token's claims) with its tenant. Unknown
 * tokens, and access tokens this server would not accept (foreign, expired, already revoked),
 * have nothing to end.
 */
export interface Revocation {
  client: Client | null;
  token: { refresh: RefreshToken } | { access: Record<string, unknown> } | null;
  tenant: CurrentTenant | null;
}

export async function revocation(services: Services, http: RevocationHttpRequest): Promise<Revocation> {
  const { form } = http;
  const presented = form.token;
  if (!presented) throw invalidRequest('token');
  const credentials = basicCredentials(http.authorization) ?? {
    clientId: form.client_id,
    clientSecret: form.client_secret,
  };
  const client = credentials.clientId ? await authenticateClient(services, credentials) : null;
  // The hint is only advisory (RFC 7009 §2.1): both token kinds are looked for.
  const row = await services.data.unscoped((tx) => findRefreshToken(tx, presented));
  const tenantOf = async (id: unknown) => (typeof id === 'string' && id ? services.tenants.find(id) : null);
  if (row) return { client, token: { refresh: row }, tenant: await tenantOf(row.tenantId) };
  try {
    const claims = await services.accessTokens.verify(presented, http.origin);
    return { client, token: { access: claims }, tenant: await tenantOf(claims.tenantid) };
  } catch {
    return { client, token: null, tenant: null };
  }
}

/**
 * Signs out (RFC 7009) in the open unit: a refresh token revokes its session (every token of it);
 * an access token is refused from now on, with its session. When the caller names a client, only
 * that client's tokens are revoked.
 */
export async function revoke(services: Services, tx: TokenTx, ctx: RequestContext, revoking: Revocation) {
  const { client, token, tenant } = revoking;
  const ownedBy = (clientId: unknown) => !client || client.clientId === clientId;
  if (!token) return;
  if ('refresh' in token) {
    const row = token.refresh;
    if (!ownedBy(row.clientId)) return;
    await tx.server((serverTx) => revokeSessions(serverTx, services, [row.sessionId]));
    return logout(tx, ctx, { client, tenant, userId: row.userId });
  }
  const claims = token.access;
  const { jti, session_id: sessionId, sub } = claims;
  if (!ownedBy(claims.client_id) || typeof jti !== 'string') return;
  await tx.server(async (serverTx) => {
    await revokeAccessToken(serverTx, services, jti, new Date(Number(claims.exp) * 1000));
    if (typeof sessionId === 'string') await revokeSessions(serverTx, services, [sessionId]);
  });
  if (typeof sub === 'string') await logout(tx, ctx, { client, tenant, userId: sub });
}

async function logout(
  tx: TokenTx,
  ctx: RequestContext,
  who: { client: Client | null; tenant: CurrentTenant | null; userId: string },
) {
  const { client, tenant, userId } = who;
  const user = await tx.tenant(tenant, (userTx) => findUserById(userTx, userId));
  const entry = {
    identity: 'OpenIddict' as const,
    action: 'Logout' as const,
    userId,
    userName: user?.userName ?? null,
    clientId: client?.clientId ?? null,
    tenant,
  };
  await logSecurityEvent(tx, ctx, entry);
}

/** Current claims of the signed-in user, read from the database (contract §8). */
export async function userInfo(tx: Tx, ctx: RequestContext) {
  if (!ctx.user) throw unauthorized();
  const user = await findUserById(tx, ctx.user.id);
  if (!user) throw unauthorized();
  const roles = await roleNamesOf(tx, user.id);
  return {
    sub: user.id,
    tenantid: user.tenantId ?? undefined,
    name: user.userName,
    preferred_username: user.userName,
    given_name: user.name ?? undefined,
    family_name: user.surname ?? undefined,
    email: user.email ?? undefined,
    email_verified: user.emailConfirmed,
    phone_number: user.phoneNumber ?? undefined,
    phone_number_verified: user.phoneNumberConfirmed,
    role: roles,
  };
}

/** `/.well-known/openid-configuration` for `issuer` (absolute URLs under it). */
export async function discoveryDocument(tx: Tx, issuer: string) {
  const [resources, apis] = await Promise.all([
    tx.select().from(identityResources).where(eq(identityResources.enabled, true)),
    tx.select().from(apiResources).where(eq(apiResources.enabled, true)),
  ]);
  const shown = resources.filter((r) => r.showInDiscoveryDocument);
  return {
    issuer,
    token_endpoint: `${issuer}/connect/token`,
    userinfo_endpoint: `${issuer}/connect/userinfo`,
    revocation_endpoint: `${issuer}/connect/revocation`,
    jwks_uri: `${issuer}/.well-known/jwks`,
    grant_types_supported: [...SUPPORTED_GRANTS],
    response_types_supported: ['token'],
    subject_types_supported: ['public'],
    scopes_supported: [...shown.map((r) => r.name), 'offline_access', ...apis.flatMap((a) => a.scopes)],
    claims_supported: [...new Set(shown.flatMap((r) => r.userClaims)), 'tenantid', 'session_id', 'client_id'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    claims_parameter_supported: false,
    request_parameter_supported: false,
  };
}
