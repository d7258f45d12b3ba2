import type {
  AutoReturnResult,
  CustomerLimitDto,
  CustomerLimitInput,
  CustomerLimitType,
  CustomerPoolState,
  PoolConfigDto,
  PoolConfigInput,
  PoolCustomerDto,
  PoolReasonKind,
} from '@seller/contracts/crm';
import { customerLimitInput, customerLimitList, poolCustomerList } from '@seller/contracts/crm';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CurrentTenant, RequestContext } from '../../../core/context.ts';
import { type CrudContext, deleteOwned, insertOwned, modifiedBy, owned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { businessError, fieldError } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { contains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import { organizationUnits, organizationUnitUsers, users } from '../../identity/index.ts';
import { publish } from '../../notifications/index.ts';
import { customerCommands } from '../customers/commands.ts';
import { type CustomerViewer, customerQueries } from '../customers/queries.ts';
import { crmCustomerMembers, crmCustomers, crmOwnerRecords } from '../customers/schema.ts';
import { poolReasonKind, poolReasonText } from '../customers/texts.ts';
import { activeUsersMatching } from '../users.ts';
import { type PoolRule, returnPredicate, returnReasonSql } from './rule.ts';
import { crmCustomerLimits, crmPoolConfig, crmPoolReminders } from './schema.ts';

export const RESOURCE = 'CrmPool';
/** The notification an owner gets before their customers return to the pool. */
export const REMINDER_NOTIFICATION = 'Crm.Pool.ReturnSoon';

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;

const { viewer: viewerOf, scope: customerScope, load: loadCustomer } = customerQueries;
type CustomerRow = typeof crmCustomers.$inferSelect;

// ---- rules -----------------------------------------------------------------------------------------

/** Defaults shown before a tenant saves its rules (the rule is off until then). */
const DEFAULT_CONFIG = {
  enabled: false,
  contactExpireDays: 30,
  dealExpireDays: 90,
  notifyEnabled: false,
  notifyDays: 3,
};

async function configRow(tx: Tx, ctx: CrudContext) {
  const [row] = await tx.select().from(crmPoolConfig).where(owned(ctx, crmPoolConfig));
  return row ?? null;
}

function configDto(row: typeof crmPoolConfig.$inferSelect | null): PoolConfigDto {
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

export const getConfig = (s: Services, ctx: Ctx) =>
  s.data.inTenant(ctx, async (tx) => configDto(await configRow(tx, ctx)));

/** Saves the rules (creates the tenant's row the first time); a stale stamp is a 409. */
export function saveConfig(s: Services, ctx: Ctx, input: PoolConfigInput) {
  return s.data.inTenant(ctx, async (tx) => saveConfigIn(tx, ctx, input));
}

export async function saveConfigIn(tx: Tx, ctx: CrudContext, input: PoolConfigInput) {
  const { concurrencyStamp, ...values } = input;
  const row = await configRow(tx, ctx);
  if (!row) return configDto(await insertOwned(tx, ctx, crmPoolConfig, 'CrmPoolConfig', values));
  return configDto(await updateOwned(tx, ctx, crmPoolConfig, 'CrmPoolConfig', row.id, values, concurrencyStamp));
}

// ---- limits ----------------------------------------------------------------------------------------

async function limitDtos(tx: Tx, rows: (typeof crmCustomerLimits.$inferSelect)[]): Promise<CustomerLimitDto[]> {
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
export const limitListService = listService(customerLimitList, {
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

/** The named users and units must be the tenant's (a 400 naming the member otherwise). */
async function checkLimitTargets(
  tx: Tx,
  ctx: CrudContext,
  input: { userIds: string[]; organizationUnitIds: string[] },
) {
  const userIds = [...new Set(input.userIds)];
  const ouIds = [...new Set(input.organizationUnitIds)];
  if (userIds.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(owned(ctx, users, inArray(users.id, userIds)));
    if (found.length !== userIds.length) throw fieldError('userIds', `${RESOURCE}::UnknownUser`);
  }
  if (ouIds.length) {
    const found = await tx
      .select({ id: organizationUnits.id })
      .from(organizationUnits)
      .where(owned(ctx, organizationUnits, inArray(organizationUnits.id, ouIds)));
    if (found.length !== ouIds.length) throw fieldError('organizationUnitIds', `${RESOURCE}::UnknownUnit`);
  }
  return { userIds, organizationUnitIds: ouIds };
}

export function createLimit(s: Services, ctx: Ctx, raw: CustomerLimitInput) {
  const input = customerLimitInput.parse(raw);
  return s.data.inTenant(ctx, async (tx) => {
    const targets = await checkLimitTargets(tx, ctx, input);
    const row = await insertOwned(tx, ctx, crmCustomerLimits, 'CrmCustomerLimit', {
      type: input.type,
      ...targets,
      maxCount: input.maxCount,
      dealCountEnabled: input.dealCountEnabled,
    });
    return (await limitDtos(tx, [row]))[0];
  });
}

export function updateLimit(s: Services, ctx: Ctx, id: string, raw: CustomerLimitInput) {
  const input = customerLimitInput.parse(raw);
  return s.data.inTenant(ctx, async (tx) => {
    const targets = await checkLimitTargets(tx, ctx, input);
    const row = await updateOwned(
      tx,
      ctx,
      crmCustomerLimits,
      'CrmCustomerLimit',
      id,
      { type: input.type, ...targets, maxCount: input.maxCount, dealCountEnabled: input.dealCountEnabled },
      input.concurrencyStamp,
    );
    return (await limitDtos(tx, [row]))[0];
  });
}

export const deleteLimit = (s: Services, ctx: Ctx, id: string) =>
  s.data.inTenant(ctx, (tx) => deleteOwned(tx, ctx, crmCustomerLimits, 'CrmCustomerLimit', id));

/**
 * Checks that `userId` may take `adding` more customers (OWNER) or lock `adding` more (LOCK) under
 * every limit of that type applying to them (named, or through an organization unit or one above
 * it): the strictest one decides. Counted: owned customers not dealt, plus the dealt ones when the
 * limit says so (for LOCK: the locked ones, the dealt among them likewise). The writers of one
 * user's count take turns (a transaction-level advisory lock), so two concurrent claims cannot
 * both pass on the same last place. Throws a 403 naming the limit.
 */
export async function checkLimit(tx: Tx, ctx: CrudContext, userId: string, type: CustomerLimitType, adding: number) {
  const l = crmCustomerLimits;
  const applying = await tx
    .select({ maxCount: l.maxCount, dealCountEnabled: l.dealCountEnabled })
    .from(l)
    .where(
      owned(
        ctx,
        l,
        eq(l.type, type),
        sql`(${userId}::uuid = any(${l.userIds}) or exists (
          select 1 from ${organizationUnitUsers} ouu
            join ${organizationUnits} ou on ou.id = ouu.organization_unit_id
            join ${organizationUnits} lo on lo.id = any(${l.organizationUnitIds})
          where ouu.user_id = ${userId}::uuid and (ou.code = lo.code or ou.code like lo.code || '.%')))`,
      ),
    );
  if (!applying.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`crm-limit:${type}:${userId}`}, 0))`);
  const c = crmCustomers;
  const counted = type === 'LOCK' ? sql`${c.lockStatus}` : sql`true`;
  const [n] = await tx
    .select({
      plain: sql<number>`count(*) filter (where ${counted} and not ${c.dealStatus})::int`,
      dealt: sql<number>`count(*) filter (where ${counted} and ${c.dealStatus})::int`,
    })
    .from(c)
    .where(owned(ctx, c, eq(c.ownerUserId, userId)));
  for (const limit of [...applying].sort((a, b) => a.maxCount - b.maxCount)) {
    const count = n.plain + (limit.dealCountEnabled ? n.dealt : 0);
    if (count + adding > limit.maxCount) {
      throw businessError(`${RESOURCE}::${type === 'OWNER' ? 'OwnerLimitReached' : 'LockLimitReached'}`, {
        count,
        adding,
        max: limit.maxCount,
      });
    }
  }
}

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
 * The pool list: customers without an owner the viewer may see (`customerScope` with the pool),
 * with their previous owner (the last PUT_BACK or AUTO_RETURN record's) and reason.
 */
export const poolListService = listService(poolCustomerList, {
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
      customerScope(await viewerOf(services, ctx as RequestContext), { includePool: true }),
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

// ---- owner changes ---------------------------------------------------------------------------------

/** Pool customers by id, locked in id order (no deadlock between two batches), each checked. */
async function lockPoolCustomers(tx: Tx, v: CustomerViewer, ids: string[]): Promise<CustomerRow[]> {
  const rows: CustomerRow[] = [];
  for (const id of [...new Set(ids)].sort()) {
    const row = await loadCustomer(tx, v, id, 'read', { forUpdate: true });
    if (row.ownerUserId !== null) throw businessError(`${RESOURCE}::NotInPool`, { name: row.name }, 409);
    if (row.lockStatus) throw businessError(`${RESOURCE}::PoolCustomerLocked`, { name: row.name }, 409);
    if (row.dealStatus) throw businessError(`${RESOURCE}::PoolCustomerDealt`, { name: row.name }, 409);
    rows.push(row);
  }
  return rows;
}

async function takeFromPool(tx: Tx, ctx: CrudContext, rows: CustomerRow[], userId: string, kind: 'CLAIM' | 'ASSIGN') {
  await checkLimit(tx, ctx, userId, 'OWNER', rows.length);
  const now = new Date();
  const ids = rows.map((r) => r.id);
  await tx
    .update(crmCustomers)
    .set({ ownerUserId: userId, ownerTime: now, poolTime: null, poolReason: null, ...modifiedBy(ctx) })
    .where(inArray(crmCustomers.id, ids));
  await tx.insert(crmOwnerRecords).values(
    ids.map((customerId) => ({
      tenantId: ctx.tenant?.id ?? null,
      customerId,
      kind,
      fromUserId: null,
      toUserId: userId,
      byUserId: ctx.user?.id ?? null,
    })),
  );
  return { count: ids.length };
}

/** Claims pool customers for the caller (yudao `receiveCustomer`): all or none. */
export async function claim(s: Services, ctx: RequestContext, ids: string[]) {
  const v = await viewerOf(s, ctx);
  const me = ctx.user?.id;
  if (!me) throw businessError(`${RESOURCE}::UsersOnly`);
  return s.data.inTenant(ctx, async (tx) => takeFromPool(tx, ctx, await lockPoolCustomers(tx, v, ids), me, 'CLAIM'));
}

/** Assigns pool customers to an active user of the tenant: all or none, under the user's limits. */
export async function assign(s: Services, ctx: RequestContext, ids: string[], userId: string) {
  const v = await viewerOf(s, ctx);
  return s.data.inTenant(ctx, async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(owned(ctx, users, eq(users.id, userId), eq(users.isActive, true)));
    if (!user) throw fieldError('userId', `${RESOURCE}::UnknownUser`);
    return takeFromPool(tx, ctx, await lockPoolCustomers(tx, v, ids), userId, 'ASSIGN');
  });
}

const poolState = (row: CustomerRow): CustomerPoolState => ({
  id: row.id,
  ownerUserId: row.ownerUserId,
  lockStatus: row.lockStatus,
  poolTime: row.poolTime,
  poolReason: row.poolReason,
});

/** Puts a customer back into the pool (its owner, or a ViewAll holder): unlocked and undealt only; its team is cleared. */
export async function putBack(s: Services, ctx: RequestContext, id: string, reason: string) {
  const v = await viewerOf(s, ctx);
  return s.data.inTenant(ctx, async (tx) => {
    const row = await loadCustomer(tx, v, id, 'owner', { forUpdate: true });
    if (row.lockStatus) throw businessError(`${RESOURCE}::LockedCannotPutBack`, { name: row.name }, 409);
    // nobody could claim a dealt customer back out of the pool (claim refuses it, as yudao does)
    if (row.dealStatus) throw businessError(`${RESOURCE}::DealtCannotPutBack`, { name: row.name }, 409);
    const [after] = await tx
      .update(crmCustomers)
      .set({ ownerUserId: null, ownerTime: null, poolTime: new Date(), poolReason: reason, ...modifiedBy(ctx) })
      .where(eq(crmCustomers.id, row.id))
      .returning();
    await tx.delete(crmCustomerMembers).where(eq(crmCustomerMembers.customerId, row.id));
    await customerCommands(s).addOwnerRecord(tx, ctx, row.id, 'PUT_BACK', row.ownerUserId, null, reason);
    return poolState(after);
  });
}

/** Locks (exempts from the pool rule) or unlocks a customer: its owner or a ViewAll holder; LOCK limit of the owner. */
export async function setLock(s: Services, ctx: RequestContext, id: string, lock: boolean) {
  const v = await viewerOf(s, ctx);
  return s.data.inTenant(ctx, async (tx) => {
    const row = await loadCustomer(tx, v, id, 'owner', { forUpdate: true });
    if (row.lockStatus === lock) {
      throw businessError(`${RESOURCE}::${lock ? 'AlreadyLocked' : 'NotLocked'}`, { name: row.name }, 409);
    }
    if (lock) await checkLimit(tx, ctx, row.ownerUserId!, 'LOCK', 1);
    const [after] = await tx
      .update(crmCustomers)
      .set({ lockStatus: lock, ...modifiedBy(ctx) })
      .where(eq(crmCustomers.id, row.id))
      .returning();
    return poolState(after);
  });
}

// ---- the auto-return -------------------------------------------------------------------------------

/**
 * The pool rule for one tenant at `now`, set-based: one statement locks the customers the rule
 * returns, clears their owner (pool time and reason set), writes their AUTO_RETURN owner records
 * and removes their teams; one more counts, per owner, the customers that will return within the
 * reminder days and records the day's reminders (a second pass the same day finds them recorded);
 * then one notification per owner reminded. Nothing when the tenant's rule is off.
 */
export async function runAutoReturn(
  s: Services,
  tenant: CurrentTenant | null,
  now: Date = new Date(),
): Promise<AutoReturnResult> {
  const ctx = { tenant, user: null };
  const done = await s.data.inTenant(ctx, async (tx) => {
    const config = await configRow(tx, ctx);
    if (!config?.enabled) return null;
    const rule: PoolRule = config;
    const returned = await autoReturnIn(tx, ctx, rule, now);
    const reminders = config.notifyEnabled ? await dueReminders(tx, ctx, rule, config.notifyDays, now) : [];
    await tx
      .update(crmPoolConfig)
      .set({ lastRunTime: now, lastReturnedCount: returned })
      .where(eq(crmPoolConfig.id, config.id));
    return { returned, reminders, days: config.notifyDays };
  });
  if (!done) return { enabled: false, returned: 0, reminded: 0 };
  let reminded = 0;
  for (const r of done.reminders) {
    const sent = await publish(
      s,
      REMINDER_NOTIFICATION,
      {
        title: { resourceName: RESOURCE, name: 'Reminder:Title' },
        message: { resourceName: RESOURCE, name: 'Reminder:Message', values: { count: r.count, days: done.days } },
        count: r.count,
        days: done.days,
        url: '/crm/customer',
      },
      { tenant, users: [r.userId] },
    );
    if (sent.recipientCount) reminded++;
  }
  return { enabled: true, returned: done.returned, reminded };
}

/** The one statement of the return (see `runAutoReturn`); the number of customers returned. */
export async function autoReturnIn(tx: Tx, ctx: CrudContext, rule: PoolRule, now: Date): Promise<number> {
  const c = crmCustomers;
  const tenantId = ctx.tenant?.id ?? null;
  const at = now.toISOString();
  const result = await tx.execute<{ n: number }>(sql`
    with due as (
      select ${c.id} as id, ${c.ownerUserId} as owner, ${returnReasonSql(rule, now)} as reason
      from ${c} where ${owned(ctx, c, returnPredicate(rule, now))}
      for update
    ), moved as (
      update ${c} set owner_user_id = null, owner_time = null, pool_time = ${at}::timestamptz,
        pool_reason = due.reason, last_modification_time = ${at}::timestamptz, concurrency_stamp = md5(random()::text)
      from due where ${c.id} = due.id
      returning due.id, due.owner, due.reason
    ), records as (
      insert into ${crmOwnerRecords} (tenant_id, customer_id, kind, from_user_id, to_user_id, reason, time)
      select ${tenantId}::uuid, moved.id, 'AUTO_RETURN', moved.owner, null, moved.reason, ${at}::timestamptz from moved
    ), teams as (
      delete from ${crmCustomerMembers} m using moved where m.customer_id = moved.id
    )
    select count(*)::int as n from moved`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Owners whose customers will return within `days` (the rule at now + days) and who have not been
 * reminded today: recorded in the same statement, so each owner is reminded once a day.
 */
async function dueReminders(tx: Tx, ctx: CrudContext, rule: PoolRule, days: number, now: Date) {
  const c = crmCustomers;
  const later = new Date(now.getTime() + days * 86_400_000);
  const day = now.toISOString().slice(0, 10);
  const result = await tx.execute<{ user_id: string; count: number }>(sql`
    with soon as (
      select ${c.ownerUserId} as owner, count(*)::int as n from ${c}
      where ${owned(ctx, c, returnPredicate(rule, later))} group by ${c.ownerUserId}
    )
    insert into ${crmPoolReminders} (tenant_id, user_id, day, count)
    select ${ctx.tenant?.id ?? null}::uuid, soon.owner, ${day}::date, soon.n from soon
    on conflict do nothing
    returning user_id, count`);
  return result.rows.map((r) => ({ userId: r.user_id, count: Number(r.count) }));
}

/** Tenants whose rule is on (every database the main one knows). */
export async function enabledTenants(s: Services): Promise<(string | null)[]> {
  const rows = await s.data.unscoped((tx) =>
    tx.select({ tenantId: crmPoolConfig.tenantId }).from(crmPoolConfig).where(eq(crmPoolConfig.enabled, true)),
  );
  return rows.map((r) => r.tenantId);
}

// ---- pickers ---------------------------------------------------------------------------------------

export function userOptions(s: Services, ctx: Ctx, filter: string | undefined) {
  return s.data.inTenant(ctx, async (tx) => {
    const rows = await tx
      .select({ id: users.id, userName: users.userName, name: users.name })
      .from(users)
      .where(activeUsersMatching(ctx, filter, [users.userName, users.name]))
      .orderBy(asc(users.userName))
      .limit(50);
    return { items: rows };
  });
}

export function unitOptions(s: Services, ctx: Ctx) {
  return s.data.inTenant(ctx, async (tx) => {
    const rows = await tx
      .select({ id: organizationUnits.id, displayName: organizationUnits.displayName, code: organizationUnits.code })
      .from(organizationUnits)
      .where(owned(ctx, organizationUnits))
      .orderBy(asc(organizationUnits.code))
      .limit(1000);
    return { items: rows };
  });
}
