import {
  type GatherDetailDto,
  type GatherDto,
  type GatherInput,
  type GatherListItem,
  type GatherLogAction,
  type GatherLogDto,
  type GatherOrigin,
  type GatherStatus,
  gatherList,
  platformOfUrl,
  sourceWeightG,
} from '@seller/contracts/catalog';
import { Decimal } from 'decimal.js';
import { asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, deleteOwned, getOwned, insertOwned, owned, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { businessError } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import { type GatherSku, gatherLogs, gathers } from './schema.ts';
import { itemIdOf, moneyText } from './sources.ts';

/**
 * The gathered products (采集箱): create from a product body (extension, form, upload row, URL
 * job, seed), list with filters and counts per status, detail with the log, status changes and
 * notes, delete. Claiming is in `claim.ts`.
 */

export type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
export type Gather = typeof gathers.$inferSelect;
export const ENTITY = 'Gather';
const LOG = 'GatherLog';
const LOGS_SHOWN = 200;

/** Who did it, as a log entry and the gatherer columns keep it. */
export interface Actor {
  id: string | null;
  name: string | null;
}
export const actorOf = (ctx: CrudContext): Actor => ({ id: ctx.user?.id ?? null, name: ctx.user?.userName ?? null });

// ---------- DTOs ----------

const optionNamesOf = (skus: GatherSku[]) => (skus[0] ? skus[0].options.map(([name]) => name) : []);

/** What a gather's detail and its list row answer alike: the stored texts typed, prices as money text, the first image. */
const summaryOf = (row: Pick<Gather, 'sourcePlatform' | 'status' | 'origin' | 'priceMin' | 'priceMax' | 'images'>) => ({
  sourcePlatform: row.sourcePlatform as GatherDto['sourcePlatform'],
  status: row.status as GatherStatus,
  origin: row.origin as GatherOrigin,
  priceMin: moneyText(row.priceMin),
  priceMax: moneyText(row.priceMax),
  mainImage: row.images[0] ?? null,
});

function toDto({ tenantId: _, ...row }: Gather): GatherDto {
  return {
    ...row,
    ...summaryOf(row),
    skus: row.skus.map((s) => ({ ...s, options: Object.fromEntries(s.options), price: moneyText(s.price) })),
    optionNames: optionNamesOf(row.skus),
    sourceWeightG: sourceWeightG(row.attributes),
  };
}

const toLogDto = ({ tenantId: _t, gatherId: _g, ...row }: typeof gatherLogs.$inferSelect): GatherLogDto => ({
  ...row,
  action: row.action as GatherLogAction,
});

async function logsOf(tx: Tx, ctx: Ctx, gatherId: string) {
  const rows = await tx
    .select()
    .from(gatherLogs)
    .where(owned(ctx, gatherLogs, eq(gatherLogs.gatherId, gatherId)))
    .orderBy(desc(gatherLogs.creationTime), desc(gatherLogs.id))
    .limit(LOGS_SHOWN);
  return rows.map(toLogDto);
}

export async function detail(tx: Tx, ctx: Ctx, id: string): Promise<GatherDetailDto> {
  const row = await getOwned(tx, ctx, gathers, ENTITY, id);
  return { ...toDto(row), logs: await logsOf(tx, ctx, id) };
}

/** Appends a log entry to an item. */
export async function writeLog(
  tx: Tx,
  ctx: Ctx,
  gatherId: string,
  action: GatherLogAction,
  extra: { text?: string | null; productId?: string; productSku?: string; actor?: Actor; at?: Date } = {},
) {
  const actor = extra.actor ?? actorOf(ctx);
  return insertOwned(tx, ctx, gatherLogs, LOG, {
    gatherId,
    action,
    text: extra.text ?? null,
    productId: extra.productId ?? null,
    productSku: extra.productSku ?? null,
    userId: actor.id,
    userName: actor.name,
    // the statement's clock, not the transaction's: entries of one unit of work keep their order
    creationTime: extra.at ?? new Date(),
  });
}

// ---------- writes ----------

/**
 * The row for a checked input: platform from the URL when not given, item id from the URL when
 * the platform's pattern finds it, prices from the SKUs when not given.
 */
export function gatherValues(input: GatherInput) {
  const sourcePlatform = input.sourcePlatform ?? platformOfUrl(input.sourceUrl);
  const prices = input.skus.map((s) => new Decimal(s.price));
  const min = input.priceMin ?? (prices.length ? Decimal.min(...prices).toString() : '0');
  const max = input.priceMax ?? (prices.length ? Decimal.max(...prices).toString() : min);
  return {
    sourcePlatform,
    sourceUrl: input.sourceUrl,
    sourceItemId: input.sourceItemId ?? itemIdOf(sourcePlatform, input.sourceUrl),
    title: input.title,
    descriptionHtml: input.descriptionHtml,
    images: [...new Set(input.images)],
    priceMin: min,
    priceMax: new Decimal(max).lessThan(min) ? min : max,
    currency: input.currency,
    skus: input.skus.map((s) => ({
      sourceSkuId: s.sourceSkuId,
      options: Object.entries(s.options),
      price: s.price,
      stock: s.stock,
      image: s.image,
    })),
    attributes: input.attributes,
    supplierName: input.supplierName,
    supplierShopUrl: input.supplierShopUrl,
  };
}

/** Creates one item and its first log entry inside the caller's transaction. */
export async function insertGather(
  tx: Tx,
  ctx: Ctx,
  input: GatherInput,
  origin: GatherOrigin,
  opts: { actor?: Actor; gatheredAt?: Date; status?: GatherStatus } = {},
): Promise<Gather> {
  const actor = opts.actor ?? actorOf(ctx);
  const row = await insertOwned(tx, ctx, gathers, ENTITY, {
    ...gatherValues(input),
    origin,
    status: opts.status ?? 'NEW',
    gathererId: actor.id,
    gathererName: actor.name,
    ...(opts.gatheredAt ? { gatheredAt: opts.gatheredAt, creationTime: opts.gatheredAt } : {}),
  });
  await writeLog(tx, ctx, row.id, 'Gathered', { actor, text: origin, at: opts.gatheredAt });
  return row;
}

/** The tenant's first item gathered from one of `urls` (as entered or as resolved), or null. */
export async function gatheredBefore(tx: Tx, ctx: Ctx, urls: readonly string[]): Promise<string | null> {
  const [found] = await tx
    .select({ id: gathers.id })
    .from(gathers)
    .where(owned(ctx, gathers, inArray(gathers.sourceUrl, [...new Set(urls)])))
    .orderBy(asc(gathers.gatheredAt))
    .limit(1);
  return found?.id ?? null;
}

/**
 * Refuses a second item of a source URL the tenant has gathered already: 409 whose
 * `data.gatherId` names the item, so the page can link to it.
 */
export async function refuseGathered(tx: Tx, ctx: Ctx, url: string) {
  const gatherId = await gatheredBefore(tx, ctx, [url]);
  if (gatherId) throw businessError(ALREADY_GATHERED, { gatherId }, 409);
}
export const ALREADY_GATHERED = 'Catalog::Gather:AlreadyGathered';

// ---------- the list ----------

const listFields = {
  id: gathers.id,
  sourcePlatform: gathers.sourcePlatform,
  sourceUrl: gathers.sourceUrl,
  sourceItemId: gathers.sourceItemId,
  title: gathers.title,
  images: gathers.images,
  priceMin: gathers.priceMin,
  priceMax: gathers.priceMax,
  currency: gathers.currency,
  // the first SKU row's option names, in order (the detail reads them the same way)
  optionNames: sql<
    string[]
  >`coalesce((select array_agg(o.e ->> 0 order by o.n) from jsonb_array_elements(catalog_gathers.skus -> 0 -> 'options') with ordinality as o(e, n)), '{}')`,
  skuCount: sql<number>`jsonb_array_length(catalog_gathers.skus)`.mapWith(Number),
  supplierName: gathers.supplierName,
  supplierShopUrl: gathers.supplierShopUrl,
  status: gathers.status,
  claimCount: gathers.claimCount,
  origin: gathers.origin,
  gathererId: gathers.gathererId,
  gathererName: gathers.gathererName,
  gatheredAt: gathers.gatheredAt,
  creationTime: gathers.creationTime,
  creatorId: gathers.creatorId,
  lastModificationTime: gathers.lastModificationTime,
  lastModifierId: gathers.lastModifierId,
  concurrencyStamp: gathers.concurrencyStamp,
};
const listRows = (tx: Tx) => tx.select(listFields).from(gathers).$dynamic();
type ListRow = Awaited<ReturnType<typeof listRows>>[number];

/** The list declared in the contracts (`gatherList`): its page, `/counts` per status and `/export`. */
export const gatherListService = listService(gatherList, {
  table: gathers,
  rows: listRows,
  search: [gathers.title, gathers.sourceUrl, gathers.sourceItemId, gathers.supplierName],
  filters: {
    platform: gathers.sourcePlatform,
    gathererId: gathers.gathererId,
    gathered: gathers.gatheredAt,
  },
  tab: gathers.status,
  sorts: {
    gatheredAt: gathers.gatheredAt,
    title: gathers.title,
    priceMin: gathers.priceMin,
    claimCount: gathers.claimCount,
    sourcePlatform: gathers.sourcePlatform,
    status: gathers.status,
  },
  items: (_tx, _ctx, rows: ListRow[]): GatherListItem[] =>
    rows.map((r) => ({ ...r, ...summaryOf(r), optionNames: r.optionNames ?? [] })),
});

/** Who has gathered in this tenant (at most 500, by name), for the gatherer filter. */
export async function gatherersOf(tx: Tx, ctx: Ctx) {
  const rows = await tx
    .selectDistinct({ id: gathers.gathererId, name: gathers.gathererName })
    .from(gathers)
    .where(owned(ctx, gathers, isNotNull(gathers.gathererId)))
    .orderBy(asc(gathers.gathererName), asc(gathers.gathererId))
    .limit(500);
  // one entry per user: the name kept on their latest row wins only by order, which is enough for a filter
  const seen = new Map<string, string>();
  for (const r of rows) if (r.id && !seen.has(r.id)) seen.set(r.id, r.name ?? r.id);
  return { items: [...seen].map(([id, name]) => ({ id, name })) };
}

export const removeGather = (tx: Tx, ctx: Ctx, id: string) => deleteOwned(tx, ctx, gathers, ENTITY, id);

export async function setAsClaimed(tx: Tx, ctx: Ctx, id: string, text: string | null) {
  await getOwned(tx, ctx, gathers, ENTITY, id);
  await updateOwned(tx, ctx, gathers, ENTITY, id, { status: 'CLAIMED' });
  await writeLog(tx, ctx, id, 'MarkedClaimed', { text });
}

export async function setStatus(tx: Tx, ctx: Ctx, id: string, status: 'NEW' | 'IGNORED', text: string | null) {
  const before = await getOwned(tx, ctx, gathers, ENTITY, id);
  if (before.status !== status) await updateOwned(tx, ctx, gathers, ENTITY, id, { status });
  await writeLog(tx, ctx, id, status === 'IGNORED' ? 'Ignored' : 'Restored', { text });
}

/** A note on the item's log: the entry as the drawer shows it. */
export async function addNote(tx: Tx, ctx: Ctx, id: string, text: string) {
  await getOwned(tx, ctx, gathers, ENTITY, id);
  return toLogDto(await writeLog(tx, ctx, id, 'Note', { text }));
}

/**
 * Runs `fn` for each of `keys` under a savepoint of the one unit: a refused row is undone alone
 * and answers with its error (the caller's `failed`); the others go on.
 */
export async function eachUnderSavepoint<K, R>(
  tx: Tx,
  keys: K[],
  fn: (key: K) => Promise<R>,
  failed: (key: K, e: unknown) => R,
): Promise<R[]> {
  const out: R[] = [];
  for (const key of keys) {
    await tx.execute(sql`savepoint gather_row`);
    try {
      const r = await fn(key);
      await tx.execute(sql`release savepoint gather_row`);
      out.push(r);
    } catch (e) {
      await tx.execute(sql`rollback to savepoint gather_row`);
      out.push(failed(key, e));
    }
  }
  return out;
}

/** Deletes each id under its own savepoint; a missing one is a failed row, the others go on. */
export async function removeGathers(tx: Tx, ctx: Ctx, ids: string[]) {
  const items = await eachUnderSavepoint(
    tx,
    ids,
    async (id): Promise<BulkRow> => {
      await removeGather(tx, ctx, id);
      return { id, ok: true, error: null, productId: null, sku: null };
    },
    (id, e) => ({ id, ok: false, error: errorText(e, ctx), productId: null, sku: null }),
  );
  return bulkResult(items);
}

// ---------- bulk results ----------

export interface BulkRow {
  id: string;
  ok: boolean;
  error: string | null;
  productId: string | null;
  sku: string | null;
}

export const bulkResult = (items: BulkRow[]) => ({
  items,
  succeeded: items.filter((i) => i.ok).length,
  failed: items.filter((i) => !i.ok).length,
});

/**
 * The text a failed row shows: an application error's message (its first field error's, with
 * the field) in the caller's language; anything else is not the user's to read.
 */
export function errorText(e: unknown, ctx: Ctx): string {
  const culture = ctx.culture;
  if (e && typeof e === 'object' && 'messageKey' in e) {
    const err = e as {
      messageKey: string;
      params?: unknown;
      validationErrors: { message: string; members: string[]; params?: unknown[] }[] | null;
    };
    const first = err.validationErrors?.[0];
    if (first) {
      const member = first.members[0] ?? '';
      const text = t(culture, first.message, first.params);
      return member && !text.includes(member) ? `${member}: ${text}` : text;
    }
    return t(culture, err.messageKey, (err.params ?? []) as never);
  }
  return t(culture, 'Catalog::Gather:RowFailed');
}
