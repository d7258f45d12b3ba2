import { z } from 'zod';
import { createdAndStamp, emptyToUndefined, stamp, text } from '../fields.ts';
import { column, defineList, filter } from '../lists.ts';
import {
  customerIndustries,
  customerLevels,
  customerSources,
  customerSummary,
  dictionaryValues,
  poolStay,
} from './customers.ts';

/**
 * The public pool (公海, domain §6.2): customers without an owner, the tenant's pool rules (when an
 * owned customer returns by itself) and the claim and lock limits.
 *
 * Routes (`Crm.Pool` unless said):
 * - `GET    /api/crm/pool/customers`            the pool (`poolCustomerList`) → `{ totalCount, items: PoolCustomerDto[] }`
 * - `GET    /api/crm/pool/customers/export`     the same as an Excel sheet (`Crm.Customers.Export`)
 * - `POST   /api/crm/pool/claim`                `.Claim`: `poolClaimInput` (all or none) → `PoolMoveResult`
 * - `POST   /api/crm/pool/assign`               `.Assign`: `poolAssignInput` (all or none) → `PoolMoveResult`
 * - `POST   /api/crm/customers/{id}/put-back`   `.PutBack`: `poolPutBackInput` (owner or `Crm.Customers.ViewAll`)
 * - `POST   /api/crm/customers/{id}/lock`       `Crm.Customers.Lock` (owner or ViewAll; the LOCK limit)
 * - `POST   /api/crm/customers/{id}/unlock`     `Crm.Customers.Lock`
 * - `GET    /api/crm/pool/config`               the rules → `PoolConfigDto`
 * - `PUT    /api/crm/pool/config`               `.Settings`: `poolConfigInput`
 * - `POST   /api/crm/pool/auto-return`          `.Settings`: runs the rule now for the tenant → `AutoReturnResult`
 * - `GET    /api/crm/pool/limits`               `.Settings`: `customerLimitQuery` → `{ totalCount, items: CustomerLimitDto[] }`
 * - `POST   /api/crm/pool/limits`, `PUT|DELETE /api/crm/pool/limits/{id}`  `.Settings`: `customerLimitInput`
 * - `GET    /api/crm/pool/users?filter=`        active users to assign to or name in a limit → `{ items: PoolUserOption[] }`
 * - `GET    /api/crm/pool/organization-units`   the tenant's organization units → `{ items: PoolOuOption[] }`
 */

const _optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

// ---- rules -----------------------------------------------------------------------------------------

export const poolConfigInput = z.object({
  /** Off: nothing returns to the pool by itself and no reminder is sent. */
  enabled: z.boolean(),
  /** 未跟进放入公海天数: days without a follow-up. */
  contactExpireDays: z.number().int().min(1).max(3650),
  /** 未成交放入公海天数: days without a deal. */
  dealExpireDays: z.number().int().min(1).max(3650),
  /** Remind owners before their customers return. */
  notifyEnabled: z.boolean(),
  /** How many days before. */
  notifyDays: z.number().int().min(1).max(365),
  ...stamp,
});
export type PoolConfigInput = z.infer<typeof poolConfigInput>;

export const poolConfigDto = z.object({
  enabled: z.boolean(),
  contactExpireDays: z.number().int(),
  dealExpireDays: z.number().int(),
  notifyEnabled: z.boolean(),
  notifyDays: z.number().int(),
  /** When the rule last ran for the tenant, and how many customers it returned then. */
  lastRunTime: z.date().nullable(),
  lastReturnedCount: z.number().int().nullable(),
  concurrencyStamp: z.string().nullable(),
});
export type PoolConfigDto = z.infer<typeof poolConfigDto>;

export const autoReturnResult = z.object({
  enabled: z.boolean(),
  /** Customers returned to the pool. */
  returned: z.number().int(),
  /** Owners a reminder was recorded for in this run (each is sent one notification after the commit, whatever the number of customers). */
  reminded: z.number().int(),
});
export type AutoReturnResult = z.infer<typeof autoReturnResult>;

// ---- limits ----------------------------------------------------------------------------------------

/** OWNER 拥有客户数: customers a user may own; LOCK 锁定客户数: customers a user may lock. */
export const customerLimitTypes = ['OWNER', 'LOCK'] as const;
export type CustomerLimitType = (typeof customerLimitTypes)[number];

export const customerLimitInput = z
  .object({
    type: z.enum(customerLimitTypes),
    /** Users it applies to, and/or organization units (their users and those of the units below). */
    userIds: z.array(z.guid()).max(500).default([]),
    organizationUnitIds: z.array(z.guid()).max(200).default([]),
    maxCount: z.number().int().min(0).max(1_000_000),
    /** Whether dealt customers count towards the limit. */
    dealCountEnabled: z.boolean().default(false),
    ...stamp,
  })
  .superRefine((v, ctx) => {
    if (!v.userIds.length && !v.organizationUnitIds.length)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'CrmPool::LimitNeedsUsersOrUnits' });
  });
export type CustomerLimitInput = z.input<typeof customerLimitInput>;

