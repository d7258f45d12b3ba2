import { type SQL, sql } from 'drizzle-orm';
import { crmCustomers } from '../customers/schema.ts';

/**
 * The auto-return rule of domain §6.2 (yudao `CrmCustomerMapper.selectListByAutoPool`), written
 * twice over the same clock: as a pure function (`returnsToPool`) and as the SQL predicate the job
 * runs (`returnPredicate`). A customer returns to the pool when it has an owner, is not locked, is
 * not dealt, and
 *   owner_time < now − deal_expire_days
 *   OR ( owner_time < now − contact_expire_days
 *        AND ( contact_last_time < now − contact_expire_days OR contact_last_time IS NULL ) ).
 * A missing owner_time never satisfies a comparison (SQL's NULL), in both versions.
 */
export interface PoolRule {
  contactExpireDays: number;
  dealExpireDays: number;
}

export interface RuleCustomer {
  ownerUserId: string | null;
  ownerTime: Date | null;
  lockStatus: boolean;
  dealStatus: boolean;
  contactLastTime: Date | null;
}

const DAY = 86_400_000;

/** `now` minus `days` whole days (24 h each, as the SQL's `interval '1 day' * n` in UTC). */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/** Why a customer returns (the deal branch first, as it is the stronger one), or null. */
export function returnReason(c: RuleCustomer, rule: PoolRule, now: Date): 'NO_DEAL' | 'NO_FOLLOW_UP' | null {
  if (c.ownerUserId === null || c.lockStatus || c.dealStatus || c.ownerTime === null) return null;
  const dealCutoff = daysBefore(now, rule.dealExpireDays);
  const contactCutoff = daysBefore(now, rule.contactExpireDays);
  if (c.ownerTime < dealCutoff) return 'NO_DEAL';
  if (c.ownerTime < contactCutoff && (c.contactLastTime === null || c.contactLastTime < contactCutoff)) {
    return 'NO_FOLLOW_UP';
  }
  return null;
}

/** Whether the customer returns to the pool at `now` under `rule`. */
export const returnsToPool = (c: RuleCustomer, rule: PoolRule, now: Date) => returnReason(c, rule, now) !== null;

/** The cut-offs as timestamps, bound as parameters (the plan can use the pool index on owner_time). */
export function cutoffs(rule: PoolRule, now: Date) {
  return {
    deal: daysBefore(now, rule.dealExpireDays).toISOString(),
    contact: daysBefore(now, rule.contactExpireDays).toISOString(),
  };
}

/** The same rule over `crm_customers` (without the tenant predicate, which the caller adds). */
export function returnPredicate(rule: PoolRule, now: Date): SQL {
  const c = crmCustomers;
  const { deal, contact } = cutoffs(rule, now);
  return sql`(${c.ownerUserId} is not null and not ${c.lockStatus} and not ${c.dealStatus} and not ${c.isDeleted}
    and (${c.ownerTime} < ${deal}::timestamptz
      or (${c.ownerTime} < ${contact}::timestamptz
        and (${c.contactLastTime} < ${contact}::timestamptz or ${c.contactLastTime} is null))))`;
}

/** Which branch returned it, in SQL (for the pool reason), given the predicate holds. */
export function returnReasonSql(rule: PoolRule, now: Date): SQL {
  const { deal } = cutoffs(rule, now);
  return sql`case when ${crmCustomers.ownerTime} < ${deal}::timestamptz then 'AUTO:NO_DEAL' else 'AUTO:NO_FOLLOW_UP' end`;
}
