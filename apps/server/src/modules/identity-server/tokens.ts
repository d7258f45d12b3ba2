import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { defineEvent } from '../../core/events.ts';
import { type Secrets, secretsFor } from '../../core/secrets.ts';
import type { Services } from '../../core/services.ts';
import type { User } from '../identity/index.ts';
import { audiencesFor, type Client } from './clients.ts';
import { REFRESH_REUSE_GRACE_MS, refreshTokens, revokedAccessTokens, sessions } from './schema.ts';
import { tokenServer } from './token-server.ts';

export { REFRESH_REUSE_GRACE_MS };

/**
 * Access tokens (signed JWTs) and refresh tokens (random, stored as SHA-256 hashes in the
 * main database, host infrastructure like the signing key). Every token of a user belongs to
 * a session (`session_id`, a row of `oauth_sessions` written when its first token is issued),
 * which is what revocation acts on. A rotation keeps the family and the session. A consumed
 * token presented again within `REFRESH_REUSE_GRACE_MS` of its rotation (two tabs, or two 401s of
 * one page, refreshing at once) is answered with the very pair its rotation gave; later, it is a
 * replay and revokes both.
 */
export type RefreshToken = typeof refreshTokens.$inferSelect;

/**
 * The open unit of work of a token server request. The token server's tables live in the main
 * database (as owner, across tenants); the users it signs in live in their tenant's data, scoped
 * to it. Both run in the request's one transaction; a tenant with a database of its own cannot
 * share it (`unit.ts`).
 */
export interface TokenTx {
  /** Runs `fn` on the token server's tables: clients, sessions, refresh and impersonation tokens. */
  server<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `fn` on `tenant`'s data (users, the security log), the host's when null. */
  tenant<T>(tenant: CurrentTenant | null, fn: (tx: Tx) => Promise<T>): Promise<T>;
}

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
  /** Impersonation: who acts as the subject (their revocation ends the session too). */
  impersonator?: { userId: string; tenantId: string | null };
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

/** Issues in `tx` (the token server's tables): the session row, the refresh token row and the signed access token. */
export async function issueTokens(tx: Tx, services: Services, input: IssueInput): Promise<TokenResponse> {
  return issueTokensAt(tx, services, input, Date.now());
}