/** The limits (`/api/crm/pool/limits`, its `/export`), narrowed to a type. */
export const customerLimitList = defineList({
  texts: 'CrmPool',
  exportName: 'Page:Limits',
  filters: { type: filter.enum(customerLimitTypes, { label: 'Page:LimitType', texts: 'Page:LimitType:' }) },
  columns: {
    type: column.enum(customerLimitTypes, {
      header: 'Page:LimitType',
      texts: 'Page:LimitType:',
      sort: true,
      width: 140,
    }),
    userNames: column.text({ header: 'Page:LimitUsers', width: 240 }),
    unitNames: column.text({ header: 'Page:LimitUnits', width: 200 }),
    maxCount: column.quantity({ header: 'Page:MaxCount', sort: true, width: 90 }),
    dealCountEnabled: column.bool({ header: 'Page:DealCountEnabled', width: 120 }),
    creationTime: column.dateTime({ header: 'CreationTime', sort: true, hidden: true, width: 150 }),
  },
  defaultSort: 'type asc, creationTime asc',
});
export const customerLimitQuery = customerLimitList.query;
export type CustomerLimitQuery = z.infer<typeof customerLimitQuery>;

export const poolUserOption = z.object({ id: z.string(), userName: z.string(), name: z.string().nullable() });
export type PoolUserOption = z.infer<typeof poolUserOption>;
export const poolOuOption = z.object({ id: z.string(), displayName: z.string(), code: z.string() });
export type PoolOuOption = z.infer<typeof poolOuOption>;

export const customerLimitDto = z.object({
  id: z.string(),
  type: z.enum(customerLimitTypes),
  userIds: z.array(z.string()),
  organizationUnitIds: z.array(z.string()),
  users: z.array(poolUserOption),
  organizationUnits: z.array(poolOuOption),
  maxCount: z.number().int(),
  dealCountEnabled: z.boolean(),
  ...createdAndStamp,
});
export type CustomerLimitDto = z.infer<typeof customerLimitDto>;

// ---- the pool --------------------------------------------------------------------------------------

/** How a customer came into the pool: put back by someone, or returned by the rule (no follow-up, no deal). */
export const poolReasonKinds = ['PUT_BACK', 'NO_FOLLOW_UP', 'NO_DEAL'] as const;
export type PoolReasonKind = (typeof poolReasonKinds)[number];

/**
 * The pool list (`/api/crm/pool/customers`, its `/export`): the search takes the name or e-mail
 * (contains) or the mobile or telephone (exactly); `previousOwnerId` is its last owner (the one
 * who put it back or lost it to the rule); `from`…`to` the days it came into the pool.
 */
export const poolCustomerList = defineList({
  texts: 'CrmPool',
  search: 'Page:Search',
  filters: {
    level: filter.enum(dictionaryValues(customerLevels)),
    industry: filter.enum(dictionaryValues(customerIndustries)),
    source: filter.enum(dictionaryValues(customerSources)),
    previousOwnerId: filter.ref('User', { label: 'PreviousOwner', options: '/api/crm/pool/users' }),
    reasonKind: filter.enum(poolReasonKinds, { label: 'PoolReason', texts: 'ReasonKind:' }),
    pooled: filter.dateRange('from', 'to', { label: 'PoolTime' }),
  },
  columns: {
    name: column.text({ sort: true, width: 200 }),
    level: column.enum(dictionaryValues(customerLevels), { sort: true, width: 110 }),
    mobile: column.text({ width: 130 }),
    telephone: column.text({ hidden: true, width: 130 }),
    email: column.text({ hidden: true, width: 180 }),
    contactLastTime: column.dateTime({ sort: true, hidden: true, width: 150 }),
    poolTime: column.dateTime({ sort: true, width: 150 }),
    poolReason: column.text({ width: 220 }),
    previousOwnerName: column.text({ header: 'PreviousOwner', width: 120 }),
    creationTime: column.dateTime({ sort: true, hidden: true, width: 150 }),
  },
  defaultSort: 'poolTime desc',
});
export type PoolCustomerQuery = z.infer<typeof poolCustomerList.query>;

export const poolCustomerDto = z.object({
  ...customerSummary,
  poolTime: z.date().nullable(),
  poolReasonKind: z.enum(poolReasonKinds).nullable(),
  /** The reason in the reader's language (the rule's own words for a return by the rule). */
  poolReason: z.string().nullable(),
  previousOwnerId: z.string().nullable(),
  previousOwnerName: z.string().nullable(),
});
export type PoolCustomerDto = z.infer<typeof poolCustomerDto>;

const ids = z.array(z.guid()).min(1).max(100);

/** Claim one or several pool customers: all or none. */
export const poolClaimInput = z.object({ ids });
export type PoolClaimInput = z.infer<typeof poolClaimInput>;

/** Assign pool customers to a user (same limits as if the user claimed them). */
export const poolAssignInput = z.object({ ids, userId: z.guid() });
export type PoolAssignInput = z.infer<typeof poolAssignInput>;

export const poolPutBackInput = z.object({ reason: text(256) });
export type PoolPutBackInput = z.infer<typeof poolPutBackInput>;

export const poolMoveResult = z.object({ count: z.number().int() });
export type PoolMoveResult = z.infer<typeof poolMoveResult>;

/** A customer's state after lock, unlock or put back. */
export const customerPoolState = z.object({
  id: z.string(),
  ownerUserId: z.string().nullable(),
  lockStatus: z.boolean(),
  ...poolStay,
});
export type CustomerPoolState = z.infer<typeof customerPoolState>;
