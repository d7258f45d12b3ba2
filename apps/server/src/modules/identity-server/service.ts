import { VerifyType } from '@seller/contracts';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { verifyPhoneCode } from '../account/index.ts';
import {
  checkPassword,
  findUserByConfirmedPhone,
  findUserById,
  findUserByLogin,
  isLockedOut,
  lockoutPolicy,
  recordFailedAccess,
  resetFailedAccess,
  roleNamesOf,
  type SecurityLogAction,
  tenantAllowsSignIn,
  type User,
  writeSecurityLog,
} from '../identity/index.ts';
import { authenticateClient, basicCredentials, type Client, ensureGrantAllowed, resolveScopes } from './clients.ts';
import { invalidGrant, invalidRequest, OAuthError } from './errors.ts';
import { tokenServer } from './token-server.ts';
import {
  findRefreshToken,
  issueTokens,
  type RefreshToken,
  refreshTokenState,
  revokeSession,
  rotateRefreshToken,
  slideRefreshToken,
  type TokenResponse,
  withinGrace,
} from './tokens.ts';

/** Form fields of `/connect/token` (contract §8). */
export interface TokenForm {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
  username?: string;
  password?: string;
  phone_number?: string;
  phone_verify_code?: string;
  refresh_token?: string;
}

/** What the token endpoint needs from the HTTP request. */
export interface TokenRequestContext {
  ctx: RequestContext;
  issuer: string;
  authorization?: string;
}

export const SUPPORTED_GRANTS = ['password', 'phone_verify', 'refresh_token', 'client_credentials'] as const;

/** Sign-in attempts allowed per minute, per client IP and per tenant + account. */
export const SIGN_IN_LIMITS = { perIp: 30, perAccount: 10, windowSeconds: 60 };

export async function token(services: Services, rc: TokenRequestContext, form: TokenForm): Promise<TokenResponse> {
  const grantType = form.grant_type?.trim();
  if (!grantType) throw invalidRequest('grant_type');
  if (!(SUPPORTED_GRANTS as readonly string[]).includes(grantType)) {
    throw new OAuthError('unsupported_grant_type', 'UnsupportedGrantType', [grantType]);
  }
  const client = await authenticateClient(
    services,
    basicCredentials(rc.authorization) ?? { clientId: form.client_id, clientSecret: form.client_secret },
  );
  ensureGrantAllowed(client, grantType);
  switch (grantType) {
    case 'password':
      return passwordGrant(services, rc, client, form);
    case 'phone_verify':
      return phoneVerifyGrant(services, rc, client, form);
    case 'refresh_token':
      return refreshTokenGrant(services, rc, client, form);
    default:
      return clientCredentialsGrant(services, rc, client, form);
  }
}

async function signInRateLimit(services: Services, ctx: RequestContext, account: string) {
  const { perIp, perAccount, windowSeconds } = SIGN_IN_LIMITS;
  await services.rateLimiter.hit(`signin:ip:${ctx.clientIp}`, perIp, windowSeconds);
  await services.rateLimiter.hit(`signin:acct:${ctx.tenant?.id ?? 'host'}:${account}`, perAccount, windowSeconds);
}

/** A refused sign-in: the security log row, then the `invalid_grant` reply. */
async function refuse(
  services: Services,
  ctx: RequestContext,
  client: Client,
  action: SecurityLogAction,
  errorKey: string,
  who: { user?: User | null; userName: string; tenant?: CurrentTenant | null },
): Promise<never> {
  await writeSecurityLog(services, ctx, {
    identity: 'OpenIddict',
    action,
    userId: who.user?.id,
    userName: who.user?.userName ?? who.userName,
    clientId: client.clientId,
    tenant: who.tenant,
  });
  throw invalidGrant(errorKey);
}

