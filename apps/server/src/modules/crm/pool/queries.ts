import type {
  CustomerLimitDto,
  CustomerLimitType,
  PoolConfigDto,
  PoolCustomerDto,
  PoolReasonKind,
} from '@seller/contracts/crm';
import { customerLimitList, poolCustomerList } from '@seller/contracts/crm';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { listService } from '../../../core/lists.ts';
import { contains } from '../../../core/search.ts';
import { organizationUnits, users } from '../../identity/index.ts';
import { customerQueries } from '../customers/queries.ts';
import { crmCustomers, crmOwnerRecords } from '../customers/schema.ts';
import { poolReasonKind, poolReasonText } from '../customers/texts.ts';
import { activeUsersMatching } from '../users.ts';
import { crmCustomerLimits, crmPoolConfig } from './schema.ts';

/** The context of the pool's reads: the pickers and the list word things in the caller's language. */
type PoolCtx = CrudContext & Pick<RequestContext, 'culture'>;

// ---- rules -----------------------------------------------------------------------------------------

/** Defaults shown before a tenant saves its rules (the rule is off until then). */
const DEFAULT_CONFIG = {
  enabled: false,
  contactExpireDays: 30,
  dealExpireDays: 90,
  notifyEnabled: false,
  notifyDays: 3,
};

/** The tenant's rules row, or null before they are first saved. */
export async function configRow(tx: Tx, ctx: CrudContext) {
  const [row] = await tx.select().from(crmPoolConfig).where(owned(ctx, crmPoolConfig));
  return row ?? null;
}

export function configDto(row: typeof crmPoolConfig.$inferSelect | null): PoolConfigDto {
  if (!row) return { ...DEFAULT_CONFIG, lastRunTime: null, lastReturnedCount: null, concurrencyStamp: null };
  return {
    enabled: row.enabled,
    contactExpireDays: row.contactExpireDays,
    dealExpireDays: row.dealExpireDays,
    notifyEnabled: row.notifyEnabled,
    notifyDays: row.notifyDays,
    lastRunTime: row.lastRunTime,
    lastReturnedCount: row.lastReturnedCount,
    concurrencyStamp: row.concurrencyStamp,
  };
}

const config = async (tx: Tx, ctx: CrudContext) => configDto(await configRow(tx, ctx));

/** Tenants whose rule is on, read in an unscoped unit (every database the main one knows). */
async function enabledTenants(tx: Tx): Promise<(string | null)[]> {
  const rows = await tx
    .select({ tenantId: crmPoolConfig.tenantId })
    .from(crmPoolConfig)
    .where(eq(crmPoolConfig.enabled, true));
  return rows.map((r) => r.tenantId);
}

// ---- limits ----------------------------------------------------------------------------------------

/** Limits with their users' and units' names (one query each for all the rows). */
export async function limitDtos(tx: Tx, rows: (typeof crmCustomerLimits.$inferSelect)[]): Promise<CustomerLimitDto[]> {
  const userIds = [...new Set(rows.flatMap((r) => r.userIds))];
  const ouIds = [...new Set(rows.flatMap((r) => r.organizationUnitIds))];
  const people = userIds.length
    ? await tx
        .select({ id: users.id, userName: users.userName, name: users.name })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const units = ouIds.length
    ? await tx
        .select({ id: organizationUnits.id, displayName: organizationUnits.displayName, code: organizationUnits.code })
        .from(organizationUnits)
        .where(inArray(organizationUnits.id, ouIds))
    : [];
  const byUser = new Map(people.map((p) => [p.id, p]));
  const byUnit = new Map(units.map((u) => [u.id, u]));
  return rows.map((r) => ({
    id: r.id,
    type: r.type as CustomerLimitType,
    userIds: r.userIds,
    organizationUnitIds: r.organizationUnitIds,
    users: r.userIds.flatMap((id) => byUser.get(id) ?? []),
    organizationUnits: r.organizationUnitIds.flatMap((id) => byUnit.get(id) ?? []),
    maxCount: r.maxCount,
    dealCountEnabled: r.dealCountEnabled,
    creationTime: r.creationTime,
    concurrencyStamp: r.concurrencyStamp,
  }));
}

/** The limits on the kit: each with its users' and units' names (one query each for the page). */
const limitListService = listService(customerLimitList, {
  table: crmCustomerLimits,
  filters: { type: crmCustomerLimits.type },
  sorts: {
    type: crmCustomerLimits.type,
    maxCount: crmCustomerLimits.maxCount,
    creationTime: crmCustomerLimits.creationTime,
  },
  items: async (tx, _ctx, rows: (typeof crmCustomerLimits.$inferSelect)[]) =>
    (await limitDtos(tx, rows)).map((l) => ({
      ...l,
      // the export's cells
      userNames: l.users.map((u) => u.name || u.userName).join(', '),
      unitNames: l.organizationUnits.map((u) => u.displayName).join(', '),
    })),
});

// ---- the pool list ---------------------------------------------------------------------------------

const previousOwner = sql`(select r.from_user_id from ${crmOwnerRecords} r
  where r.customer_id = ${crmCustomers.id} and r.kind in ('PUT_BACK', 'AUTO_RETURN') order by r.time desc limit 1)`;

