import { salesOrderPullResult } from '@seller/contracts/trade';
import type { CrudContext } from '../../../core/crud.ts';
import { notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';

/**
 * Queuing a pull of marketplace orders and reading its state, apart from the job's handler
 * (`jobs.ts`, which imports the pull) so that the routes queue it without touching the data.
 */

/** The pull of a shop's (or a tenant's shops') marketplace orders. */
export const ORDERS_PULL_JOB = 'trade.orders.pull';
/** The pass that queues a pull for every authorized shop. */
export const ORDERS_PULL_ALL_JOB = 'trade.orders.pull-all';
export const ORDERS_PULL_CRON = '*/5 * * * *';
/** The pass that folds the order tallies' deltas (`salesOrderTallies`) into one row a group. */
export const ORDERS_TALLIES_JOB = 'trade.orders.compact-tallies';
export const ORDERS_TALLIES_CRON = '*/10 * * * *';

export interface PullData {
  tenantId: string | null;
  userId?: string | null;
  shopId?: string | null;
}

/** Queues a pull (after the commit of whatever checked the shop); the job's id. */
export async function queueOrdersPull(services: Services, data: PullData) {
  return services.jobs.send(ORDERS_PULL_JOB, data);
}

/** A pull job's state and, once completed, its result; 404 when it is not the tenant's. */
export async function pullState(services: Services, ctx: CrudContext, jobId: string) {
  const job = await services.jobs.get(ORDERS_PULL_JOB, jobId);
  const data = (job?.data ?? {}) as { tenantId?: string | null };
  if (!job || (data.tenantId ?? null) !== (ctx.tenant?.id ?? null)) throw notFound('Job', jobId);
  const parsed = job.state === 'completed' ? salesOrderPullResult.safeParse(job.output) : null;
  return { jobId: job.id, state: job.state, result: parsed?.success ? parsed.data : null };
}
