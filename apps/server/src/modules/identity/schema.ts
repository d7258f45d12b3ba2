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
} from '../../core/db/columns.ts';
import { tenantScopedView } from '../../core/db/views.ts';

/**
 * The text the users list filter searches (user name, name, surname, e-mail, phone), one
 * expression so that one trigram index serves it. The same SQL is used by the query.
 */
export const userSearchText = sql.raw(
  `(coalesce(user_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, ''))`,
);

/** The users' columns (also those of the list's scoped view, `usersScoped`). */
export const userColumns = {
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
};

export const users = pgTable('identity_users', userColumns, (t) => [
  uniqueIndex('identity_users_user_name_uq').on(tenantKey, t.normalizedUserName).where(sql`not is_deleted`),
  index('identity_users_phone_ix').on(t.phoneNumber),
  index('identity_users_tenant_ix').on(t.tenantId, t.creationTime),
  // the list's other sort keys, each behind the tenant
  index('identity_users_user_name_ix').on(t.tenantId, t.userName),
  index('identity_users_name_ix').on(t.tenantId, t.name),
  index('identity_users_surname_ix').on(t.tenantId, t.surname),
  index('identity_users_email_ix').on(t.tenantId, t.email),
  index('identity_users_phone_number_ix').on(t.tenantId, t.phoneNumber),
  index('identity_users_is_active_ix').on(t.tenantId, t.isActive),
  index('identity_users_lockout_end_ix').on(t.tenantId, t.lockoutEnd),
  index('identity_users_last_modification_time_ix').on(t.tenantId, t.lastModificationTime),
  // The users list filter (`ilike '%x%'` over the searchable text), see users-admin.ts.
  index('identity_users_search_trgm_ix').using('gin', sql`(${userSearchText}) gin_trgm_ops`),
]);

/**
 * The tenant's users, which the users list reads so that the trigram index serves its filter
 * despite row-level security. Kept by code (core/db/views.ts), not by migrations.
 */
export const usersScoped = tenantScopedView('identity_users_scoped', users);

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
    // the list's sort keys, each behind the tenant
    index('identity_roles_name_ix').on(t.tenantId, t.name),
    index('identity_roles_is_default_ix').on(t.tenantId, t.isDefault),
    index('identity_roles_is_static_ix').on(t.tenantId, t.isStatic),
    index('identity_roles_is_public_ix').on(t.tenantId, t.isPublic),
    index('identity_roles_creation_time_ix').on(t.tenantId, t.creationTime),
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

export const userClaims = pgTable(
  'identity_user_claims',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimType: varchar('claim_type', { length: 256 }).notNull(),
    claimValue: varchar('claim_value', { length: 1024 }).notNull(),
  },
  (t) => [index('identity_user_claims_user_ix').on(t.userId)],
);

export const roleClaims = pgTable(
  'identity_role_claims',
  {
    id: id(),
    tenantId: tenantId(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    claimType: varchar('claim_type', { length: 256 }).notNull(),
    claimValue: varchar('claim_value', { length: 1024 }).notNull(),
  },
  (t) => [index('identity_role_claims_role_ix').on(t.roleId)],
);

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
  // the list's sort keys, each behind the tenant
  (t) => [
    index('identity_security_logs_tenant_ix').on(t.tenantId, t.creationTime),
    index('identity_security_logs_identity_ix').on(t.tenantId, t.identity),
    index('identity_security_logs_action_ix').on(t.tenantId, t.action),
    index('identity_security_logs_user_name_ix').on(t.tenantId, t.userName),
    index('identity_security_logs_client_id_ix').on(t.tenantId, t.clientId),
    index('identity_security_logs_client_ip_address_ix').on(t.tenantId, t.clientIpAddress),
    index('identity_security_logs_application_name_ix').on(t.tenantId, t.applicationName),
  ],
);

/** Organization units: a tree with dot-joined 5-digit codes (`00001.00002`). */
export const organizationUnits = pgTable(
  'identity_organization_units',
  {
    id: id(),
    tenantId: tenantId(),
    parentId: uuid('parent_id'),
    code: varchar('code', { length: 95 }).notNull(),
    displayName: varchar('display_name', { length: 128 }).notNull(),
    ...audited(),
    ...concurrency(),
    ...extraProperties(),
  },
  (t) => [
    uniqueIndex('identity_organization_units_code_uq').on(tenantKey, t.code),
    index('identity_organization_units_parent_ix').on(t.tenantId, t.parentId),
    // the paged list's sorts (the unique index leads with the coalesced tenant, which no list reads)
    index('identity_organization_units_code_ix').on(t.tenantId, t.code),
    index('identity_organization_units_display_name_ix').on(t.tenantId, t.displayName),
  ],
);

export const organizationUnitUsers = pgTable(
  'identity_organization_unit_users',
  {
    tenantId: tenantId(),
    organizationUnitId: uuid('organization_unit_id')
      .notNull()
      .references(() => organizationUnits.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creationTime: time('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationUnitId, t.userId] }),
    index('identity_organization_unit_users_user_ix').on(t.userId),
  ],
);

export const organizationUnitRoles = pgTable(
  'identity_organization_unit_roles',
  {
    tenantId: tenantId(),
    organizationUnitId: uuid('organization_unit_id')
      .notNull()
      .references(() => organizationUnits.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    creationTime: time('creation_time').notNull().defaultNow(),
    creatorId: uuid('creator_id'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationUnitId, t.roleId] }),
    index('identity_organization_unit_roles_role_ix').on(t.roleId),
  ],
);

/** Claim types (ABP `IdentityClaimType`): what user and role claims may carry. */
export const claimTypes = pgTable(
  'identity_claim_types',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 256 }).notNull(),
    required: boolean('required').notNull().default(false),
    isStatic: boolean('is_static').notNull().default(false),
    regex: varchar('regex', { length: 512 }),
    regexDescription: varchar('regex_description', { length: 128 }),
    description: varchar('description', { length: 256 }),
    /** String 0, Int 1, Boolean 2, DateTime 3. */
    valueType: integer('value_type').notNull().default(0),
    ...audited(),
    ...concurrency(),
    ...extraProperties(),
  },
  (t) => [
    uniqueIndex('identity_claim_types_name_uq').on(tenantKey, sql`lower(${t.name})`),
    // the list's sort keys, each behind the tenant
    index('identity_claim_types_name_ix').on(t.tenantId, t.name),
    index('identity_claim_types_value_type_ix').on(t.tenantId, t.valueType),
    index('identity_claim_types_required_ix').on(t.tenantId, t.required),
    index('identity_claim_types_is_static_ix').on(t.tenantId, t.isStatic),
    index('identity_claim_types_creation_time_ix').on(t.tenantId, t.creationTime),
  ],
);
