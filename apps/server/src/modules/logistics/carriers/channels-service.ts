import type { ChannelInput, ChannelLimits } from '@seller/contracts/logistics';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { businessError, fieldError } from '../../../core/errors.ts';
import { resourceService } from '../../../core/resource.ts';
import { carriers, channels, freightStrategies, rateRows } from '../schema.ts';
import { decimalText } from './decimal.ts';

type ChannelRow = typeof channels.$inferSelect;

/** A channel's limits as the API shows them (declared values as decimal text). */
export const limitsDto = (l: ChannelLimits): ChannelLimits => ({
  ...l,
  declaredValueMin: decimalText(l.declaredValueMin),
  declaredValueMax: decimalText(l.declaredValueMax),
});

/** The decimal columns of a channel row in the API's decimal text. */
export const channelDecimals = (
  r: Pick<ChannelRow, 'fuelSurchargePct' | 'minimumCharge' | 'registrationFee' | 'limits'>,
) => ({
  fuelSurchargePct: decimalText(r.fuelSurchargePct),
  minimumCharge: decimalText(r.minimumCharge),
  registrationFee: decimalText(r.registrationFee),
  limits: limitsDto(r.limits),
});

export const channelService = resourceService({
  table: channels,
  entity: 'Channel',
  texts: 'Logistics',
  sortable: {
    code: channels.code,
    name: channels.name,
    mode: channels.mode,
    transitDaysMin: channels.transitDaysMin,
    transitDaysMax: channels.transitDaysMax,
    currency: channels.currency,
    isActive: channels.isActive,
    creationTime: channels.creationTime,
  },
  defaultSort: [asc(channels.code)],
  search: [channels.code, channels.name, channels.remark],
  /** `?carrierId=`: one carrier's channels. */
  scope: (q: { carrierId?: string }) => (q.carrierId ? eq(channels.carrierId, q.carrierId) : undefined),
  unique: [{ member: 'code', column: channels.code }],
  values: ({ concurrencyStamp: _, ...i }: ChannelInput & { concurrencyStamp?: string }) => i,
  async validate(tx, ctx, input) {
    const [carrier] = await tx
      .select({ id: carriers.id })
      .from(carriers)
      .where(owned(ctx, carriers, eq(carriers.id, input.carrierId)));
    if (!carrier) throw fieldError('carrierId', 'Logistics::Channel:UnknownCarrier');
  },
  /** Strategies naming the channel keep it; otherwise its rate rows go with it (cascade). */
  async beforeDelete(tx, ctx, id) {
    const [user] = await tx
      .select({ name: freightStrategies.name })
      .from(freightStrategies)
      .where(
        owned(
          ctx,
          freightStrategies,
          sql`exists (select 1 from jsonb_array_elements(${freightStrategies.rules}) as rule
            where rule -> 'channelIds' @> jsonb_build_array(${id}::text) or rule ->> 'fallbackChannelId' = ${id})`,
        ),
      )
      .orderBy(asc(freightStrategies.name))
      .limit(1);
    if (user) throw businessError('Logistics::Channel:InUse', { strategy: user.name }, 400);
  },
  /** Carrier code and name, rate rows and zones of the whole page in one query. */
  async toDtos(tx, ctx, rows) {
    if (!rows.length) return [];
    const extras = await tx
      .select({
        id: channels.id,
        carrierCode: carriers.code,
        carrierName: carriers.name,
        rateCount: sql<number>`(select count(*) from ${rateRows} where ${rateRows.channelId} = ${channels.id})`.mapWith(
          Number,
        ),
        zoneCount:
          sql<number>`(select count(distinct ${rateRows.zoneId}) from ${rateRows} where ${rateRows.channelId} = ${channels.id})`.mapWith(
            Number,
          ),
      })
      .from(channels)
      .innerJoin(carriers, eq(carriers.id, channels.carrierId))
      .where(
        owned(
          ctx,
          channels,
          inArray(
            channels.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    const byId = new Map(extras.map((e) => [e.id, e]));
    return rows.map((r) => {
      const e = byId.get(r.id);
      return {
        ...r,
        ...channelDecimals(r),
        carrierCode: e?.carrierCode ?? '',
        carrierName: e?.carrierName ?? '',
        rateCount: e?.rateCount ?? 0,
        zoneCount: e?.zoneCount ?? 0,
      };
    });
  },
});

/** A channel as the freight engine reads it: its pricing and limits, its carrier, whether it may be offered. */
export type FreightChannel = Omit<
  ChannelRow,
  'tenantId' | 'creationTime' | 'creatorId' | 'lastModificationTime' | 'lastModifierId' | 'concurrencyStamp'
> & {
  carrierCode: string;
  carrierName: string;
  carrierActive: boolean;
  /** The channel and its carrier are both active. */
  active: boolean;
};

/**
 * The tenant's channels (or those of `ids`) with their carriers, by code, in one query: active ones
 * and inactive ones alike, flagged by `active` (the estimate lists the inactive as excluded).
 */
export async function activeChannels(tx: Tx, ctx: CrudContext, ids?: string[]): Promise<FreightChannel[]> {
  if (ids && !ids.length) return [];
  const rows = await tx
    .select({
      channel: channels,
      carrierCode: carriers.code,
      carrierName: carriers.name,
      carrierActive: carriers.isActive,
    })
    .from(channels)
    .innerJoin(carriers, eq(carriers.id, channels.carrierId))
    .where(owned(ctx, channels, ids ? inArray(channels.id, ids) : undefined))
    .orderBy(asc(channels.code));
  return rows.map(
    ({
      channel: {
        tenantId: _tenant,
        creationTime: _created,
        creatorId: _creator,
        lastModificationTime: _modified,
        lastModifierId: _modifier,
        concurrencyStamp: _stamp,
        ...c
      },
      ...carrier
    }) => ({
      ...c,
      ...channelDecimals(c),
      ...carrier,
      active: c.isActive && carrier.carrierActive,
    }),
  );
}
