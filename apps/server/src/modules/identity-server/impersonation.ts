import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { AppError, businessError, fieldError, notFound, unauthorized } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { normalizeName } from '../../core/tenancy.ts';
import { findUserById, roleNamesOf, roles, securityLogs, type User, userRoles, users } from '../identity/index.ts';
import { findClient } from './clients.ts';
import { impersonationTokens } from './impersonation-schema.ts';
import { hashToken, issueTokens, revokeSessions, type TokenTx } from './tokens.ts';

/**
 * Impersonation (spec §4, §7; contract §8 claims). An administrator holding
 * `AbpIdentity.Users.Impersonation` obtains a one-time, short-lived token id for another user of
 * their tenant (a host administrator: for a tenant's admin). The web app signs out and redeems it
 * at `/api/impersonation/{token}/access-token` for an access token carrying the impersonator
 * claims. While impersonating, `get-back-token` gives a token id that signs the impersonator in
 * again (`isBack`) and ends the impersonation session. No refresh token is issued for either.
 */
export const IMPERSONATION_TOKEN_SECONDS = 120;
const SCOPES_EXCLUDED = new Set(['offline_access']);

export interface ImpersonationTokenReply {
  token: string;
  expiresIn: number;
  userId: string;
  userName: string;
  tenantId: string | null;
  tenantName: string | null;
}

export interface ImpersonationAccessToken {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  isBack: boolean;
  userId: string;
  userName: string;
  tenantId: string | null;
  tenantName: string | null;
}

const err = (key: string, data?: Record<string, unknown>) => businessError(`AbpIdentity::${key}`, data);

/** The tenant's admin (in `tx`, on the tenant's data): the user named `admin`, else the oldest user holding the `admin` role. */
async function tenantAdmin(tx: Tx, tenant: CurrentTenant): Promise<User | null> {
  const [byName] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenant.id),
        eq(users.normalizedUserName, normalizeName('admin')),
        eq(users.isDeleted, false),
      ),
    )
    .limit(1);
  if (byName) return byName;
  const [byRole] = await tx
    .select({ user: users })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(eq(users.tenantId, tenant.id), eq(roles.normalizedName, normalizeName('admin')), eq(users.isDeleted, false)),
    )
    .orderBy(users.creationTime)
    .limit(1);
  return byRole?.user ?? null;
}

/** A new one-time token (in `tx`, on the token server's tables); expired ones are swept on the way. */
async function createToken(
  tx: Tx,
  values: Omit<typeof impersonationTokens.$inferInsert, 'tokenHash' | 'expiresAt'>,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await tx
    .delete(impersonationTokens)
    .where(lt(impersonationTokens.expiresAt, new Date(now - IMPERSONATION_TOKEN_SECONDS * 1000)));
  await tx.insert(impersonationTokens).values({
    ...values,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + IMPERSONATION_TOKEN_SECONDS * 1000),
  });
  return token;
}

/**
 * `POST /api/identity/impersonation/get-token`: a tenant administrator names a user of their own
 * tenant; a host administrator names a host user, or a tenant (and optionally one of its users;
 * by default the tenant's admin). Nested impersonation and impersonating oneself are refused.
 */
export async function getImpersonationToken(
  services: Services,
  tx: TokenTx,
  ctx: RequestContext,
  input: { userId?: string | null; tenantId?: string | null },
): Promise<ImpersonationTokenReply> {
  const me = ctx.user;
  if (!me) throw unauthorized();
  if (me.impersonatorUserId) throw err('NestedImpersonationNotAllowed');
  if (!ctx.clientId) throw unauthorized();

  let target: CurrentTenant | null = ctx.tenant;
  if (input.tenantId && input.tenantId !== ctx.tenant?.id) {
    // only the host may cross into a tenant
    if (ctx.tenant) throw err('ImpersonateOtherTenantNotAllowed');
    const tenant = await services.tenants.find(input.tenantId);
    if (!tenant) throw notFound('Tenant', input.tenantId);
    if (!tenant.isActive) throw err('ImpersonationTenantInactive', { name: tenant.name });
    target = tenant;
  }

  let user: User | null;
  if (input.userId) {
    const userId = input.userId;
    user = await tx.tenant(target, (userTx) => findUserById(userTx, userId));
    // RLS already hides other tenants' rows; the predicate says so explicitly
    if (!user || (user.tenantId ?? null) !== (target?.id ?? null)) throw notFound('IdentityUser', userId);
  } else if (target && target.id !== ctx.tenant?.id) {
    const tenant = target;
    user = await tx.tenant(tenant, (userTx) => tenantAdmin(userTx, tenant));
    if (!user) throw notFound('IdentityUser', `admin@${target.name}`);
  } else {
    throw fieldError('userId', 'Value:Required');
  }

  if (user.id === me.id && (target?.id ?? null) === (ctx.tenant?.id ?? null)) throw err('ImpersonateSelfNotAllowed');
  if (!user.isActive) throw err('ImpersonationUserInactive', { userName: user.userName });

  const values = {
    kind: 'impersonate' as const,
    tenantId: target?.id ?? null,
    clientId: ctx.clientId,
    impersonatorUserId: me.id,
    impersonatorUserName: me.userName,
    impersonatorTenantId: ctx.tenant?.id ?? null,
    impersonatorTenantName: ctx.tenant?.name ?? null,
    impersonatedUserId: user.id,
    impersonatedUserName: user.userName,
    impersonatedTenantId: target?.id ?? null,
    impersonatedTenantName: target?.name ?? null,
  };
  const token = await tx.server((serverTx) => createToken(serverTx, values));
  return {
    token,
    expiresIn: IMPERSONATION_TOKEN_SECONDS,
    userId: user.id,
    userName: user.userName,
    tenantId: target?.id ?? null,
    tenantName: target?.name ?? null,
  };
}

