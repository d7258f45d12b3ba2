import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Services } from '../../app.ts';
import type { CurrentTenant } from '../../platform/context.ts';
import type { User } from '../identity/sign-in.ts';
import { audiencesFor, type Client } from './clients.ts';
import { refreshTokens, revokedAccessTokens } from './schema.ts';

/**
 * Access tokens (signed JWTs) and refresh tokens (random, stored as SHA-256 hashes in the
 * main database, host infrastructure like the signing key). A rotation keeps the family and
 * the session; a consumed token presented again revokes both.
 */
export type RefreshToken = typeof refreshTokens.$inferSelect;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

export interface Subject {
  user: User;
  roles: string[];
}

export interface IssueInput {
  issuer: string;
  client: Client;
  tenant: CurrentTenant | null;
  scopes: string[];
  /** Absent for client_credentials. */
  subject?: Subject;
  /** The refresh token being rotated: its family, session, scopes and absolute expiry carry over. */
  rotated?: RefreshToken;
  /** ReUse mode: the presented refresh token is handed back instead of a new one. */
  reusedRefreshToken?: string;
  /** Extra access-token claims (impersonation: `impersonator_userid`, … per contract §8). */
  extraClaims?: Record<string, unknown>;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Claims of a user's access token (contract §8); empty values are left out. */
export function userClaims(subject: Subject, tenant: CurrentTenant | null): Record<string, unknown> {
  const { user, roles } = subject;
  const claims: Record<string, unknown> = {
    sub: user.id,
    preferred_username: user.userName,
    given_name: user.name,
    family_name: user.surname,
    email: user.email,
    email_verified: user.emailConfirmed,
    phone_number: user.phoneNumber,
    phone_number_verified: user.phoneNumberConfirmed,
    role: roles,
    tenantid: tenant?.id,
  };
  for (const [k, v] of Object.entries(claims)) if (v === null || v === undefined || v === '') delete claims[k];
  return claims;
}

export async function issueTokens(services: Services, input: IssueInput): Promise<TokenResponse> {
  const { client, scopes, subject, tenant, rotated } = input;
  const sessionId = rotated?.sessionId ?? randomUUID();
  const claims: Record<string, unknown> = {
    ...(subject ? userClaims(subject, tenant) : tenant ? { tenantid: tenant.id } : {}),
    ...input.extraClaims,
    client_id: client.clientId,
    scope: scopes.join(' '),
  };
  if (subject) claims.session_id = sessionId;
  const audiences = await audiencesFor(services, scopes);
  const access_token = await services.keys.sign(claims, {
    issuer: input.issuer,
    // jose's setAudience takes a list too; keys.sign types it as one string.
    audience: audiences.length > 1 ? (audiences as unknown as string) : audiences[0],
    expiresInSeconds: client.accessTokenLifetime,
  });
  const response: TokenResponse = {
    access_token,
    token_type: 'Bearer',
    expires_in: client.accessTokenLifetime,
    scope: scopes.join(' '),
  };
  const refreshScopes = rotated?.scopes ?? scopes;
  if (input.reusedRefreshToken) response.refresh_token = input.reusedRefreshToken;
  else if (subject && refreshScopes.includes('offline_access')) {
    response.refresh_token = await createRefreshToken(services, {
      client,
      tenantId: tenant?.id ?? null,
      userId: subject.user.id,
      scopes: refreshScopes,
      sessionId,
      rotated,
    });
  }
  return response;
}

async function createRefreshToken(
  services: Services,
  input: {
    client: Client;
    tenantId: string | null;
    userId: string;
    scopes: string[];
    sessionId: string;
    rotated?: RefreshToken;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const absoluteExpiresAt =
    input.rotated?.absoluteExpiresAt ?? new Date(now + input.client.absoluteRefreshTokenLifetime * 1000);
  const sliding = new Date(now + input.client.slidingRefreshTokenLifetime * 1000);
  await services.data.unscoped((tx) =>
    tx.insert(refreshTokens).values({
      tenantId: input.tenantId,
      tokenHash: hashToken(token),
      familyId: input.rotated?.familyId ?? randomUUID(),
      sessionId: input.sessionId,
      userId: input.userId,
      clientId: input.client.clientId,
      scopes: input.scopes,
      expiresAt: sliding < absoluteExpiresAt ? sliding : absoluteExpiresAt,
      absoluteExpiresAt,
    }),
  );
  return token;
}

export async function findRefreshToken(services: Services, token: string): Promise<RefreshToken | null> {
  const [row] = await services.data.unscoped((tx) =>
    tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1),
  );
  return row ?? null;
}

/**
 * Whether `row` may be redeemed by `client`: a consumed token presented again is a replay
 * (the caller revokes its session); unknown, foreign, revoked or expired ones are invalid.
 */
export function refreshTokenState(row: RefreshToken | null, client: Client): 'valid' | 'invalid' | 'replayed' {
  const now = new Date();
  if (!row || row.clientId !== client.clientId || row.revokedAt) return 'invalid';
  if (row.consumedAt) return 'replayed';
  if (row.expiresAt <= now || row.absoluteExpiresAt <= now) return 'invalid';
  return 'valid';
}

/** Marks the token used (OneTimeOnly rotation); false when another request won the race (a replay). */
export async function consumeRefreshToken(services: Services, row: RefreshToken): Promise<boolean> {
  const updated = await services.data.unscoped((tx) =>
    tx
      .update(refreshTokens)
      .set({ consumedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.consumedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id }),
  );
  return updated.length > 0;
}

/** ReUse mode: the same token stays valid, its sliding expiry moves on. */
export async function slideRefreshToken(services: Services, row: RefreshToken, client: Client) {
  const sliding = new Date(Date.now() + client.slidingRefreshTokenLifetime * 1000);
  const expiresAt = sliding < row.absoluteExpiresAt ? sliding : row.absoluteExpiresAt;
  await services.data.unscoped((tx) => tx.update(refreshTokens).set({ expiresAt }).where(eq(refreshTokens.id, row.id)));
}

/** Signs a session out everywhere: its refresh tokens and every access token carrying it. */
export async function revokeSession(services: Services, sessionId: string) {
  await services.data.unscoped((tx) =>
    tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt))),
  );
  await services.revocations.revokeSession(sessionId);
}

/** Refuses one access token (by `jti`) until it would have expired anyway. */
export async function revokeAccessToken(services: Services, jti: string, expiresAt: Date) {
  await services.data.unscoped((tx) => tx.insert(revokedAccessTokens).values({ jti, expiresAt }).onConflictDoNothing());
  await services.revocations.revokeToken(jti);
}

/** After a password change or reset: every other live session of the user ends. */
export async function revokeUserSessions(services: Services, userId: string, exceptSessionId?: string | null) {
  const rows = await services.data.unscoped((tx) =>
    tx
      .selectDistinct({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.absoluteExpiresAt, new Date()),
          exceptSessionId ? ne(refreshTokens.sessionId, exceptSessionId) : undefined,
        ),
      ),
  );
  for (const r of rows) await revokeSession(services, r.sessionId);
}
