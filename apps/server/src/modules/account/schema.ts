import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, time } from '../../core/db/columns.ts';

/** One-time phone codes: hashed, purpose-bound, expiring, with a tries counter. */
export const phoneCodes = pgTable(
  'account_phone_codes',
  {
    id: id(),
    tenantId: tenantId(),
    phoneNumber: varchar('phone_number', { length: 16 }).notNull(),
    /** VerifyType: Register 0, Signin 10, ResetPassword 20. */
    purpose: integer('purpose').notNull(),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    creationTime: time('creation_time').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    consumedAt: time('consumed_at'),
  },
  (t) => [index('account_phone_codes_lookup_ix').on(t.phoneNumber, t.purpose, t.creationTime)],
);