const poolRow = (tx: Tx) => {
  const c = crmCustomers;
  return tx
    .select({
      id: c.id,
      name: c.name,
      level: c.level,
      industry: c.industry,
      source: c.source,
      mobile: c.mobile,
      telephone: c.telephone,
      email: c.email,
      country: c.country,
      dealStatus: c.dealStatus,
      contactLastTime: c.contactLastTime,
      contactLastContent: c.contactLastContent,
      poolTime: c.poolTime,
      poolReason: c.poolReason,
      creationTime: c.creationTime,
      previousOwnerId: sql<string | null>`${previousOwner}`,
    })
    .from(c)
    .$dynamic();
};
type PoolRow = Awaited<ReturnType<typeof poolRow>>[number];

/**
 * The pool list: customers without an owner the viewer may see (customers' `scope` with the pool),
 * with their previous owner (the last PUT_BACK or AUTO_RETURN record's) and reason.
 */
const poolListService = listService(poolCustomerList, {
  table: crmCustomers,
  rows: poolRow,
  search: (text) =>
    or(
      contains(crmCustomers.name, text),
      eq(crmCustomers.mobile, text),
      eq(crmCustomers.telephone, text),
      contains(crmCustomers.email, text),
    ),
  filters: {
    level: (v: string) => eq(crmCustomers.level, Number(v)),
    industry: (v: string) => eq(crmCustomers.industry, Number(v)),
    source: (v: string) => eq(crmCustomers.source, Number(v)),
    previousOwnerId: (id: string) => sql`${previousOwner} = ${id}::uuid`,
    reasonKind: (kind: PoolReasonKind) =>
      kind === 'NO_DEAL'
        ? eq(crmCustomers.poolReason, 'AUTO:NO_DEAL')
        : kind === 'NO_FOLLOW_UP'
          ? eq(crmCustomers.poolReason, 'AUTO:NO_FOLLOW_UP')
          : sql`(${crmCustomers.poolReason} is null or ${crmCustomers.poolReason} not like 'AUTO:%')`,
    pooled: crmCustomers.poolTime,
  },
  sorts: {
    name: crmCustomers.name,
    poolTime: crmCustomers.poolTime,
    creationTime: crmCustomers.creationTime,
    level: crmCustomers.level,
    contactLastTime: crmCustomers.contactLastTime,
  },
  // the kit hands the route's request context on: the viewer's permissions are read from it
  scope: async (services, _tx, ctx) =>
    and(
      sql`${crmCustomers.ownerUserId} is null`,
      customerQueries.scope(await customerQueries.viewer(services, ctx as RequestContext), { includePool: true }),
    ),
  items: async (tx, ctx, rows: PoolRow[]) => {
    const owners = [...new Set(rows.flatMap((r) => (r.previousOwnerId ? [r.previousOwnerId] : [])))];
    const names = owners.length
      ? await tx
          .select({ id: users.id, userName: users.userName, name: users.name, surname: users.surname })
          .from(users)
          .where(inArray(users.id, owners))
      : [];
    const byId = new Map(names.map((u) => [u.id, [u.surname, u.name].filter(Boolean).join('') || u.userName]));
    return rows.map(
      ({ poolReason, ...r }): PoolCustomerDto => ({
        ...r,
        poolReasonKind: poolReasonKind(poolReason),
        poolReason: poolReasonText(ctx.culture, poolReason),
        previousOwnerName: r.previousOwnerId ? (byId.get(r.previousOwnerId) ?? null) : null,
      }),
    );
  },
});

// ---- pickers ---------------------------------------------------------------------------------------

async function userOptions(tx: Tx, ctx: PoolCtx, filter: string | undefined) {
  const rows = await tx
    .select({ id: users.id, userName: users.userName, name: users.name })
    .from(users)
    .where(activeUsersMatching(ctx, filter, [users.userName, users.name]))
    .orderBy(asc(users.userName))
    .limit(50);
  return { items: rows };
}

async function unitOptions(tx: Tx, ctx: PoolCtx) {
  const rows = await tx
    .select({ id: organizationUnits.id, displayName: organizationUnits.displayName, code: organizationUnits.code })
    .from(organizationUnits)
    .where(owned(ctx, organizationUnits))
    .orderBy(asc(organizationUnits.code))
    .limit(1000);
  return { items: rows };
}

/**
 * The public pool's reads (the area's service shape, `docs/architecture.md`): each takes the open
 * unit's `tx` and the context; the caller opens the unit. The pool list reads its viewer itself
 * (the list kit's scope).
 */
export const poolQueries = {
  /** The pool list and its export (the list kit), in the viewer's scope. */
  list: poolListService,
  /** The limits' list and its export (the list kit). */
  limits: limitListService,
  /** The tenant's rules, the defaults before they are saved. */
  config,
  /** Tenants whose rule is on: the daily pass queues one run for each (an unscoped unit). */
  enabledTenants,
  /** Active users of the tenant matching `filter`: the assign and limit pickers. */
  users: userOptions,
  /** The tenant's organization units: the limit picker. */
  units: unitOptions,
};
