import { z } from 'zod';
import { audit, extraProperties, stamp } from '../fields.ts';
import { column, unfilteredList } from '../lists.ts';

/** Tenant management (ABP `TenantDto`, its inputs and connection strings, wire contract §10). */

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A tenant name is also a host-name label (`demo.localhost`) and the `__tenant` value, so it
 * is kept to letters, digits, `-` and `_`, and may not look like an id.
 */
export const tenantNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u, 'AbpTenantManagement::InvalidTenantName')
  .refine((v) => !GUID.test(v), { message: 'AbpTenantManagement::InvalidTenantName' });

export const connectionNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'AbpTenantManagement::InvalidConnectionName');

export const connectionValueSchema = z.string().trim().min(1).max(1024);
/** A connection string to try before it is saved (`POST …/check-connection-string`). */
export const connectionValueInput = z.object({ value: connectionValueSchema });

export const tenantCreateInput = z.object({
  name: tenantNameSchema,
  adminEmailAddress: z.email().max(256),
  adminPassword: z.string().min(1).max(128),
  /** Optional: the tenant keeps its data in this database from the start. */
  defaultConnectionString: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
    connectionValueSchema.optional(),
  ),
});
export type TenantCreateInput = z.infer<typeof tenantCreateInput>;

export const tenantUpdateInput = z.object({
  name: tenantNameSchema,
  isActive: z.boolean().default(true),
  ...stamp,
});
export type TenantUpdateInput = z.infer<typeof tenantUpdateInput>;

export const tenantIdParams = z.object({ id: z.guid() });
export const connectionParams = z.object({ id: z.guid(), name: connectionNameSchema });

export const connectionStringInput = z.object({ name: connectionNameSchema, value: connectionValueSchema });
export type ConnectionStringInput = z.infer<typeof connectionStringInput>;

export const connectionStringDto = z.object({ name: z.string(), value: z.string() });
export type ConnectionStringDto = z.infer<typeof connectionStringDto>;

export const connectionCheckDto = z.object({
  name: z.string(),
  /** Whether the database answered (and, for `Default`, holds a migrated schema). */
  reachable: z.boolean(),
  /** Why it is not reachable (host administrators only see this). */
  message: z.string().nullable(),
});
export type ConnectionCheckDto = z.infer<typeof connectionCheckDto>;

export const tenantDto = z.object({
  id: z.string(),
  name: z.string(),
  normalizedName: z.string(),
  isActive: z.boolean(),
  /** Whether the tenant keeps its data in its own database (`Default` connection string). */
  hasOwnDatabase: z.boolean(),
  ...audit,
  ...extraProperties,
});
export type TenantDto = z.infer<typeof tenantDto>;

/**
 * The tenant list (host side, ABP `GET /api/tenant-management/tenants`: `filter`, `sorting`,
 * `skipCount`, `maxResultCount`). Sorted by name only: the registry's one index is the name's.
 */
export const tenantList = unfilteredList('AbpTenantManagement', 'Tenants', {
  columns: {
    name: column.text({ header: 'DisplayName:Name', sort: true, width: 240 }),
    isActive: column.bool({ header: 'DisplayName:IsActive', width: 100 }),
    hasOwnDatabase: column.bool({ header: 'DisplayName:Database', width: 140 }),
    creationTime: column.dateTime({ header: 'DisplayName:CreationTime', width: 160 }),
    id: column.text({ header: 'Id', exportOnly: true }),
  },
  defaultSort: 'name asc',
});

// ---------- the anonymous ABP tenant look-ups (wire contract §7) ----------

export const tenantLookupNameParams = z.object({ name: z.string().min(1).max(64) });
export const tenantLookupIdParams = z.object({ id: z.string().min(1).max(64) });
export const tenantLookupDto = z.object({
  success: z.boolean(),
  tenantId: z.string().nullable(),
  name: z.string().nullable(),
  normalizedName: z.string().nullable(),
  isActive: z.boolean().nullable(),
});
