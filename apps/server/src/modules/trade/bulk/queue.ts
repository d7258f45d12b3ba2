import type { Culture } from '@seller/contracts';
import { type OrderBulkKind, type OrderBulkState, orderBulkKinds, orderBulkResult } from '@seller/contracts/trade';
import type { CrudContext } from '../../../core/crud.ts';
import { notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';

/**
 * Queuing bulk work on orders and reading its state, apart from the job's handler (`jobs.ts`) so
 * that the routes queue it without touching the data. One queue per kind, so the user's job toast
 * and the jobs page name what runs.
 */
export const ORDER_BULK_JOBS: Record<OrderBulkKind, string> = {
  confirm: 'trade.orders.bulk-confirm',
  shipments: 'trade.orders.bulk-shipments',
};

export interface OrderBulkJob {
  tenantId: string | null;
  /** Who asked: the job toasts go to this user, the orders' history names them. */
  userId: string | null;
  /** The language of the outcomes' reasons. */
  culture: Culture;
  kind: OrderBulkKind;
  ids: string[];
}

/** Queues bulk work (after the route's checks; nothing is written before the job runs): the job's id. */
export async function queueOrderBulk(services: Services, data: OrderBulkJob): Promise<string> {
  const jobId = await services.jobs.send(ORDER_BULK_JOBS[data.kind], data);
  if (!jobId) throw new Error('the bulk job was not queued');
  return jobId;
}

/** A bulk job's state; 404 unless the caller started it (another user's or tenant's job is not found). */
export async function orderBulkState(services: Services, ctx: CrudContext, jobId: string): Promise<OrderBulkState> {
  for (const kind of orderBulkKinds) {
    const job = await services.jobs.get(ORDER_BULK_JOBS[kind], jobId);
    if (!job) continue;
    const data = (job.data ?? {}) as Partial<OrderBulkJob>;
    if ((data.tenantId ?? null) !== (ctx.tenant?.id ?? null) || (data.userId ?? null) !== (ctx.user?.id ?? null)) break;
    const parsed = job.state === 'completed' ? orderBulkResult.safeParse(job.output) : null;
    const result = parsed?.success ? parsed.data : null;
    const total = data.ids?.length ?? 0;
    const reported = (job.progress as { done?: unknown } | null)?.done;
    const done = result ? result.items.length : typeof reported === 'number' ? reported : 0;
    return { jobId: job.id, state: job.state, total, done, result };
  }
  throw notFound('Job', jobId);
}
