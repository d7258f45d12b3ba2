import type { MarketLogisticsChannelDto, MarketLogisticsChannelUpdate } from '@seller/contracts/marketplaces';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { newConcurrencyStamp } from '../../../core/db/columns.ts';
import { conflict, fieldError, notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { logisticsChannels } from '../../logistics/index.ts';
import { marketplaceFailure } from '../categories/queries.ts';
import type { PlatformLogisticsChannel } from '../clients/types.ts';
import { shopClient } from '../shops/queries.ts';
import { marketplaceLogisticsChannels as channels } from './schema.ts';
import { tenantOf } from './shop.ts';

/**
 * A shop's logistics channels as the marketplace reports them (pulled on demand), each with the
 * user's choices: whether items use it (new channels start as the marketplace has them), and the
 * tenant's own logistics channel it stands for.
 */

type Row = typeof channels.$inferSelect;

async function toDtos(tx: Tx, ctx: CrudContext, rows: Row[]): Promise<MarketLogisticsChannelDto[]> {
  const ids = [...new Set(rows.map((r) => r.logisticsChannelId).filter((v): v is string => !!v))];
  const own = ids.length
    ? await tx
        .select({ id: logisticsChannels.id, name: logisticsChannels.name })
        .from(logisticsChannels)
        .where(owned(ctx, logisticsChannels, inArray(logisticsChannels.id, ids)))
    : [];
  const names = new Map(own.map((o) => [o.id, o.name]));
  return rows.map((r) => ({
    id: r.id,
    shopId: r.shopId,
    channelId: r.channelId,
    name: r.name,
    platformEnabled: r.platformEnabled,
    codEnabled: r.codEnabled,
    feeType: r.feeType,
    maxWeightKg: r.maxWeightKg,
    enabled: r.enabled,
    logisticsChannelId: r.logisticsChannelId && names.has(r.logisticsChannelId) ? r.logisticsChannelId : null,
    logisticsChannelName: r.logisticsChannelId ? (names.get(r.logisticsChannelId) ?? null) : null,
    pulledAt: r.pulledAt,
    concurrencyStamp: r.concurrencyStamp,
  }));
}

const ofShop = (ctx: CrudContext, shopId: string) => owned(ctx, channels, eq(channels.shopId, shopId));

/** The shop's channels as last pulled, by name. */
export async function channelsOf(tx: Tx, ctx: CrudContext, shopId: string) {
  const rows = await tx.select().from(channels).where(ofShop(ctx, shopId)).orderBy(asc(channels.name)).limit(500);
  return { items: await toDtos(tx, ctx, rows) };
}

/** The shop's channels as the marketplace reports them now (read before the unit that stores them). */
export async function remoteChannels(services: Services, ctx: CrudContext, shopId: string) {
  const { client } = await shopClient(services, tenantOf(ctx), shopId);
  try {
    return (await client.logisticsChannels()).slice(0, 500);
  } catch (e) {
    marketplaceFailure(e);
  }
}

/** Stores the channels read again; the user's choices of known channels stay, channels gone are removed. */
export async function storeChannels(tx: Tx, ctx: CrudContext, shopId: string, remote: PlatformLogisticsChannel[]) {
  const pulledAt = new Date();
  const known = new Map((await tx.select().from(channels).where(ofShop(ctx, shopId))).map((r) => [r.channelId, r]));
  for (const c of remote) {
    const facts = {
      name: c.name.slice(0, 255),
      platformEnabled: c.enabled,
      codEnabled: c.codEnabled,
      feeType: c.feeType,
      maxWeightKg: c.maxWeightKg,
      pulledAt,
    };
    const row = known.get(c.id);
    if (row)
      await tx
        .update(channels)
        .set(facts)
        .where(owned(ctx, channels, eq(channels.id, row.id)));
    else
      await tx
        .insert(channels)
        .values({ tenantId: ctx.tenant?.id ?? null, shopId, channelId: c.id, enabled: c.enabled, ...facts });
  }
  const ids = remote.map((c) => c.id);
  await tx
    .delete(channels)
    .where(and(ofShop(ctx, shopId), ids.length ? notInArray(channels.channelId, ids) : undefined));
}

/** The user's choices for one channel (by the marketplace's channel id). */
export async function updateChannel(
  tx: Tx,
  ctx: CrudContext,
  shopId: string,
  channelId: string,
  input: MarketLogisticsChannelUpdate,
) {
  const [row] = await tx
    .select()
    .from(channels)
    .where(and(ofShop(ctx, shopId), eq(channels.channelId, channelId)))
    .limit(1);
  if (!row) throw notFound('MarketLogisticsChannel', channelId);
  if (input.concurrencyStamp && input.concurrencyStamp !== row.concurrencyStamp) throw conflict();
  if (input.logisticsChannelId) {
    const [own] = await tx
      .select({ id: logisticsChannels.id })
      .from(logisticsChannels)
      .where(owned(ctx, logisticsChannels, eq(logisticsChannels.id, input.logisticsChannelId)));
    if (!own) throw fieldError('logisticsChannelId', 'MarketItems::UnknownLogisticsChannel');
  }
  const [after] = await tx
    .update(channels)
    .set({
      enabled: input.enabled,
      logisticsChannelId: input.logisticsChannelId,
      concurrencyStamp: newConcurrencyStamp(),
    })
    .where(owned(ctx, channels, eq(channels.id, row.id)))
    .returning();
  return (await toDtos(tx, ctx, [after]))[0]!;
}

/** The tenant's own active logistics channels, for the link select. */
export async function ownChannelOptions(tx: Tx, ctx: CrudContext) {
  return {
    items: await tx
      .select({ id: logisticsChannels.id, code: logisticsChannels.code, name: logisticsChannels.name })
      .from(logisticsChannels)
      .where(owned(ctx, logisticsChannels, eq(logisticsChannels.isActive, true)))
      .orderBy(asc(logisticsChannels.name))
      .limit(500),
  };
}
