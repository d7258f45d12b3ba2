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
  type SecurityLogEntry,
  securityLogTenant,
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
  revokeSessions,
  rotateRefreshToken,
  slideRefreshToken,
  type TokenResponse,
  type TokenTx,
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
export interface TokenHttpRequest {
  issuer: string;
  authorization?: string;
  form: TokenForm;
}

export const SUPPORTED_GRANTS = ['password', 'phone_verify', 'refresh_token', 'client_credentials'] as const;

/** Sign-in attempts allowed per minute, per client IP and per tenant + account. */
export const SIGN_IN_LIMITS = { perIp: 30, perAccount: 10, windowSeconds: 60 };

type LockoutPolicy = Awaited<ReturnType<typeof lockoutPolicy>>;

/**
 * A token request checked before its unit of work: the grant's parameters, the authenticated
 * client, the sign-in rate limits and the lockout policy (settings); for a password, the user and
 * whether the password matched; for a refresh, the presented token's row and its tenant, the one
 * whose user signs in.
 */
export type TokenRequest = { issuer: string; client: Client; scope?: string; tenant: CurrentTenant | null } & (
  | { grant: 'password'; userName: string; user: User | null; passwordAccepted: boolean; lockout: LockoutPolicy }
  | { grant: 'phone_verify'; phone: string; code: string; lockout: LockoutPolicy }
  | { grant: 'refresh_token'; refreshToken: string; row: RefreshToken | null }
  | { grant: 'client_credentials' }
);

/**
 * What a token request's unit of work answers: the tokens, or the refusal to answer once it has
 * committed (what the refusal wrote stays: the security log, a failed-access count, a session
 * revoked for a replayed refresh token).
 */
export type TokenOutcome = { tokens: TokenResponse } | { refused: OAuthError };

/** Checks a token request before its unit of work opens (see `TokenRequest`). */
export async function tokenRequest(
  services: Services,
  ctx: RequestContext,
  http: TokenHttpRequest,
): Promise<TokenRequest> {
  const { form } = http;
  const grant = form.grant_type?.trim();
  if (!grant) throw invalidRequest('grant_type');
  if (!(SUPPORTED_GRANTS as readonly string[]).includes(grant)) {
    throw new OAuthError('unsupported_grant_type', 'UnsupportedGrantType', [grant]);
  }
  const credentials = basicCredentials(http.authorization) ?? {
    clientId: form.client_id,
    clientSecret: form.client_secret,
  };
  const client = await authenticateClient(services, credentials);
  ensureGrantAllowed(client, grant);
  const checked = { issuer: http.issuer, client, scope: form.scope, tenant: ctx.tenant };
  switch (grant) {
    case 'password': {
      const userName = form.username?.trim();
      if (!userName) throw invalidRequest('username');
      if (!form.password) throw invalidRequest('password');
      await signInRateLimit(services, ctx, `u:${normalizeName(userName)}`);
      const lockout = await lockoutPolicy(services, ctx);
      // the hash check holds no connection: the user is read, and the password checked, first
      const user = await services.data.inTenant(ctx, (tx) => findUserByLogin(tx, userName));
      const passwordAccepted = await checkPassword(user, form.password);
      return { ...checked, grant, userName, user, passwordAccepted, lockout };
    }
    case 'phone_verify': {
      const phone = form.phone_number?.trim();
      const code = form.phone_verify_code?.trim();
      if (!phone || !code) throw invalidGrant('PhoneOrVerifyCodeNotFound');
      await signInRateLimit(services, ctx, `p:${phone}`);
      const lockout = await lockoutPolicy(services, ctx);
      return { ...checked, grant, phone, code, lockout };
    }
    case 'refresh_token': {
      const refreshToken = form.refresh_token;
      if (!refreshToken) throw invalidRequest('refresh_token');
      const row = await services.data.unscoped((tx) => findRefreshToken(tx, refreshToken));
      const tenant = row?.tenantId ? await services.tenants.find(row.tenantId) : null;
      return { ...checked, grant, refreshToken, row, tenant };
    }
    default:
      return { ...checked, grant: 'client_credentials' };
  }
}

async function signInRateLimit(services: Services, ctx: RequestContext, account: string) {
  const { perIp, perAccount, windowSeconds } = SIGN_IN_LIMITS;
  await services.rateLimiter.hit(`signin:ip:${ctx.clientIp}`, perIp, windowSeconds);
  await services.rateLimiter.hit(`signin:acct:${ctx.tenant?.id ?? 'host'}:${account}`, perAccount, windowSeconds);
}

/**
 * `/connect/token` in the open unit: signs the user in (or the client) and issues the tokens. A
 * refusal that wrote nothing is thrown; one that wrote something is answered (`TokenOutcome`).
 */