/**
 * `GET /api/identity/impersonation/get-back-token/{id}`: only while impersonating, and `id` must
 * be the impersonator (the `impersonator_userid` claim).
 */
export async function getBackToken(
  services: Services,
  tx: TokenTx,
  ctx: RequestContext,
  impersonatorUserId: string,
): Promise<ImpersonationTokenReply> {
  const me = ctx.user;
  if (!me) throw unauthorized();
  if (!me.impersonatorUserId || !ctx.clientId) throw err('NotImpersonating');
  if (me.impersonatorUserId.toLowerCase() !== impersonatorUserId.toLowerCase()) {
    throw notFound('IdentityUser', impersonatorUserId);
  }
  const impersonatorTenantId = me.impersonatorTenantId ?? null;
  const tenant = impersonatorTenantId ? await services.tenants.find(impersonatorTenantId) : null;
  if (impersonatorTenantId && !tenant) throw notFound('Tenant', impersonatorTenantId);
  const values = {
    kind: 'back' as const,
    tenantId: impersonatorTenantId,
    clientId: ctx.clientId,
    impersonatorUserId: me.impersonatorUserId,
    impersonatorUserName: me.impersonatorUserName ?? '',
    impersonatorTenantId,
    impersonatorTenantName: tenant?.name ?? me.impersonatorTenantName ?? null,
    impersonatedUserId: me.id,
    impersonatedUserName: me.userName,
    impersonatedTenantId: ctx.tenant?.id ?? null,
    impersonatedTenantName: ctx.tenant?.name ?? null,
    sessionId: me.sessionId,
  };
  const token = await tx.server((serverTx) => createToken(serverTx, values));
  return {
    token,
    expiresIn: IMPERSONATION_TOKEN_SECONDS,
    userId: me.impersonatorUserId,
    userName: me.impersonatorUserName ?? '',
    tenantId: impersonatorTenantId,
    tenantName: tenant?.name ?? null,
  };
}

const invalidToken = () =>
  new AppError({
    status: 400,
    code: 'AbpIdentity::ImpersonationTokenInvalid',
    messageKey: 'AbpIdentity::ImpersonationTokenInvalid',
  });

