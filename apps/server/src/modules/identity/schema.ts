import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import {
  audited,
  concurrency,
  extraProperties,
  id,
  softDelete,
  tenantId,
  tenantKey,
  time,
} from '../../platform/db/columns.ts';

export const users = pgTable(
  'identity_users',
  {
    id: id(),
    tenantId: tenantId(),
    userName: varchar('user_name', { length: 256 }).notNull(),
    normalizedUserName: varchar('normalized_user_name', { length: 256 }).notNull(),
    name: varchar('name', { length: 64 }),
    surname: varchar('surname', { length: 64 }),
    email: varchar('email', { length: 256 }),
    normalizedEmail: varchar('normalized_email', { length: 256 }),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    phoneNumber: varchar('phone_number', { length: 16 }),
    phoneNumberConfirmed: boolean('phone_number_confirmed').notNull().default(false),
    passwordHash: varchar('password_hash', { length: 256 }),
    securityStamp: varchar('security_stamp', { length: 64 }).notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    lockoutEnabled: boolean('lockout_enabled').notNull().default(true),
    lockoutEnd: time('lockout_end'),
    accessFailedCount: integer('access_failed_count').notNull().default(0),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...audited(),
    ...softDelete(),
    ...concurrency(),
    ...extraProperties(),
  },
  (t) => [
    uniqueIndex('identity_users_user_name_uq').on(tenantKey, t.normalizedUserName).where(sql`not is_deleted`),
    index('identity_users_phone_ix').on(t.phoneNumber),
    index('identity_users_tenant_ix').on(t.tenantId, t.creationTime),
  ],
);

export const roles = pgTable(
  'identity_roles',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 256 }).notNull(),
    normalizedName: varchar('normalized_name', { length: 256 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isStatic: boolean('is_static').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    ...audited(),
    ...concurrency(),
    ...extraProperties(),
  },
  (t) => [
    uniqueIndex('identity_roles_name_uq').on(tenantKey, t.normalizedName),
    index('identity_roles_tenant_ix').on(t.tenantId, t.normalizedName),
  ],
);

export const userRoles = pgTable(
  'identity_user_roles',
  {
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('identity_user_roles_role_ix').on(t.roleId)],
);

export const userClaims = pgTable('identity_user_claims', {
  id: id(),
  tenantId: tenantId(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  claimType: varchar('claim_type', { length: 256 }).notNull(),
  claimValue: varchar('claim_value', { length: 1024 }).notNull(),
});

export const roleClaims = pgTable('identity_role_claims', {
  id: id(),
  tenantId: tenantId(),
  roleId: uuid('role_id')
    .notNull()
    .references(() => roles.id, { onDelete: 'cascade' }),
  claimType: varchar('claim_type', { length: 256 }).notNull(),
  claimValue: varchar('claim_value', { length: 1024 }).notNull(),
});

/** Security log (sign-in outcomes, lockouts, password changes…). */
export const securityLogs = pgTable(
  'identity_security_logs',
  {
    id: id(),
    tenantId: tenantId(),
    tenantName: varchar('tenant_name', { length: 64 }),
    applicationName: varchar('application_name', { length: 96 }),
    identity: varchar('identity', { length: 96 }),
    action: varchar('action', { length: 96 }).notNull(),
    userId: uuid('user_id'),
    userName: varchar('user_name', { length: 256 }),
    clientId: varchar('client_id', { length: 64 }),
    correlationId: varchar('correlation_id', { length: 64 }),
    clientIpAddress: varchar('client_ip_address', { length: 64 }),
    browserInfo: varchar('browser_info', { length: 512 }),
    creationTime: time('creation_time').notNull().defaultNow(),
    ...extraProperties(),
  },
  (t) => [index('identity_security_logs_tenant_ix').on(t.tenantId, t.creationTime)],
);