export async function token(
  services: Services,
  tx: TokenTx,
  ctx: RequestContext,
  request: TokenRequest,
): Promise<TokenOutcome> {
  const grant = { services, tx, ctx };
  switch (request.grant) {
    case 'password':
      return passwordGrant(grant, request);
    case 'phone_verify':
      return phoneVerifyGrant(grant, request);
    case 'refresh_token':
      return refreshTokenGrant(grant, request);
    default:
      return clientCredentialsGrant(grant, request);
  }
}

/** What every grant works with: the services, the open unit and the request context. */
interface Grant {
  services: Services;
  tx: TokenTx;
  ctx: RequestContext;
}

type RequestOf<G extends TokenRequest['grant']> = Extract<TokenRequest, { grant: G }>;

/** Writes a security-log row in the unit's side of the entry's tenant (`securityLogTenant`). */
export const logSecurityEvent = (tx: TokenTx, ctx: RequestContext, entry: SecurityLogEntry) =>
  tx.tenant(securityLogTenant(ctx, entry), (userTx) => writeSecurityLog(userTx, ctx, entry));

/** A refused sign-in: the security log row, then the `invalid_grant` answer. */
async function refuse(
  { tx, ctx }: Grant,
  client: Client,
  action: SecurityLogAction,
  errorKey: string,
  who: { user?: User | null; userName: string; tenant?: CurrentTenant | null },
): Promise<TokenOutcome> {
  const entry = {
    identity: 'OpenIddict' as const,
    action,
    userId: who.user?.id,
    userName: who.user?.userName ?? who.userName,
    clientId: client.clientId,
    tenant: who.tenant,
  };
  await logSecurityEvent(tx, ctx, entry);
  return { refused: invalidGrant(errorKey) };
}

/** Success: lockout counters cleared, roles read, LoginSucceeded logged, tokens issued. */
async function signedIn(grant: Grant, request: TokenRequest, user: User, scopes: string[]): Promise<TokenOutcome> {
  const { services, tx, ctx } = grant;
  const { client } = request;
  const roles = await tx.tenant(ctx.tenant, async (userTx) => {
    await resetFailedAccess(userTx, user);
    return roleNamesOf(userTx, user.id);
  });
  const entry = {
    identity: 'OpenIddict' as const,
    action: 'LoginSucceeded' as const,
    userId: user.id,
    userName: user.userName,
    clientId: client.clientId,
  };
  await logSecurityEvent(tx, ctx, entry);
  const input = { issuer: request.issuer, client, tenant: ctx.tenant, scopes, subject: { user, roles } };
  return { tokens: await tx.server((serverTx) => issueTokens(serverTx, services, input)) };
}

/**
 * A sign-in once its user is found: a locked-out user is refused; a wrong credential
 * (`credentialAccepted` false) counts a failed access and is refused as `wrong`, or as locked out
 * when that reached the policy's limit; an inactive user is refused; else the tokens.
 */
async function signInKnownUser(
  grant: Grant,
  request: RequestOf<'password' | 'phone_verify'>,
  user: User,
  scopes: string[],
  credentialAccepted: () => Promise<boolean>,
  wrong: { action: SecurityLogAction; errorKey: string },
): Promise<TokenOutcome> {
  const { client } = request;
  const who = { user, userName: user.userName };
  if (isLockedOut(user)) return refuse(grant, client, 'LoginLockedout', 'UserLockedOut', who);
  if (!(await credentialAccepted())) {
    const locked = await grant.tx.tenant(grant.ctx.tenant, (userTx) =>
      recordFailedAccess(userTx, user, request.lockout),
    );
    return locked
      ? refuse(grant, client, 'LoginLockedout', 'UserLockedOut', who)
      : refuse(grant, client, wrong.action, wrong.errorKey, who);
  }
  if (!user.isActive) return refuse(grant, client, 'LoginNotAllowed', 'LoginIsNotAllowed', who);
  return signedIn(grant, request, user, scopes);
}

/** The scopes asked for, each allowed for the client and known. */
const scopesOf = (grant: Grant, request: TokenRequest) =>
  grant.tx.server((serverTx) => resolveScopes(serverTx, request.client, request.scope));

async function passwordGrant(grant: Grant, request: RequestOf<'password'>) {
  const { userName, user, client } = request;
  const scopes = await scopesOf(grant, request);
  if (!user) return refuse(grant, client, 'LoginInvalidUserName', 'InvalidUserNameOrPassword', { user, userName });
  return signInKnownUser(grant, request, user, scopes, async () => request.passwordAccepted, {
    action: 'LoginInvalidUserNameOrPassword',
    errorKey: 'InvalidUserNameOrPassword',
  });
}