/** Success: lockout counters cleared, roles read, LoginSucceeded logged, tokens issued. */
async function signedIn(services: Services, rc: TokenRequestContext, client: Client, user: User, scopes: string[]) {
  const { ctx } = rc;
  const roles = await services.data.inTenant(ctx, async (tx) => {
    await resetFailedAccess(tx, user);
    return roleNamesOf(tx, user.id);
  });
  await writeSecurityLog(services, ctx, {
    identity: 'OpenIddict',
    action: 'LoginSucceeded',
    userId: user.id,
    userName: user.userName,
    clientId: client.clientId,
  });
  return issueTokens(services, {
    issuer: rc.issuer,
    client,
    tenant: ctx.tenant,
    scopes,
    subject: { user, roles },
  });
}

/**
 * A sign-in once its user is found: a locked-out user is refused; a wrong credential
 * (`credentialAccepted` false) counts a failed access and is refused as `wrong`, or as locked out
 * when that reached the policy's limit; an inactive user is refused; else the tokens.
 */
async function signInKnownUser(
  services: Services,
  rc: TokenRequestContext,
  client: Client,
  user: User,
  scopes: string[],
  credentialAccepted: () => Promise<boolean>,
  wrong: { action: SecurityLogAction; errorKey: string },
) {
  const { ctx } = rc;
  const who = { user, userName: user.userName };
  if (isLockedOut(user)) return refuse(services, ctx, client, 'LoginLockedout', 'UserLockedOut', who);
  if (!(await credentialAccepted())) {
    const policy = await lockoutPolicy(services, ctx);
    const locked = await services.data.inTenant(ctx, (tx) => recordFailedAccess(tx, user, policy));
    return locked
      ? refuse(services, ctx, client, 'LoginLockedout', 'UserLockedOut', who)
      : refuse(services, ctx, client, wrong.action, wrong.errorKey, who);
  }
  if (!user.isActive) return refuse(services, ctx, client, 'LoginNotAllowed', 'LoginIsNotAllowed', who);
  return signedIn(services, rc, client, user, scopes);
}

async function passwordGrant(services: Services, rc: TokenRequestContext, client: Client, form: TokenForm) {
  const { ctx } = rc;
  const userName = form.username?.trim();
  if (!userName) throw invalidRequest('username');
  if (!form.password) throw invalidRequest('password');
  await signInRateLimit(services, ctx, `u:${normalizeName(userName)}`);
  const scopes = await resolveScopes(services, client, form.scope);

  const user = await services.data.inTenant(ctx, (tx) => findUserByLogin(tx, userName));
  const who = { user, userName };
  if (!user) {
    await checkPassword(null, form.password);
    return refuse(services, ctx, client, 'LoginInvalidUserName', 'InvalidUserNameOrPassword', who);
  }
  const password = form.password;
  return signInKnownUser(services, rc, client, user, scopes, () => checkPassword(user, password), {
    action: 'LoginInvalidUserNameOrPassword',
    errorKey: 'InvalidUserNameOrPassword',
  });
}

async function phoneVerifyGrant(services: Services, rc: TokenRequestContext, client: Client, form: TokenForm) {
  const { ctx } = rc;
  const phone = form.phone_number?.trim();
  const code = form.phone_verify_code?.trim();
  if (!phone || !code) throw invalidGrant('PhoneOrVerifyCodeNotFound');
  await signInRateLimit(services, ctx, `p:${phone}`);
  const scopes = await resolveScopes(services, client, form.scope);

  const user = await services.data.inTenant(ctx, (tx) => findUserByConfirmedPhone(tx, phone));
  const who = { user, userName: phone };
  if (!user) return refuse(services, ctx, client, 'LoginInvalidUserName', 'PhoneNumberNotRegistered', who);
  return signInKnownUser(
    services,
    rc,
    client,
    user,
    scopes,
    () => verifyPhoneCode(services, ctx, phone, VerifyType.Signin, code),
    { action: 'SecurityCodeFailed', errorKey: 'PhoneVerifyCodeFailed' },
  );
}

