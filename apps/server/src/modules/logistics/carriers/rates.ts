import type { RateRowInput, rateRowDto, rateTableDto } from '@seller/contracts/logistics';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type CrudContext, owned, recordChange } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { newConcurrencyStamp } from '../../../core/db/columns.ts';
import { AppError, conflict, notFound, type ValidationErrorItem } from '../../../core/errors.ts';
import { channels, rateRows, zones } from '../schema.ts';
import { decimalText } from './decimal.ts';

/**
 * A channel's rate table: read, replaced whole (all or nothing), and the freight engine's band
 * lookup. Table rules beyond the row's own (the contract's): not empty, zones of the tenant, and no
 * two rows of one zone whose weight bands and effective periods both overlap.
 */

type RateRowDto = z.infer<typeof rateRowDto>;
type RateTableDto = z.infer<typeof rateTableDto>;
type RateRow = typeof rateRows.$inferSelect;

/** How the rows of a table are named in errors: the member's index and the number a message shows. */
export interface RowNames {
  member(index: number): number;
  shown(index: number): number;
}
/** Rows of the JSON table: `rows.<index>`, shown from 1. */
export const listNames: RowNames = { member: (i) => i, shown: (i) => i + 1 };

const error = (member: string, message: string, params?: unknown[]): ValidationErrorItem => ({
  message,
  members: [member],
  params,
});

/** 400 with every refused member. */
export const refusal = (errors: ValidationErrorItem[]) =>
  new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });

/** The day as a period bound: open ends are the earliest and latest days. */
const from = (r: Pick<RateRowInput, 'effectiveFrom'>) => r.effectiveFrom ?? '0000-01-01';
const to = (r: Pick<RateRowInput, 'effectiveTo'>) => r.effectiveTo ?? '9999-12-31';

/**
 * Two rows of one zone whose bands overlap (`a.from < b.to && b.from < a.to`) and whose effective
 * periods (inclusive days) overlap: the later row is refused on `weightFrom`, naming the earlier.
 */
export function overlapErrors(rows: RateRowInput[], names: RowNames): ValidationErrorItem[] {
  const byZone = new Map<string, number[]>();
  for (const [i, r] of rows.entries()) byZone.set(r.zoneId, [...(byZone.get(r.zoneId) ?? []), i]);
  const clashes = new Map<number, number>();
  for (const indexes of byZone.values()) {
    indexes.sort((a, b) => rows[a].weightFrom - rows[b].weightFrom || a - b);
    // a sweep over the bands by their start: only bands still open at this start can overlap it
    let open: number[] = [];
    for (const b of indexes) {
      const rb = rows[b];
      open = open.filter((a) => rows[a].weightTo > rb.weightFrom);
      for (const a of open) {
        const ra = rows[a];
        if (from(ra) > to(rb) || from(rb) > to(ra)) continue;
        const [first, later] = a < b ? [a, b] : [b, a];
        if (!clashes.has(later)) clashes.set(later, first);
      }
      open.push(b);
    }
  }
  return [...clashes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([later, first]) =>
      error(`rows.${names.member(later)}.weightFrom`, 'Logistics::Rate:Overlap', [names.shown(first)]),
    );
}

/**
 * The table's rules over rows the contract accepted; zones are looked up in the tenant's and held
 * (`for share`) until the table is written, so a zone deleted meanwhile waits and then finds it in use.
 */
export async function tableErrors(
  tx: Tx,
  ctx: CrudContext,
  rows: RateRowInput[],
  names: RowNames,
): Promise<ValidationErrorItem[]> {
  if (!rows.length) return [error('rows', 'Logistics::Rate:TableEmpty')];
  const wanted = [...new Set(rows.map((r) => r.zoneId))];
  const known = new Set(
    (
      await tx
        .select({ id: zones.id })
        .from(zones)
        .where(owned(ctx, zones, inArray(zones.id, wanted)))
        .for('share')
    ).map((z) => z.id),
  );
  const unknown = rows.flatMap((r, i) =>
    known.has(r.zoneId) ? [] : [error(`rows.${names.member(i)}.zoneId`, 'Logistics::Rate:UnknownZone')],
  );
  return [...unknown, ...overlapErrors(rows, names)];
}

/** The channel, locked for the table's writers (one replaces the table at a time); 404 if not the tenant's. */
export async function lockChannel(tx: Tx, ctx: CrudContext, id: string) {
  const [channel] = await tx
    .select({ id: channels.id, currency: channels.currency, concurrencyStamp: channels.concurrencyStamp })
    .from(channels)
    .where(owned(ctx, channels, eq(channels.id, id)))
    .for('update');
  if (!channel) throw notFound('Channel', id);
  return channel;
}

const money = (r: RateRow) => ({
  firstFee: decimalText(r.firstFee),
  additionalFee: decimalText(r.additionalFee),
  baseFee: decimalText(r.baseFee),
  perKgFee: decimalText(r.perKgFee),
  flatFee: decimalText(r.flatFee),
});

