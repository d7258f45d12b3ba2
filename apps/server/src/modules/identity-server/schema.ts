import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, time } from '../../core/db/columns.ts';

/** The one-time impersonation tokens, with the token server's other tables. */
export { impersonationTokens } from './impersonation-schema.ts';

export interface ClientSecret {
  type: string;
  /** scrypt hash of the secret; the plain value is never stored. */
  value: string;
  description?: string | null;
  expiration?: string | null;
}

/** OAuth clients are host data: `/connect/token` validates grants and scopes against them. */
export const clients = pgTable(
  'oauth_clients',
  {
    id: id(),
    clientId: varchar('client_id', { length: 200 }).notNull(),
    clientName: varchar('client_name', { length: 200 }),
    description: varchar('description', { length: 1000 }),
    enabled: boolean('enabled').notNull().default(true),
    requireClientSecret: boolean('require_client_secret').notNull().default(true),
    clientSecrets: jsonb('client_secrets').$type<ClientSecret[]>().notNull().default([]),
    allowedGrantTypes: jsonb('allowed_grant_types').$type<string[]>().notNull().default([]),
    allowedScopes: jsonb('allowed_scopes').$type<string[]>().notNull().default([]),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
    allowedCorsOrigins: jsonb('allowed_cors_origins').$type<string[]>().notNull().default([]),
    accessTokenLifetime: integer('access_token_lifetime').notNull().default(3600),
    absoluteRefreshTokenLifetime: integer('absolute_refresh_token_lifetime').notNull().default(2592000),
    slidingRefreshTokenLifetime: integer('sliding_refresh_token_lifetime').notNull().default(1296000),
    /** 0 = ReUse, 1 = OneTimeOnly (rotation). */
    refreshTokenUsage: integer('refresh_token_usage').notNull().default(1),
    ...audited(),
    ...concurrency(),
  },
  (t) => [uniqueIndex('oauth_clients_client_id_uq').on(t.clientId)],
);

export const apiResources = pgTable('oauth_api_resources', {
  id: id(),
  name: varchar('name', { length: 200 }).notNull().unique(),
  displayName: varchar('display_name', { length: 200 }),
  description: varchar('description', { length: 1000 }),
  enabled: boolean('enabled').notNull().default(true),
  scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
  userClaims: jsonb('user_claims').$type<string[]>().notNull().default([]),
  ...audited(),
  ...concurrency(),
});

export const identityResources = pgTable('oauth_identity_resources', {
  id: id(),
  name: varchar('name', { length: 200 }).notNull().unique(),
  displayName: varchar('display_name', { length: 200 }),
  description: varchar('description', { length: 1000 }),
  enabled: boolean('enabled').notNull().default(true),
  required: boolean('required').notNull().default(false),
  emphasize: boolean('emphasize').notNull().default(false),
  showInDiscoveryDocument: boolean('show_in_discovery_document').notNull().default(true),
  userClaims: jsonb('user_claims').$type<string[]>().notNull().default([]),
  ...audited(),
  ...concurrency(),
});

/**
 * How long after its rotation a refresh token may be presented again and get the same successor
 * pair (a race of the client's own requests, two tabs or two 401s, not a theft); after it, a
 * reuse ends the session.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Refresh tokens, stored as hashes. A rotation keeps the `familyId`; presenting a consumed
 * token revokes the whole family (reuse detection), except within the grace window after its
 * rotation, when `successor` (the pair it was rotated into, encrypted with the secrets key, and
 * cleared once the window has passed) is answered again.
 */
export const refreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    id: id(),
    tenantId: tenantId(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    familyId: uuid('family_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    userId: uuid('user_id').notNull(),
    clientId: varchar('client_id', { length: 200 }).notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    impersonatorUserId: uuid('impersonator_user_id'),
    impersonatorTenantId: uuid('impersonator_tenant_id'),
    creationTime: time('creation_time').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    absoluteExpiresAt: time('absolute_expires_at').notNull(),
    consumedAt: time('consumed_at'),
    revokedAt: time('revoked_at'),
    successor: text('successor'),
  },
  (t) => [
    uniqueIndex('oauth_refresh_tokens_hash_uq').on(t.tokenHash),
    index('oauth_refresh_tokens_family_ix').on(t.familyId),
    index('oauth_refresh_tokens_successor_ix').on(t.consumedAt).where(sql`successor IS NOT NULL`),
  ],
);

/**
 * Sign-in sessions: one row per `session_id` a user's access token carries, written when the
 * session's first token is issued (with or without a refresh token, impersonation included).
 * Revoking a user revokes every row of the user (or of the impersonator); revoked rows are
 * what every process loads into memory at start. `expiresAt` bounds every token of the session,
 * so a row past it can be pruned. The user's tenant is `user_tenant_id`, not `tenant_id`: this
 * is the token server's table in the main database, not tenant data (no row-level security,
 * never moved with a tenant).
 */
export const sessions = pgTable(
  'oauth_sessions',
  {
    id: uuid('id').primaryKey(),
    userTenantId: uuid('user_tenant_id'),
    userId: uuid('user_id').notNull(),
    clientId: varchar('client_id', { length: 200 }).notNull(),
    impersonatorUserId: uuid('impersonator_user_id'),
    impersonatorTenantId: uuid('impersonator_tenant_id'),
    creationTime: time('creation_time').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
  },
  (t) => [
    index('oauth_sessions_user_ix').on(t.userId).where(sql`revoked_at IS NULL`),
    index('oauth_sessions_impersonator_ix').on(t.impersonatorUserId).where(sql`revoked_at IS NULL`),
    index('oauth_sessions_revoked_ix').on(t.revokedAt).where(sql`revoked_at IS NOT NULL`),
  ],
);

/** Revoked access tokens (by jti) until they expire on their own. */
export const revokedAccessTokens = pgTable('oauth_revoked_access_tokens', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  expiresAt: time('expires_at').notNull(),
});

/** Asymmetric signing keys, shared by every server process through the database. */
export const signingKeys = pgTable('oauth_signing_keys', {
  kid: varchar('kid', { length: 64 }).primaryKey(),
  algorithm: varchar('algorithm', { length: 16 }).notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: text('private_jwk').notNull(),
  creationTime: time('creation_time').notNull().defaultNow(),
  active: boolean('active').notNull().default(true),
});
