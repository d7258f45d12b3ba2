import type { CarrierInput } from '@seller/contracts/logistics';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { owned } from '../../../core/crud.ts';
import { businessError } from '../../../core/errors.ts';
import { resourceService } from '../../../core/resource.ts';
import { carriers, channels } from '../schema.ts';

export const carrierService = resourceService({
  table: carriers,
  entity: 'Carrier',
  texts: 'Logistics',
  sortable: {
    code: carriers.code,
    name: carriers.name,
    type: carriers.type,
    isActive: carriers.isActive,
    creationTime: carriers.creationTime,
  },
  defaultSort: [asc(carriers.code)],
  search: [carriers.code, carriers.name],
  unique: [{ member: 'code', column: carriers.code }],
  values: ({ concurrencyStamp: _, ...i }: CarrierInput & { concurrencyStamp?: string }) => i,
  /** A carrier goes only once its channels have gone (they hold rate tables and strategies point at them). */
  async beforeDelete(tx, ctx, id) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(channels)
      .where(owned(ctx, channels, eq(channels.carrierId, id)));
    if (n > 0) throw businessError('Logistics::Carrier:HasChannels', { count: n }, 400);
  },
  /** The page's channel counts in one query. */
  async toDtos(tx, ctx, rows) {
    if (!rows.length) return [];
    const counts = await tx
      .select({ carrierId: channels.carrierId, n: count() })
      .from(channels)
      .where(
        owned(
          ctx,
          channels,
          inArray(
            channels.carrierId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .groupBy(channels.carrierId);
    const byCarrier = new Map(counts.map((c) => [c.carrierId, c.n]));
    return rows.map((r) => ({ ...r, channelCount: byCarrier.get(r.id) ?? 0 }));
  },
});