/** The table's rows by zone name, then band. */
async function tableRows(tx: Tx, ctx: CrudContext, channelId: string): Promise<RateRowDto[]> {
  const rows = await tx
    .select({ row: rateRows, zoneName: zones.name })
    .from(rateRows)
    .innerJoin(zones, eq(zones.id, rateRows.zoneId))
    .where(owned(ctx, rateRows, eq(rateRows.channelId, channelId)))
    .orderBy(asc(zones.name), asc(rateRows.weightFrom), asc(rateRows.effectiveFrom), asc(rateRows.sort));
  return rows.map(({ row: { tenantId: _, channelId: __, sort: ___, ...r }, zoneName }) => ({
    ...r,
    ...money(r as RateRow),
    zoneName,
  }));
}

/** The tenant's channel's code, currency and stamp (404 otherwise). */
export async function channelOf(tx: Tx, ctx: CrudContext, id: string) {
  const [channel] = await tx
    .select({ code: channels.code, currency: channels.currency, concurrencyStamp: channels.concurrencyStamp })
    .from(channels)
    .where(owned(ctx, channels, eq(channels.id, id)));
  if (!channel) throw notFound('Channel', id);
  return channel;
}

/** The channel's rate table, in the caller's unit. */
export async function getRateTable(tx: Tx, ctx: CrudContext, channelId: string): Promise<RateTableDto> {
  const { currency, concurrencyStamp } = await channelOf(tx, ctx, channelId);
  return { channelId, currency, concurrencyStamp, rows: await tableRows(tx, ctx, channelId) };
}

/** Row count and a digest of the content, for the channel's audit record. */
async function summary(tx: Tx, ctx: CrudContext, channelId: string) {
  const r = rateRows;
  const [s] = await tx
    .select({
      rateRows: sql<number>`count(*)`.mapWith(Number),
      rateTable: sql<string>`left(md5(coalesce(string_agg(concat_ws('|', ${r.zoneId}, ${r.weightFrom}, ${r.weightTo},
        ${r.feeMode}, ${r.firstWeight}, ${r.firstFee}, ${r.additionalUnit}, ${r.additionalFee}, ${r.baseFee},
        ${r.perKgFee}, ${r.flatFee}, ${r.effectiveFrom}, ${r.effectiveTo}), ',' order by ${r.sort}), '')), 12)`,
    })
    .from(r)
    .where(owned(ctx, r, eq(r.channelId, channelId)));
  return s;
}

/** Rows per insert statement (17 parameters each, well below PostgreSQL's 65 535). */
const CHUNK = 500;

/**
 * Replaces the channel's table with `rows` (already checked), in `tx`: rows keep their ids when
 * they were the table's; the channel keeps the zones the table prices (`zoneIds`, in the rows'
 * order), its stamp is bumped (a stale `stamp` is a 409) and the change recorded as the channel's.
 */
export async function replaceRates(tx: Tx, ctx: CrudContext, channelId: string, rows: RateRowInput[], stamp?: string) {
  const channel = await lockChannel(tx, ctx, channelId);
  if (stamp && stamp !== channel.concurrencyStamp) throw conflict();
  const before = await summary(tx, ctx, channelId);
  const mine = owned(ctx, rateRows, eq(rateRows.channelId, channelId));
  const kept = new Set((await tx.select({ id: rateRows.id }).from(rateRows).where(mine)).map((r) => r.id));
  await tx.delete(rateRows).where(mine);
  const values = rows.map(({ id, ...r }, sort) => ({
    ...r,
    ...(id && kept.has(id) ? { id } : {}),
    tenantId: ctx.tenant?.id ?? null,
    channelId,
    sort,
  }));
  for (let at = 0; at < values.length; at += CHUNK) await tx.insert(rateRows).values(values.slice(at, at + CHUNK));
  const [after] = await tx
    .update(channels)
    .set({
      zoneIds: [...new Set(rows.map((r) => r.zoneId))],
      concurrencyStamp: newConcurrencyStamp(),
      lastModificationTime: new Date(),
      lastModifierId: ctx.user?.id ?? null,
    })
    .where(owned(ctx, channels, eq(channels.id, channelId)))
    .returning({ concurrencyStamp: channels.concurrencyStamp });
  recordChange(ctx, 'Channel', 1, channelId, before, await summary(tx, ctx, channelId));
  return { ...channel, concurrencyStamp: after.concurrencyStamp };
}

/** `PUT …/rates`, in the caller's transaction: the table rules, then the whole table replaced; answers the table as saved. */
export async function saveRateTable(
  tx: Tx,
  ctx: CrudContext,
  channelId: string,
  input: { rows: RateRowInput[]; concurrencyStamp?: string },
): Promise<RateTableDto> {
  await lockChannel(tx, ctx, channelId); // a 404 before any 400
  const errors = await tableErrors(tx, ctx, input.rows, listNames);
  if (errors.length) throw refusal(errors);
  const channel = await replaceRates(tx, ctx, channelId, input.rows, input.concurrencyStamp);
  return {
    channelId,
    currency: channel.currency,
    concurrencyStamp: channel.concurrencyStamp,
    rows: await tableRows(tx, ctx, channelId),
  };
}