/** The tenants a token names (signed in, impersonator, impersonated), read before its unit of work. */
export async function impersonationTokenTenants(tx: Tx, token: string): Promise<(string | null)[]> {
  const [row] = await tx
    .select({
      tenantId: impersonationTokens.tenantId,
      impersonatorTenantId: impersonationTokens.impersonatorTenantId,
      impersonatedTenantId: impersonationTokens.impersonatedTenantId,
    })
    .from(impersonationTokens)
    .where(eq(impersonationTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row ? [row.tenantId, row.impersonatorTenantId, row.impersonatedTenantId] : [];
}

/** A redemption's answer, or its refusal once the unit has committed (the token stays consumed). */
export type Redemption = { redeemed: ImpersonationAccessToken } | { refused: AppError };

/**
 * `GET /api/impersonation/{token}/access-token` (anonymous): redeems a token once, before it
 * expires, for an access token (contract §8 impersonator claims unless it is the way back).
 */
export async function redeemImpersonationToken(
  services: Services,
  tx: TokenTx,
  ctx: RequestContext,
  issuer: string,
  token: string,
): Promise<Redemption> {
  if (!/^[\w-]{20,128}$/.test(token)) throw invalidToken();
  const [row] = await tx.server((serverTx) =>
    serverTx
      .update(impersonationTokens)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(impersonationTokens.tokenHash, hashToken(token)),
          isNull(impersonationTokens.consumedAt),
          gt(impersonationTokens.expiresAt, new Date()),
        ),
      )
      .returning(),
  );
  if (!row) throw invalidToken();
  const isBack = row.kind === 'back';

  const tenantId = row.tenantId ?? null;
  const tenant = tenantId ? await services.tenants.find(tenantId) : null;
  if (tenantId && !tenant?.isActive) return { refused: invalidToken() };
  const userId = isBack ? row.impersonatorUserId : row.impersonatedUserId;
  const found = await tx.tenant(tenant, async (userTx) => {
    const user = await findUserById(userTx, userId);
    return user && { user, roles: await roleNamesOf(userTx, user.id) };
  });
  if (!found?.user.isActive) return { refused: invalidToken() };
  const client = await tx.server((serverTx) => findClient(serverTx, row.clientId));
  if (!client?.enabled) return { refused: invalidToken() };

  const extraClaims: Record<string, unknown> = {};
  if (!isBack) {
    extraClaims.impersonator_userid = row.impersonatorUserId;
    extraClaims.impersonator_username = row.impersonatorUserName;
    if (row.impersonatorTenantId) extraClaims.impersonator_tenantid = row.impersonatorTenantId;
    if (row.impersonatorTenantName) extraClaims.impersonator_tenantname = row.impersonatorTenantName;
  }
  const input = {
    issuer,
    client,
    tenant,
    scopes: client.allowedScopes.filter((s) => !SCOPES_EXCLUDED.has(s)),
    subject: found,
    extraClaims,
    impersonator: isBack ? undefined : { userId: row.impersonatorUserId, tenantId: row.impersonatorTenantId },
  };
  const reply = await tx.server(async (serverTx) => {
    const issued = await issueTokens(serverTx, services, input);
    // the way back ends the impersonation session at once (its tokens are refused from now on)
    if (isBack && row.sessionId) await revokeSessions(serverTx, services, [row.sessionId]);
    return issued;
  });
  await logImpersonation(services, tx, ctx, row, isBack ? 'ImpersonationEnded' : 'ImpersonationStarted');
  const redeemed: ImpersonationAccessToken = {
    accessToken: reply.access_token,
    tokenType: 'Bearer',
    expiresIn: reply.expires_in,
    isBack,
    userId: found.user.id,
    userName: found.user.userName,
    tenantId: tenant?.id ?? null,
    tenantName: tenant?.name ?? null,
  };
  return { redeemed };
}

/**
 * One security-log row per person, each in that person's tenant, naming the other in
 * `extraProperties`: the impersonator's log shows whom they acted as, the impersonated user's
 * log shows who acted as them.
 */
async function logImpersonation(
  services: Services,
  tx: TokenTx,
  ctx: RequestContext,
  row: typeof impersonationTokens.$inferSelect,
  action: 'ImpersonationStarted' | 'ImpersonationEnded',
) {
  const impersonator = {
    impersonatorUserId: row.impersonatorUserId,
    impersonatorUserName: row.impersonatorUserName,
    impersonatorTenantId: row.impersonatorTenantId,
    impersonatorTenantName: row.impersonatorTenantName,
  };
  const impersonated = {
    impersonatedUserId: row.impersonatedUserId,
    impersonatedUserName: row.impersonatedUserName,
    impersonatedTenantId: row.impersonatedTenantId,
    impersonatedTenantName: row.impersonatedTenantName,
  };
  const entries = [
    {
      tenantId: row.impersonatorTenantId,
      tenantName: row.impersonatorTenantName,
      userId: row.impersonatorUserId,
      userName: row.impersonatorUserName,
      extraProperties: { ...impersonator, ...impersonated },
    },
    {
      tenantId: row.impersonatedTenantId,
      tenantName: row.impersonatedTenantName,
      userId: row.impersonatedUserId,
      userName: row.impersonatedUserName,
      extraProperties: { ...impersonator, ...impersonated },
    },
  ];
  for (const e of entries) {
    const tenant = e.tenantId ? await services.tenants.find(e.tenantId) : null;
    if (e.tenantId && !tenant) continue;
    await tx.tenant(tenant, (userTx) =>
      userTx.insert(securityLogs).values({
        tenantId: e.tenantId,
        tenantName: e.tenantName,
        applicationName: 'seller-admin',
        identity: 'Identity',
        action,
        userId: e.userId,
        userName: e.userName.slice(0, 256),
        clientId: row.clientId.slice(0, 64),
        correlationId: ctx.correlationId.slice(0, 64),
        clientIpAddress: ctx.clientIp.slice(0, 64),
        browserInfo: ctx.browserInfo,
        extraProperties: e.extraProperties,
      }),
    );
  }
}
