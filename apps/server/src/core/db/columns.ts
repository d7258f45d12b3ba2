import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Column sets shared by every entity (ABP audit conventions, architecture brief §3). */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const tenantId = () => uuid('tenant_id');
export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const newConcurrencyStamp = () => randomBytes(16).toString('hex');

export const audited = () => ({
  creationTime: time('creation_time').notNull().defaultNow(),
  creatorId: uuid('creator_id'),
  lastModificationTime: time('last_modification_time'),
  lastModifierId: uuid('last_modifier_id'),
});

export const softDelete = () => ({
  isDeleted: boolean('is_deleted').notNull().default(false),
  deleterId: uuid('deleter_id'),
  deletionTime: time('deletion_time'),
});

export const concurrency = () => ({
  concurrencyStamp: varchar('concurrency_stamp', { length: 40 }).notNull().$defaultFn(newConcurrencyStamp),
});

export const extraProperties = () => ({
  extraProperties: jsonb('extra_properties').$type<Record<string, unknown>>().notNull().default({}),
});

/** `coalesce(tenant_id, zero-uuid)`: lets unique indexes treat the host side as one tenant. */
export const tenantKey = sql`coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid)`;