async function refreshTokenGrant(services: Services, rc: TokenRequestContext, client: Client, form: TokenForm) {
  const { ctx } = rc;
  if (!form.refresh_token) throw invalidRequest('refresh_token');
  const row = await findRefreshToken(services, form.refresh_token);
  const now = tokenServer(services).now();
  const state = refreshTokenState(row, client, now);
  // consumed: within the grace window of its rotation the rotation below answers its successor
  if (state === 'consumed' && !withinGrace(row!, now)) await replayed(services, ctx, client, row!);
  if (state === 'invalid' || !row) throw invalidGrant('InvalidRefreshToken');
  // its session revoked while this token was being rotated (the row missed the revocation)
  if (tokenServer(services).revocations.isRevoked(row.sessionId, undefined)) throw invalidGrant('InvalidRefreshToken');
  // The token's tenant wins; a request naming another tenant is refused.
  if (ctx.tenant && ctx.tenant.id !== row.tenantId) throw invalidGrant('InvalidRefreshToken');
  const scopes = form.scope?.trim() ? [...new Set(form.scope.trim().split(/\s+/))] : row.scopes;
  const extra = scopes.find((s) => !row.scopes.includes(s) || !client.allowedScopes.includes(s));
  if (extra) throw new OAuthError('invalid_scope', 'InvalidScope', [extra]);

  const tenantCheck = await tenantAllowsSignIn(services, row.tenantId);
  if (!tenantCheck.ok) throw invalidGrant('LoginIsNotAllowed');
  const tenant = tenantCheck.tenant;
  const found = await services.data.inTenant({ tenant }, async (tx) => {
    const user = await findUserById(tx, row.userId);
    return user && { user, roles: await roleNamesOf(tx, user.id) };
  });
  const who = { user: found?.user, userName: found?.user.userName ?? row.userId, tenant };
  if (!found?.user.isActive) return refuse(services, ctx, client, 'LoginNotAllowed', 'LoginIsNotAllowed', who);
  if (isLockedOut(found.user)) return refuse(services, ctx, client, 'LoginLockedout', 'UserLockedOut', who);

  const issue = { issuer: rc.issuer, client, tenant, scopes, subject: found, rotated: row };
  if (client.refreshTokenUsage === 0) {
    // ReUse mode: the same token stays valid
    if (state !== 'valid') throw invalidGrant('InvalidRefreshToken');
    await slideRefreshToken(services, row, client);
    return issueTokens(services, { ...issue, reusedRefreshToken: form.refresh_token });
  }
  const rotation = await rotateRefreshToken(services, issue);
  if ('ok' in rotation) return rotation.ok;
  if (rotation.refused === 'replayed') await replayed(services, ctx, client, row);
  throw invalidGrant('InvalidRefreshToken');
}

/**
 * A consumed refresh token presented again (stolen or replayed): the whole session is
 * revoked, access tokens included, and the event goes to the security log as LoginFailed.
 */
async function replayed(services: Services, ctx: RequestContext, client: Client, row: RefreshToken): Promise<never> {
  await revokeSession(services, row.sessionId);
  const tenant = row.tenantId ? await services.tenants.find(row.tenantId) : null;
  await writeSecurityLog(services, ctx, {
    identity: 'OpenIddict',
    action: 'LoginFailed',
    userId: row.userId,
    clientId: client.clientId,
    tenant,
  });
  throw invalidGrant('InvalidRefreshToken');
}

async function clientCredentialsGrant(services: Services, rc: TokenRequestContext, client: Client, form: TokenForm) {
  if (!client.requireClientSecret)
    throw new OAuthError('unauthorized_client', 'UnauthorizedClient', ['client_credentials']);
  const scopes = await resolveScopes(services, client, form.scope);
  const userScope = scopes.find((s) => s === 'offline_access' || s === 'openid');
  if (userScope) throw new OAuthError('invalid_scope', 'InvalidScope', [userScope]);
  return issueTokens(services, { issuer: rc.issuer, client, tenant: rc.ctx.tenant, scopes });
}