async function issueTokensAt(tx: Tx, services: Services, input: IssueInput, now: number): Promise<TokenResponse> {
  const { client, scopes, subject, tenant, rotated } = input;
  const audiences = await audiencesFor(tx, scopes);
  const sessionId = rotated?.sessionId ?? randomUUID();
  const claims: Record<string, unknown> = {
    ...(subject ? userClaims(subject, tenant) : tenant ? { tenantid: tenant.id } : {}),
    ...input.extraClaims,
    client_id: client.clientId,
    scope: scopes.join(' '),
  };
  const refreshScopes = rotated?.scopes ?? scopes;
  const withRefresh = !input.reusedRefreshToken && !!subject && refreshScopes.includes('offline_access');
  if (subject) {
    claims.session_id = sessionId;
    await recordSession(tx, input, sessionId, withRefresh, now);
  }
  const access_token = await tokenServer(services).keys.sign(claims, {
    issuer: input.issuer,
    audience: audienceClaim(audiences),
    expiresInSeconds: client.accessTokenLifetime,
  });
  const response: TokenResponse = {
    access_token,
    token_type: 'Bearer',
    expires_in: client.accessTokenLifetime,
    scope: scopes.join(' '),
  };
  if (input.reusedRefreshToken) response.refresh_token = input.reusedRefreshToken;
  else if (subject && withRefresh) {
    response.refresh_token = await createRefreshToken(tx, now, {
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

/** What a rotation answers: the successor pair, or why the presented token is refused. */
export type Rotation = { ok: TokenResponse } | { refused: 'invalid' | 'replayed' };

/** The successor pair kept (encrypted) on a rotated token for the grace window. */
interface Successor extends TokenResponse {
  /** When it was issued (epoch ms), so a late copy says how long its access token has left. */
  issuedAt: number;
}

/**
 * OneTimeOnly rotation of `input.rotated`, under a lock of its row so concurrent presentations of
 * one token are decided one after the other: the first marks it consumed and keeps the successor
 * pair on it, encrypted with the secrets key; the others, within `REFRESH_REUSE_GRACE_MS` of that,
 * get the same pair; after it, the token is a replay (the caller revokes the session). The lock is
 * held by the caller's unit of work to its end.
 */
export async function rotateRefreshToken(
  tx: Tx,
  services: Services,
  input: IssueInput & { rotated: RefreshToken },
): Promise<Rotation> {
  const secrets = await secretsFor(services.config);
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, input.rotated.id)).for('update');
  const now = tokenServer(services).now();
  if (!row || row.revokedAt) return { refused: 'invalid' };
  if (row.consumedAt) {
    const successor = withinGrace(row, now) && row.successor ? readSuccessor(secrets, row.successor) : null;
    if (!successor) return { refused: 'replayed' };
    const { issuedAt, ...pair } = successor;
    const elapsed = Math.floor((now - issuedAt) / 1000);
    return { ok: { ...pair, expires_in: Math.max(1, pair.expires_in - elapsed) } };
  }
  const response = await issueTokensAt(tx, services, input, now);
  await tx
    .update(refreshTokens)
    .set({
      consumedAt: new Date(now),
      successor: secrets.encrypt(JSON.stringify({ ...response, issuedAt: now } satisfies Successor)),
    })
    .where(eq(refreshTokens.id, row.id));
  // a successor is a bearer secret: none is kept past its window (a partial index finds them)
  await tx
    .update(refreshTokens)
    .set({ successor: null })
    .where(
      and(isNotNull(refreshTokens.successor), lt(refreshTokens.consumedAt, new Date(now - REFRESH_REUSE_GRACE_MS))),
    );
  return { ok: response };
}

/** Whether a consumed token is still within the grace window of its rotation. */
export function withinGrace(row: RefreshToken, now: number): boolean {
  return !!row.consumedAt && now - row.consumedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
}

function readSuccessor(secrets: Secrets, text: string): Successor | null {
  try {
    return JSON.parse(secrets.decrypt(text)) as Successor;
  } catch {
    // written with another key (SECRETS_KEY changed): as if gone
    return null;
  }
}

/** One audience is written as a string, several as a list (RFC 7519 §4.1.3 allows both). */
const audienceClaim = (audiences: string[]) => (audiences.length === 1 ? audiences[0] : audiences);

/**
 * The session row, before any token of it exists: a new session is inserted, a rotated one has
 * its end moved on. Its end bounds every token of it: the access token's expiry, or with a
 * refresh token the absolute refresh expiry plus one more access token.
 */
async function recordSession(tx: Tx, input: IssueInput, sessionId: string, withRefresh: boolean, now: number) {
  const { client, rotated, subject } = input;
  const lastAccess = client.accessTokenLifetime * 1000;
  const refreshEnd = rotated?.absoluteExpiresAt.getTime() ?? now + client.absoluteRefreshTokenLifetime * 1000;
  const expiresAt = new Date((withRefresh || rotated ? refreshEnd : now) + lastAccess);
  if (rotated) {
    await tx
      .update(sessions)
      .set({ expiresAt: sql`greatest(${sessions.expiresAt}, ${expiresAt})` })
      .where(eq(sessions.id, sessionId));
    return;
  }
  await tx.insert(sessions).values({
    id: sessionId,
    userTenantId: input.tenant?.id ?? null,
    userId: subject!.user.id,
    clientId: client.clientId,
    impersonatorUserId: input.impersonator?.userId ?? null,
    impersonatorTenantId: input.impersonator?.tenantId ?? null,
    expiresAt,
  });
}

async function createRefreshToken(
  tx: Tx,
  now: number,
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
  const absoluteExpiresAt =
    input.rotated?.absoluteExpiresAt ?? new Date(now + input.client.absoluteRefreshTokenLifetime * 1000);
  const sliding = new Date(now + input.client.slidingRefreshTokenLifetime * 1000);
  await tx.insert(refreshTokens).values({
    tenantId: input.tenantId,
    tokenHash: hashToken(token),
    familyId: input.rotated?.familyId ?? randomUUID(),
    sessionId: input.sessionId,
    userId: input.userId,
    clientId: input.client.clientId,
    scopes: input.scopes,
    expiresAt: sliding < absoluteExpiresAt ? sliding : absoluteExpiresAt,
    absoluteExpiresAt,
  });
  return token;
}

export async function findRefreshToken(tx: Tx, token: string): Promise<RefreshToken | null> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/**
 * Whether `row` may be redeemed by `client` at `now` (the token server's clock): a consumed token
 * is `consumed` (within its grace window the caller answers its successor, after it a replay);
 * unknown, foreign, revoked or expired ones are invalid.
 */
export function refreshTokenState(
  row: RefreshToken | null,
  client: Client,
  now: number,
): 'valid' | 'invalid' | 'consumed' {
  if (!row || row.clientId !== client.clientId || row.revokedAt) return 'invalid';
  if (row.consumedAt) return 'consumed';
  if (row.expiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) return 'invalid';
  return 'valid';
}

/** ReUse mode: the same token stays valid, its sliding expiry moves on. */
export async function slideRefreshToken(tx: Tx, row: RefreshToken, client: Client) {
  const sliding = new Date(Date.now() + client.slidingRefreshTokenLifetime * 1000);
  const expiresAt = sliding < row.absoluteExpiresAt ? sliding : row.absoluteExpiresAt;
  await tx.update(refreshTokens).set({ expiresAt }).where(eq(refreshTokens.id, row.id));
}

/**
 * Sessions and access tokens revoked in a unit of work: once it has committed (the revocation
 * recorded, surviving a restart), every process refuses their tokens (`events.ts`).
 */
export const TokensRevoked = defineEvent<{
  sessions: { id: string; until: string }[];
  tokens: { jti: string; until: string }[];
}>('identity-server.tokens-revoked');

/** Signs sessions out everywhere: their refresh tokens and every access token carrying them. */
export async function revokeSessions(tx: Tx, services: Services, ids: string[]) {
  if (!ids.length) return;
  const now = new Date();
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, ${now})` })
    .where(inArray(sessions.id, ids))
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  // the kept successors go too: nothing of a revoked session is handed out again
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, ${now})`, successor: null })
    .where(
      and(
        inArray(refreshTokens.sessionId, ids),
        or(isNull(refreshTokens.revokedAt), isNotNull(refreshTokens.successor)),
      ),
    );
  // a session without a row (issued before sessions were recorded) is refused for a day, longer
  // than any access token of it could live
  const fallback = new Date(now.getTime() + 86_400_000);
  const until = new Map(revoked.map((r) => [r.id, r.expiresAt]));
  await services.events.emit(tx, TokensRevoked, {
    sessions: ids.map((id) => ({ id, until: (until.get(id) ?? fallback).toISOString() })),
    tokens: [],
  });
}

