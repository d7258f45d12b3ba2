import {
  type OrderBulkKind,
  type OrderBulkOutcome,
  type OrderBulkResult,
  orderBulkKinds,
} from '@seller/contracts/trade';
import { type CurrentUser, systemContext } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import type { JobRun } from '../../../core/jobs.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import type { Ctx } from '../shipments/queries.ts';
import { bulkCommands, outcome } from './commands.ts';
import { type BulkOrder, bulkQueries } from './queries.ts';
import { ORDER_BULK_JOBS, type OrderBulkJob } from './queue.ts';

/** Progress is reported at most this often (and after the last order): each report is a write to the queue. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Durable jobs of bulk work on orders, one queue per kind. A run that dies is retried once;
 * orders done before it are then refused by their own rule (an order already confirmed cannot
 * be confirmed again, one already in a shipment has nothing left to ship), never done twice.
 */
export async function defineJobs(services: Services) {
  for (const kind of orderBulkKinds) {
    await services.jobs.define<OrderBulkJob>(ORDER_BULK_JOBS[kind], (run) => runOrderBulk(services, run), {
      retryLimit: 1,
      retryDelay: 5,
      expireInSeconds: 30 * 60,
      heartbeatSeconds: 30,
    });
  }
}

/** The user the job runs for, as the orders' and shipments' history name them. */
const actor = (id: string, tenantId: string | null): CurrentUser => ({
  id,
  tenantId,
  userName: '',
  name: null,
  surName: null,
  email: null,
  emailVerified: false,
  phoneNumber: null,
  phoneNumberVerified: false,
  roles: [],
  sessionId: null,
  impersonatorUserId: null,
  impersonatorTenantId: null,
  impersonatorUserName: null,
  impersonatorTenantName: null,
});

/**
 * The reason an order was refused, in the user's language: an application refusal's own text (a
 * field refusal's, without the member), "not found" without the id, anything else a plain
 * "could not be done" (the details are not the user's to read).
 */
function reasonOf(e: unknown, ctx: Ctx): string {
  if (!(e instanceof AppError)) return t(ctx.culture, 'SalesOrders::Bulk:Failed');
  if (e.status === 404) return t(ctx.culture, 'SalesOrders::Bulk:NotFound');
  const field = e.validationErrors?.[0];
  return field ? t(ctx.culture, field.message, field.params) : t(ctx.culture, e.messageKey, e.params);
}

/** One run: each order in a unit of its own, its outcome kept; progress as it goes; the result listing every order. */
export async function runOrderBulk(services: Services, run: JobRun<OrderBulkJob>): Promise<OrderBulkResult> {
  const { tenantId, userId, culture, kind, ids } = run.data;
  const tenant = tenantId ? await services.tenants.find(tenantId) : null;
  const empty = { kind, done: 0, refused: 0, items: [] };
  if (tenantId && !tenant) return empty;
  const ctx: Ctx = { ...systemContext(tenant, culture), user: userId ? actor(userId, tenantId) : null };
  const known = await services.data.inTenant(ctx, (tx) => bulkQueries.orders(tx, ctx, ids));
  let reported = Date.now();
  const items: OrderBulkOutcome[] = [];
  for (const [i, id] of ids.entries()) {
    const order = known.get(id);
    items.push(
      order
        ? await one(services, ctx, kind, order)
        : { ...outcome({ id, orderNo: null }, false, null), reason: t(culture, 'SalesOrders::Bulk:NotFound') },
    );
    const done = i + 1;
    if (done === ids.length || Date.now() - reported >= PROGRESS_EVERY_MS) {
      reported = Date.now();
      if (!(await run.progress({ done, total: ids.length, message: `${done}/${ids.length}` }))) break;
    }
  }
  const ok = items.filter((o) => o.ok).length;
  return { kind, done: ok, refused: items.length - ok, items };
}

/** One order, done whole in its own unit or refused with its reason. */
async function one(services: Services, ctx: Ctx, kind: OrderBulkKind, order: BulkOrder): Promise<OrderBulkOutcome> {
  const commands = bulkCommands(services);
  try {
    if (kind === 'confirm') return await services.data.inTenant(ctx, (tx) => commands.confirm(tx, ctx, order));
    const { input, plan } = await bulkQueries.plan(services, ctx, order);
    return await services.data.inTenant(ctx, (tx) => commands.ship(tx, ctx, order, input, plan));
  } catch (e) {
    return { ...outcome(order, false, null), reason: reasonOf(e, ctx) };
  }
}
