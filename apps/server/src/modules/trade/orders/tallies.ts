import { sql } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { salesOrderTallies as t } from './schema.ts';

/** How many groups one pass folds at most: a pass is one bounded statement. */
const GROUPS_PER_PASS = 20_000;

/**
 * Folds the deltas the triggers appended (`salesOrderTallies`) into one row per group, across
 * tenants (the owner's unit: a tally row holds counts, nothing personal), dropping groups that
 * sum to nothing. The counts read the same before and after; only the rows to sum are fewer.
 * Deltas appended while it runs are not in its snapshot and stay for the next pass.
 */
export async function compactOrderTallies(services: Services) {
  const folded = await services.data.unscoped(async (tx) => {
    const key = sql`${t.tenantId}, ${t.shopId}, ${t.platform}, ${t.source}, ${t.day}, ${t.status}`;
    const result = await tx.execute<{ groups: number }>(sql`
      with many as (
        select ${key} from ${t} group by ${key} having count(*) > 1 limit ${GROUPS_PER_PASS}
      ), gone as (
        delete from ${t} as d using many as m
        where d.tenant_id is not distinct from m.tenant_id and d.shop_id is not distinct from m.shop_id
          and d.platform is not distinct from m.platform and d.source = m.source and d.day = m.day
          and d.status = m.status
        returning d.tenant_id, d.shop_id, d.platform, d.source, d.day, d.status, d.orders
      ), kept as (
        insert into ${t} (tenant_id, shop_id, platform, source, day, status, orders)
        select tenant_id, shop_id, platform, source, day, status, sum(orders)::integer from gone
        group by 1, 2, 3, 4, 5, 6 having sum(orders) <> 0
        returning 1
      )
      select (select count(*) from many)::integer as groups`);
    return result.rows[0]?.groups ?? 0;
  });
  return { groups: folded };
}
