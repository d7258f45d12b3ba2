import type {
  AutoReturnResult,
  CustomerLimitInput,
  CustomerLimitType,
  CustomerPoolState,
  PoolConfigInput,
} from '@seller/contracts/crm';
import { customerLimitInput } from '@seller/contracts/crm';
import { eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, deleteOwned, insertOwned, modifiedBy, owned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { businessError, fieldError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { organizationUnits, organizationUnitUsers, users } from '../../identity/index.ts';
import { type CustomerCommands, customerCommands } from '../customers/commands.ts';
import { type CustomerViewer, customerQueries } from '../customers/queries.ts';
import { crmCustomerMembers, crmCustomers, crmOwnerRecords } from '../customers/schema.ts';
import { ReturnSoonReminded } from './events.ts';
import { configDto, configRow, limitDtos } from './queries.ts';
import { type PoolRule, returnPredicate, returnReasonSql } from './rule.ts';
import { crmCustomerLimits, crmPoolConfig, crmPoolReminders } from './schema.ts';
import { RESOURCE } from './texts.ts';

type CustomerRow = typeof crmCustomers.$inferSelect;

// ---- rules -----------------------------------------------------------------------------------------

/** Saves the rules (creates the tenant's row the first time); a stale stamp is a 409. */
async function saveConfig(tx: Tx, ctx: CrudContext, input: PoolConfigInput) {
  const { concurrencyStamp, ...values } = input;
  const row = await configRow(tx, ctx);
  if (!row) return configDto(await insertOwned(tx, ctx, crmPoolConfig, 'CrmPoolConfig', values));
  return configDto(await updateOwned(tx, ctx, crmPoolConfig, 'CrmPoolConfig', row.id, values, concurrencyStamp));
}

// ---- limits ----------------------------------------------------------------------------------------

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

/** Creates a limit (`id` null) or changes one (a stale stamp is a 409); the limit with its names. */
async function saveLimit(tx: Tx, ctx: CrudContext, id: string | null, raw: CustomerLimitInput) {
  const input = customerLimitInput.parse(raw);
  const values = {
    type: input.type,
    ...(await checkLimitTargets(tx, ctx, input)),
    maxCount: input.maxCount,
    dealCountEnabled: input.dealCountEnabled,
  };
  const row = id
    ? await updateOwned(tx, ctx, crmCustomerLimits, 'CrmCustomerLimit', id, values, input.concurrencyStamp)
    : await insertOwned(tx, ctx, crmCustomerLimits, 'CrmCustomerLimit', values);
  return (await limitDtos(tx, [row]))[0];
}

/**
 * Checks that `userId` may take `adding` more customers (OWNER) or lock `adding` more (LOCK) under
 * every limit of that type applying to them (named, or through an organization unit or one above
 * it): the strictest one decides. Counted: owned customers not dealt, plus the dealt ones when the
 * limit says so (for LOCK: the locked ones, the dealt among them likewise). The writers of one
 * user's count take turns (a transaction-level advisory lock), so two concurrent claims cannot
 * both pass on the same last place. Throws a 403 naming the limit.
 */
async function checkLimit(tx: Tx, ctx: CrudContext, userId: string, type: CustomerLimitType, adding: number) {
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

// ---- owner changes ---------------------------------------------------------------------------------

/** Pool customers by id, locked in id order (no deadlock between two batches), each checked. */
async function lockPoolCustomers(tx: Tx, v: CustomerViewer, ids: string[]): Promise<CustomerRow[]> {
  const rows: CustomerRow[] = [];
  for (const id of [...new Set(ids)].sort()) {
    const row = await customerQueries.load(tx, v, id, 'read', { forUpdate: true });
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
async function claim(tx: Tx, ctx: RequestContext, v: CustomerViewer, ids: string[]) {
  const me = ctx.user?.id;
  if (!me) throw businessError(`${RESOURCE}::UsersOnly`);
  return takeFromPool(tx, ctx, await lockPoolCustomers(tx, v, ids), me, 'CLAIM');
}

/** Assigns pool customers to an active user of the tenant: all or none, under the user's limits. */
async function assign(tx: Tx, ctx: RequestContext, v: CustomerViewer, ids: string[], userId: string) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(owned(ctx, users, eq(users.id, userId), eq(users.isActive, true)));
  if (!user) throw fieldError('userId', `${RESOURCE}::UnknownUser`);
  return takeFromPool(tx, ctx, await lockPoolCustomers(tx, v, ids), userId, 'ASSIGN');
}

const poolState = (row: CustomerRow): CustomerPoolState => ({
  id: row.id,
  ownerUserId: row.ownerUserId,
  lockStatus: row.lockStatus,
  poolTime: row.poolTime,
  poolReason: row.poolReason,
});

/** Puts a customer back into the pool (its owner, or a ViewAll holder): unlocked and undealt only; its team is cleared. */
async function putBack(
  customers: Pick<CustomerCommands, 'addOwnerRecord'>,
  tx: Tx,
  ctx: RequestContext,
  v: CustomerViewer,
  id: string,
  reason: string,
) {
  const row = await customerQueries.load(tx, v, id, 'owner', { forUpdate: true });
  if (row.lockStatus) throw businessError(`${RESOURCE}::LockedCannotPutBack`, { name: row.name }, 409);
  // nobody could claim a dealt customer back out of the pool (claim refuses it, as yudao does)
  if (row.dealStatus) throw businessError(`${RESOURCE}::DealtCannotPutBack`, { name: row.name }, 409);
  const [after] = await tx
    .update(crmCustomers)
    .set({ ownerUserId: null, ownerTime: null, poolTime: new Date(), poolReason: reason, ...modifiedBy(ctx) })
    .where(eq(crmCustomers.id, row.id))
    .returning();
  await tx.delete(crmCustomerMembers).where(eq(crmCustomerMembers.customerId, row.id));
  await customers.addOwnerRecord(tx, ctx, row.id, 'PUT_BACK', row.ownerUserId, null, reason);
  return poolState(after);
}

/** Locks (exempts from the pool rule) or unlocks a customer: its owner or a ViewAll holder; LOCK limit of the owner. */
async function setLock(tx: Tx, ctx: RequestContext, v: CustomerViewer, id: string, lock: boolean) {
  const row = await customerQueries.load(tx, v, id, 'owner', { forUpdate: true });
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
}

// ---- the auto-return -------------------------------------------------------------------------------

/**
 * The pool rule for the context's tenant at `now`, set-based: one statement locks the customers the
 * rule returns, clears their owner (pool time and reason set), writes their AUTO_RETURN owner
 * records and removes their teams; one more counts, per owner, the customers that will return
 * within the reminder days and records the day's reminders (a second pass the same day finds them
 * recorded), raising `ReturnSoonReminded` for each, whose owner is notified after the commit.
 * `reminded` is the number of owners a reminder was recorded for. Nothing when the rule is off.
 */
async function autoReturn(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: CrudContext,
  now: Date,
): Promise<AutoReturnResult> {
  const config = await configRow(tx, ctx);
  if (!config?.enabled) return { enabled: false, returned: 0, reminded: 0 };
  const rule: PoolRule = config;
  const returned = await returnDue(tx, ctx, rule, now);
  const reminders = config.notifyEnabled ? await recordReminders(tx, ctx, rule, config.notifyDays, now) : [];
  await tx
    .update(crmPoolConfig)
    .set({ lastRunTime: now, lastReturnedCount: returned })
    .where(eq(crmPoolConfig.id, config.id));
  const tenantId = ctx.tenant?.id ?? null;
  for (const r of reminders) {
    await services.events.emit(tx, ReturnSoonReminded, { tenantId, ...r, days: config.notifyDays });
  }
  return { enabled: true, returned, reminded: reminders.length };
}

/** The one statement of the return (see `autoReturn`); the number of customers returned. */
async function returnDue(tx: Tx, ctx: CrudContext, rule: PoolRule, now: Date): Promise<number> {
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
async function recordReminders(tx: Tx, ctx: CrudContext, rule: PoolRule, days: number, now: Date) {
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

/**
 * The public pool's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context, and the caller's viewer where who may see the customer decides
 * (read before the unit). None opens a unit of work or sends a notification: the auto-return
 * raises `ReturnSoonReminded`, whose owners are told after the commit (`events.ts`).
 */
export const poolCommands = (services: Pick<Services, 'events'>) => {
  const customers = customerCommands(services);
  return {
    claim,
    assign,
    putBack: (tx: Tx, ctx: RequestContext, v: CustomerViewer, id: string, reason: string) =>
      putBack(customers, tx, ctx, v, id, reason),
    /** Locks (`true`) or unlocks a customer. */
    setLock,
    saveConfig,
    createLimit: (tx: Tx, ctx: CrudContext, input: CustomerLimitInput) => saveLimit(tx, ctx, null, input),
    updateLimit: (tx: Tx, ctx: CrudContext, id: string, input: CustomerLimitInput) => saveLimit(tx, ctx, id, input),
    deleteLimit: (tx: Tx, ctx: CrudContext, id: string) =>
      deleteOwned(tx, ctx, crmCustomerLimits, 'CrmCustomerLimit', id),
    /** The pool rule at `now` (the tenant's if on), with the day's reminders raised. */
    autoReturn: (tx: Tx, ctx: CrudContext, now: Date = new Date()) => autoReturn(services, tx, ctx, now),
  };
};
