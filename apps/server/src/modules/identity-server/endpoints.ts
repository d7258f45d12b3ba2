import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { unauthorized } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { findUserById, roleNamesOf, writeSecurityLog } from '../identity/index.ts';
import { authenticateClient, basicCredentials, type Client } from './clients.ts';
import { invalidRequest } from './errors.ts';
import { apiResources, identityResources } from './schema.ts';
import { SUPPORTED_GRANTS } from './service.ts';
import { findRefreshToken, revokeAccessToken, revokeSession } from './tokens.ts';

/** `/connect/revocation`, `/connect/userinfo` and the discovery document. */

export interface RevocationForm {
  token?: string;
  token_type_hint?: string;
  client_id?: string;
  client_secret?: string;
}

/**
 * Signs out (RFC 7009): a refresh token revokes its session (every token of it); an access
 * token is refused from now on, with its session. Unknown tokens are ignored (still 200).
 * When the caller names a client, only that client's tokens are revoked.
 */
export async function revoke(
  services: Services,
  rc: { ctx: RequestContext; authorization?: string; origin: string },
  form: RevocationForm,
): Promise<void> {
  if (!form.token) throw invalidRequest('token');
  const credentials = basicCredentials(rc.authorization) ?? {
    clientId: form.client_id,
    clientSecret: form.client_secret,
  };
  const client = credentials.clientId ? await authenticateClient(services, credentials) : null;
  const ownedBy = (clientId: unknown) => !client || client.clientId === clientId;

  // The hint is only advisory (RFC 7009 §2.1): both token kinds are looked for.
  const row = await findRefreshToken(services, form.token);
  if (row) {
    if (!ownedBy(row.clientId)) return;
    await revokeSession(services, row.sessionId);
    return logout(services, rc.ctx, client, row.tenantId, row.userId);
  }
  let claims: Record<string, unknown>;
  try {
    // a token this server would not accept (foreign, expired, already revoked) has nothing to end
    claims = await services.accessTokens.verify(form.token, rc.origin);
  } catch {
    return;
  }
  if (!ownedBy(claims.client_id) || typeof claims.jti !== 'string') return;
  await revokeAccessToken(services, claims.jti, new Date(Number(claims.exp) * 1000));
  if (typeof claims.session_id === 'string') await revokeSession(services, claims.session_id);
  if (typeof claims.sub === 'string') {
    await logout(services, rc.ctx, client, (claims.tenantid as string | undefined) ?? null, claims.sub);
  }
}

async function logout(
  services: Services,
  ctx: RequestContext,
  client: Client | null,
  tenantId: string | null,
  userId: string,
) {
  const tenant = tenantId ? await services.tenants.find(tenantId) : null;
  const user = await services.data.inTenant({ tenant }, (tx) => findUserById(tx, userId));
  await writeSecurityLog(services, ctx, {
    identity: 'OpenIddict',
    action: 'Logout',
    userId,
    userName: user?.userName ?? null,
    clientId: client?.clientId ?? null,
    tenant,
  });
}

/** Current claims of the signed-in user, read from the database (contract §8). */
export async function userInfo(services: Services, ctx: RequestContext) {
  if (!ctx.user) throw unauthorized();
  const found = await services.data.inTenant(ctx, async (tx) => {
    const user = await findUserById(tx, ctx.user!.id);
    return user && { user, roles: await roleNamesOf(tx, user.id) };
  });
  if (!found) throw unauthorized();
  const { user, roles } = found;
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
export async function discoveryDocument(services: Services, issuer: string) {
  const [resources, apis] = await services.data.unscoped((tx) =>
    Promise.all([
      tx.select().from(identityResources).where(eq(identityResources.enabled, true)),
      tx.select().from(apiResources).where(eq(apiResources.enabled, true)),
    ]),
  );
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
