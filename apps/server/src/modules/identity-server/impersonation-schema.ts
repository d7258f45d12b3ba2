import { index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, time } from '../../core/db/columns.ts';

/**
 * One-time impersonation tokens (host infrastructure, like refresh tokens: stored as SHA-256
 * hashes, read and consumed outside any tenant scope). `kind` 'impersonate' signs in as the
 * impersonated user with impersonator claims; 'back' signs the impersonator in again and ends
 * the impersonation session `sessionId`. `tenantId` is the tenant of the user signed in.
 */
export const impersonationTokens = pgTable(
  'identity_impersonation_tokens',
  {
    id: id(),
    tenantId: tenantId(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<'impersonate' | 'back'>().notNull(),
    clientId: varchar('client_id', { length: 200 }).notNull(),
    impersonatorUserId: uuid('impersonator_user_id').notNull(),
    impersonatorUserName: varchar('impersonator_user_name', { length: 256 }).notNull(),
    impersonatorTenantId: uuid('impersonator_tenant_id'),
    impersonatorTenantName: varchar('impersonator_tenant_name', { length: 64 }),
    impersonatedUserId: uuid('impersonated_user_id').notNull(),
    impersonatedUserName: varchar('impersonated_user_name', { length: 256 }).notNull(),
    impersonatedTenantId: uuid('impersonated_tenant_id'),
    impersonatedTenantName: varchar('impersonated_tenant_name', { length: 64 }),
    /** 'back' only: the impersonation session that ends when the token is redeemed. */
    sessionId: uuid('session_id'),
    creationTime: time('creation_time').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    consumedAt: time('consumed_at'),
  },
  (t) => [
    uniqueIndex('identity_impersonation_tokens_hash_uq').on(t.tokenHash),
    index('identity_impersonation_tokens_expiry_ix').on(t.expiresAt),
  ],
);