async function phoneVerifyGrant(grant: Grant, request: RequestOf<'phone_verify'>) {
  const { ctx } = grant;
  const { phone, code, client } = request;
  const scopes = await scopesOf(grant, request);
  const user = await grant.tx.tenant(ctx.tenant, (userTx) => findUserByConfirmedPhone(userTx, phone));
  if (!user)
    return refuse(grant, client, 'LoginInvalidUserName', 'PhoneNumberNotRegistered', { user, userName: phone });
  const codeAccepted = () =>
    grant.tx.tenant(ctx.tenant, (userTx) => verifyPhoneCode(userTx, phone, VerifyType.Signin, code));
  return signInKnownUser(grant, request, user, scopes, codeAccepted, {
    action: 'SecurityCodeFailed',
    errorKey: 'PhoneVerifyCodeFailed',
  });
}

async function refreshTokenGrant(grant: Grant, request: RequestOf<'refresh_token'>): Promise<TokenOutcome> {
  const { services, tx, ctx } = grant;
  const { client, row } = request;
  const server = tokenServer(services);
  const now = server.now();
  const state = refreshTokenState(row, client, now);
  // consumed: within the grace window of its rotation the rotation below answers its successor
  if (state === 'consumed' && !withinGrace(row!, now)) return replayed(grant, request, row!);
  if (state === 'invalid' || !row) throw invalidGrant('InvalidRefreshToken');
  // its session revoked while this token was being rotated (the row missed the revocation)
  if (server.revocations.isRevoked(row.sessionId, undefined)) throw invalidGrant('InvalidRefreshToken');
  // The token's tenant wins; a request naming another tenant is refused.
  if (ctx.tenant && ctx.tenant.id !== row.tenantId) throw invalidGrant('InvalidRefreshToken');
  const scopes = request.scope?.trim() ? [...new Set(request.scope.trim().split(/\s+/))] : row.scopes;
  const extra = scopes.find((s) => !row.scopes.includes(s) || !client.allowedScopes.includes(s));
  if (extra) throw new OAuthError('invalid_scope', 'InvalidScope', [extra]);

  const tenantCheck = await tenantAllowsSignIn(services, row.tenantId);
  if (!tenantCheck.ok) throw invalidGrant('LoginIsNotAllowed');
  const tenant = tenantCheck.tenant;
  const found = await tx.tenant(tenant, async (userTx) => {
    const user = await findUserById(userTx, row.userId);
    return user && { user, roles: await roleNamesOf(userTx, user.id) };
  });
  const who = { user: found?.user, userName: found?.user.userName ?? row.userId, tenant };
  if (!found?.user.isActive) return refuse(grant, client, 'LoginNotAllowed', 'LoginIsNotAllowed', who);
  if (isLockedOut(found.user)) return refuse(grant, client, 'LoginLockedout', 'UserLockedOut', who);

  const issue = { issuer: request.issuer, client, tenant, scopes, subject: found, rotated: row };
  if (client.refreshTokenUsage === 0) {
    // ReUse mode: the same token stays valid
    if (state !== 'valid') throw invalidGrant('InvalidRefreshToken');
    const tokens = await tx.server(async (serverTx) => {
      await slideRefreshToken(serverTx, row, client);
      return issueTokens(serverTx, services, { ...issue, reusedRefreshToken: request.refreshToken });
    });
    return { tokens };
  }
  const rotation = await tx.server((serverTx) => rotateRefreshToken(serverTx, services, issue));
  if ('ok' in rotation) return { tokens: rotation.ok };
  if (rotation.refused === 'replayed') return replayed(grant, request, row);
  throw invalidGrant('InvalidRefreshToken');
}

/**
 * A consumed refresh token presented again (stolen or replayed): the whole session is
 * revoked, access tokens included, and the event goes to the security log as LoginFailed.
 */
async function replayed(grant: Grant, request: RequestOf<'refresh_token'>, row: RefreshToken): Promise<TokenOutcome> {
  const { services, tx, ctx } = grant;
  await grant.tx.server((serverTx) => revokeSessions(serverTx, services, [row.sessionId]));
  const entry = {
    identity: 'OpenIddict' as const,
    action: 'LoginFailed' as const,
    userId: row.userId,
    clientId: request.client.clientId,
    tenant: request.tenant,
  };
  await logSecurityEvent(tx, ctx, entry);
  return { refused: invalidGrant('InvalidRefreshToken') };
}

async function clientCredentialsGrant(grant: Grant, request: RequestOf<'client_credentials'>): Promise<TokenOutcome> {
  const { client } = request;
  if (!client.requireClientSecret)
    throw new OAuthError('unauthorized_client', 'UnauthorizedClient', ['client_credentials']);
  const scopes = await scopesOf(grant, request);
  const userScope = scopes.find((s) => s === 'offline_access' || s === 'openid');
  if (userScope) throw new OAuthError('invalid_scope', 'InvalidScope', [userScope]);
  const input = { issuer: request.issuer, client, tenant: grant.ctx.tenant, scopes };
  return { tokens: await grant.tx.server((serverTx) => issueTokens(serverTx, grant.services, input)) };
}