/** Refuses one access token (by `jti`) until it would have expired anyway. */
export async function revokeAccessToken(tx: Tx, services: Services, jti: string, expiresAt: Date) {
  await tx.insert(revokedAccessTokens).values({ jti, expiresAt }).onConflictDoNothing();
  await services.events.emit(tx, TokensRevoked, { sessions: [], tokens: [{ jti, until: expiresAt.toISOString() }] });
}

/** After a revocation has committed: its tokens are refused here and, through the bus, in every process. */
export async function announceRevoked(services: Services, revoked: NonNullable<typeof TokensRevoked.payload>) {
  const { revocations } = tokenServer(services);
  if (revoked.sessions.length) {
    await revocations.revokeSessions(revoked.sessions.map((r) => ({ id: r.id, until: new Date(r.until) })));
  }
  for (const t of revoked.tokens) await revocations.revokeToken(t.jti, new Date(t.until));
}

/**
 * The one way to end a user's sign-ins, for every change that takes away the right to tokens
 * already issued (deleted, deactivated, locked, a new password; see `endsSignIns`): every
 * live session of the user, with or without refresh tokens, and every impersonation session in
 * which the user acts as someone else or is acted as. `except` keeps the caller's own session
 * (a password change made in it). Runs after the change has committed, in a unit of its own.
 */
export async function revokeUserSessions(services: Services, userId: string, opts: { except?: string | null } = {}) {
  await services.data.unscoped(async (tx) => {
    const rows = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          opts.except ? ne(sessions.id, opts.except) : undefined,
        ),
      );
    await revokeSessions(
      tx,
      services,
      rows.map((r) => r.id),
    );
  });
}
