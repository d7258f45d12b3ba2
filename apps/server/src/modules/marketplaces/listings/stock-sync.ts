import { ruleQuantity, type StockRuleDto, type StockRuleInput, stockPushList } from '@seller/contracts/marketplaces';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { type CrudContext, owned, selectRows } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { tenantKey } from '../../../core/db/columns.ts';
import { AppError } from '../../../core/errors.ts';
import { defineEvent } from '../../../core/events.ts';
import { RetryLater } from '../../../core/jobs.ts';
import { type ListContext, listService } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { MarketplaceError } from '../clients/errors.ts';
import type { PriceStockRow, RowOutcome } from '../clients/types.ts';
import { marketplaceItems } from '../items/schema.ts';
import { getShop, shopClient } from '../shops/queries.ts';
import { levelsOf, ruleOf, ruleQuantities } from '../stock-rules/queries.ts';
import { stockLevels, stockPending, stockPushes, stockRules } from '../stock-rules/schema.ts';
import { listingSkus, listings } from './schema.ts';

export { levelsOf, ruleOf, ruleQuantities };

export type Ctx = CrudContext;
export interface StockLevel {
  sku: string;
  available: number;
}

export const STOCK_PUSH_JOB = 'marketplaces.stock-sync.push';

/**
 * How long a shop's push waits for more moves (seconds): every move inside the window joins the
 * one queued push. Tests and benches shorten it.
 */
export const stockSyncTuning = { delaySeconds: 3 };

/** SKUs of these shops wait for a push; `now` skips the wait (push now). */
export const StockPushWanted = defineEvent<{ tenantId: string | null; shopIds: string[]; now: boolean }>(
  'marketplaces.stock-push-wanted',
);

/**
 * The (shop, SKU) pairs of items pulled from the shops (`marketplace_items`: those published
 * elsewhere or before this product, as well as ours) whose SKU the stock ledger knows: a seller SKU
 * that is not one of ours is never pushed, so its stock on the marketplace is left alone.
 */
async function pulledItemPairs(
  tx: Tx,
  ctx: Ctx,
  opts: { skus?: string[]; shopId?: string },
): Promise<{ shopId: string; sku: string }[]> {
  if (opts.skus?.length === 0) return [];
  const tenantId = ctx.tenant?.id ?? null;
  return selectRows(
    tx,
    sql`select distinct mi.shop_id, s.e ->> 'sellerSku'
      from ${marketplaceItems} mi
      cross join lateral jsonb_array_elements(mi.skus) as s(e)
      join ${stockLevels} l on l.sku = s.e ->> 'sellerSku' and l.tenant_id is not distinct from mi.tenant_id
      where mi.tenant_id is not distinct from ${tenantId}
      ${opts.shopId ? sql`and mi.shop_id = ${opts.shopId}` : sql``}
      ${
        opts.skus
          ? sql`and s.e ->> 'sellerSku' in (${sql.join(
              opts.skus.map((v) => sql`${v}`),
              sql`, `,
            )})`
          : sql``
      }`,
    (r) => ({ shopId: String(r[0]), sku: String(r[1]) }),
  );
}

/**
 * Marks SKUs as waiting for a push (a new mark each time): those of the listings `where` selects,
 * and those of the items pulled from the shops that `items` selects; the shops touched.
 */
async function markPending(
  tx: Tx,
  ctx: Ctx,
  where: ReturnType<typeof and>,
  items: { skus?: string[]; shopId?: string },
): Promise<string[]> {
  const listed = await tx
    .selectDistinct({ shopId: listings.shopId, sku: listingSkus.sellerSku })
    .from(listingSkus)
    .innerJoin(listings, eq(listings.id, listingSkus.listingId))
    .where(owned(ctx, listings, isNotNull(listings.platformItemId), where));
  const pairs = new Map<string, { shopId: string; sku: string }>();
  for (const p of [...listed, ...(await pulledItemPairs(tx, ctx, items))]) pairs.set(`${p.shopId}|${p.sku}`, p);
  const targets = [...pairs.values()];
  if (!targets.length) return [];
  const tenantId = ctx.tenant?.id ?? null;
  await tx
    .insert(stockPending)
    .values(targets.map((t) => ({ tenantId, shopId: t.shopId, sku: t.sku })))
    .onConflictDoUpdate({ target: [stockPending.shopId, stockPending.sku], set: { mark: sql`gen_random_uuid()` } });
  return [...new Set(targets.map((t) => t.shopId))].sort();
}

/**
 * Order management's stock moved: records the SKUs' available stock in the mover's transaction
 * and marks every listing of them, in every shop, as waiting for a push; the shops' pushes are
 * queued after the commit (`StockPushWanted`).
 */
export async function recordStockLevels(services: Pick<Services, 'events'>, tx: Tx, ctx: Ctx, levels: StockLevel[]) {
  if (!levels.length) return;
  const tenantId = ctx.tenant?.id ?? null;
  const bySku = new Map(levels.map((l) => [l.sku, Math.max(0, Math.trunc(l.available))]));
  // upserted on the unique (tenant, SKU) expression index, which drizzle's conflict target cannot name
  const rows = sql.join(
    [...bySku].map(([sku, available]) => sql`(${tenantId}::uuid, ${sku}, ${available}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${stockLevels} (tenant_id, sku, available) values ${rows}
      on conflict (${tenantKey}, sku) do update set available = excluded.available, updated_at = now()`,
  );
  const shopIds = await markPending(tx, ctx, inArray(listingSkus.sellerSku, [...bySku.keys()]), {
    skus: [...bySku.keys()],
  });
  if (shopIds.length) await services.events.emit(tx, StockPushWanted, { tenantId, shopIds, now: false });
}

/**
 * A listing just reached its marketplace with `sent` quantities, read when its item was drafted:
 * when the stock moved meanwhile (the move found no item to push to), its SKUs wait for a push now.
 * `sent` null (the item was found from an earlier run) pushes them whatever they are.
 */
export async function listingCreated(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  listing: { id: string; shopId: string },
  sent: ReadonlyMap<string, number> | null,
) {
  if (sent) {
    const now = await ruleQuantities(tx, ctx, listing.shopId, [...sent.keys()]);
    if ([...now].every(([sku, quantity]) => sent.get(sku) === quantity)) return;
  }
  const shopIds = await markPending(tx, ctx, eq(listings.id, listing.id), { skus: [] });
  if (shopIds.length)
    await services.events.emit(tx, StockPushWanted, { tenantId: ctx.tenant?.id ?? null, shopIds, now: false });
}

/** Sets the shop's rule (404 for another tenant's shop); every listing of the shop is pushed again. */
export async function setRule(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  shopId: string,
  input: StockRuleInput,
) {
  await getShop(tx, ctx, shopId);
  const values = {
    mode: input.mode,
    share: input.mode === 'SHARE' ? (input.share ?? null) : null,
    cap: input.mode === 'CAP' ? (input.cap ?? null) : null,
    updatedAt: new Date(),
  };
  await tx
    .insert(stockRules)
    .values({ tenantId: ctx.tenant?.id ?? null, shopId, ...values })
    .onConflictDoUpdate({ target: stockRules.shopId, set: values });
  await pushAll(services, tx, ctx, shopId, false);
}

/** Every listed SKU of the shop waits for a push (now, or after the usual wait); how many. */
export async function pushAll(services: Pick<Services, 'events'>, tx: Tx, ctx: Ctx, shopId: string, now: boolean) {
  await getShop(tx, ctx, shopId);
  await markPending(tx, ctx, eq(listings.shopId, shopId), { shopId });
  const [{ n }] = (await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stockPending)
    .where(owned(ctx, stockPending, eq(stockPending.shopId, shopId)))) as [{ n: number }];
  if (n) await services.events.emit(tx, StockPushWanted, { tenantId: ctx.tenant?.id ?? null, shopIds: [shopId], now });
  return n;
}

/** The shop's rule as the API answers it (404 for another tenant's shop). */
export async function ruleView(tx: Tx, ctx: Ctx, shopId: string): Promise<StockRuleDto> {
  await getShop(tx, ctx, shopId);
  const rule = await ruleOf(tx, ctx, shopId);
  const [{ n }] = (await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stockPending)
    .where(owned(ctx, stockPending, eq(stockPending.shopId, shopId)))) as [{ n: number }];
  return { shopId, ...rule, pending: n };
}

/** Queues a shop's push: one queued per shop (the queue is `stately`), so moves inside the wait join it. */
export async function sendStockPush(services: Services, tenantId: string | null, shopId: string, now: boolean) {
  await services.jobs.send(
    STOCK_PUSH_JOB,
    { tenantId, shopId },
    { singletonKey: `${tenantId ?? 'host'}:${shopId}`, ...(now ? {} : { startAfter: stockSyncTuning.delaySeconds }) },
  );
}

interface Target {
  /** The listing published from here, or null for an item pulled from the shop. */
  listingId: string | null;
  /** The pulled item's row, when the target is one. */
  marketItemId: string | null;
  itemId: string;
  skuId: string | null;
  sku: string;
  productName: string;
}

/**
 * The push job of one shop: reads the SKUs waiting and their available stock as they are now (so
 * the last move wins), sends each listing its quantity under the shop's rule, logs every SKU, and
 * clears the SKUs the marketplace took (unless they moved meanwhile). A failure leaves its SKUs
 * waiting and fails the run, which the queue retries (a rate limit is a wait, `RetryLater`).
 */
export async function pushShopStock(
  services: Services,
  data: { tenantId: string | null; shopId: string },
  attempt = 1,
): Promise<{ pushed: number; failed: number }> {
  const tenant: CurrentTenant | null = data.tenantId ? await services.tenants.find(data.tenantId) : null;
  if (data.tenantId && !tenant) return { pushed: 0, failed: 0 };
  const ctx = systemContext(tenant);
  const work = await services.data.inTenant(ctx, async (tx) => {
    const pending = await tx
      .select({ sku: stockPending.sku, mark: stockPending.mark })
      .from(stockPending)
      .where(owned(ctx, stockPending, eq(stockPending.shopId, data.shopId)));
    if (!pending.length) return null;
    const skus = pending.map((p) => p.sku);
    const targets: Target[] = await tx
      .select({
        listingId: listings.id,
        itemId: listings.platformItemId,
        skuId: listingSkus.platformSkuId,
        sku: listingSkus.sellerSku,
        productName: listings.productName,
      })
      .from(listingSkus)
      .innerJoin(listings, eq(listings.id, listingSkus.listingId))
      .where(
        owned(
          ctx,
          listings,
          eq(listings.shopId, data.shopId),
          isNotNull(listings.platformItemId),
          inArray(listingSkus.sellerSku, skus),
        ),
      )
      .then((rows) => rows.map((r) => ({ ...r, itemId: r.itemId!, marketItemId: null })));
    // the shop's pulled items carrying these SKUs that no listing of ours stands for
    const ours = new Set(targets.map((t) => t.itemId));
    const pulled = await selectRows(
      tx,
      sql`select mi.id, mi.item_id, s.e ->> 'skuId', s.e ->> 'sellerSku', mi.name
        from ${marketplaceItems} mi
        cross join lateral jsonb_array_elements(mi.skus) as s(e)
        where mi.tenant_id is not distinct from ${ctx.tenant?.id ?? null} and mi.shop_id = ${data.shopId}
          and s.e ->> 'sellerSku' in (${sql.join(
            skus.map((v) => sql`${v}`),
            sql`, `,
          )})`,
      (r): Target => ({
        listingId: null,
        marketItemId: String(r[0]),
        itemId: String(r[1]),
        skuId: r[2] === null ? null : String(r[2]),
        sku: String(r[3]),
        productName: String(r[4]),
      }),
    );
    targets.push(...pulled.filter((t) => !ours.has(t.itemId)));
    return { pending, targets, rule: await ruleOf(tx, ctx, data.shopId), levels: await levelsOf(tx, ctx, skus) };
  });
  if (!work) return { pushed: 0, failed: 0 };
  const quantityOf = (sku: string) => ruleQuantity(work.rule, work.levels.get(sku) ?? 0);
  const outcomes = new Map<string, RowOutcome>();
  let failure: unknown = null;
  try {
    const { client } = await shopClient(services, tenant, data.shopId);
    const byItem = new Map<string, Target[]>();
    for (const t of work.targets) byItem.set(t.itemId, [...(byItem.get(t.itemId) ?? []), t]);
    for (const [itemId, rows] of byItem) {
      const sent: PriceStockRow[] = rows.map((r) => ({
        sellerSku: r.sku,
        skuId: r.skuId,
        quantity: quantityOf(r.sku),
      }));
      try {
        for (const o of await client.updatePriceStock(itemId, sent)) outcomes.set(`${itemId}|${o.sellerSku}`, o);
      } catch (e) {
        failure ??= e;
        for (const r of rows)
          outcomes.set(`${itemId}|${r.sku}`, { sellerSku: r.sku, ok: false, message: messageOf(e) });
      }
    }
  } catch (e) {
    failure = e;
    for (const r of work.targets)
      outcomes.set(`${r.itemId}|${r.sku}`, { sellerSku: r.sku, ok: false, message: messageOf(e) });
  }
  const failedSkus = new Set(work.targets.filter((t) => !outcomes.get(`${t.itemId}|${t.sku}`)?.ok).map((t) => t.sku));
  await services.data.inTenant(ctx, async (tx) => {
    const tenantId = ctx.tenant?.id ?? null;
    if (work.targets.length)
      await tx.insert(stockPushes).values(
        work.targets.map((t) => {
          const o = outcomes.get(`${t.itemId}|${t.sku}`);
          return {
            tenantId,
            shopId: data.shopId,
            sku: t.sku,
            productName: t.productName,
            available: work.levels.get(t.sku) ?? 0,
            quantity: quantityOf(t.sku),
            ok: o?.ok ?? false,
            message: o?.message?.slice(0, 1000) ?? null,
            attempt,
          };
        }),
      );
    const done = work.targets.filter((t) => outcomes.get(`${t.itemId}|${t.sku}`)?.ok);
    for (const t of done)
      if (t.listingId)
        await tx
          .update(listingSkus)
          .set({ quantity: quantityOf(t.sku) })
          .where(and(eq(listingSkus.listingId, t.listingId), eq(listingSkus.sellerSku, t.sku)));
    await recordPulledQuantities(tx, ctx, done, quantityOf);
    const touched = [...new Set(done.flatMap((t) => (t.listingId ? [t.listingId] : [])))];
    if (touched.length)
      await tx
        .update(listings)
        .set({
          stock: sql`(select coalesce(sum(${listingSkus.quantity}), 0) from ${listingSkus} where ${listingSkus.listingId} = ${listings.id})`,
        })
        .where(owned(ctx, listings, inArray(listings.id, touched)));
    // what was taken (or has no listing any more) stops waiting, unless it moved meanwhile
    const cleared = work.pending.filter((p) => !failedSkus.has(p.sku));
    for (const p of cleared)
      await tx
        .delete(stockPending)
        .where(and(eq(stockPending.shopId, data.shopId), eq(stockPending.sku, p.sku), eq(stockPending.mark, p.mark)));
  });
  if (failure instanceof MarketplaceError && failure.kind === 'rateLimit') throw new RetryLater(failure.message);
  if (failure) throw failure;
  if (failedSkus.size) throw new Error(`${failedSkus.size} SKU(s) refused by the marketplace`);
  return { pushed: work.targets.length, failed: 0 };
}

/** The pulled items' copies of what the marketplace now holds: each pushed SKU's quantity, the item's total. */
async function recordPulledQuantities(tx: Tx, ctx: Ctx, done: Target[], quantityOf: (sku: string) => number) {
  const byItem = new Map<string, Set<string>>();
  for (const t of done)
    if (t.marketItemId) byItem.set(t.marketItemId, (byItem.get(t.marketItemId) ?? new Set()).add(t.sku));
  if (!byItem.size) return;
  const rows = await tx
    .select({ id: marketplaceItems.id, skus: marketplaceItems.skus })
    .from(marketplaceItems)
    .where(owned(ctx, marketplaceItems, inArray(marketplaceItems.id, [...byItem.keys()])));
  for (const row of rows) {
    const pushed = byItem.get(row.id)!;
    const skus = row.skus.map((k) => (pushed.has(k.sellerSku) ? { ...k, quantity: quantityOf(k.sellerSku) } : k));
    await tx
      .update(marketplaceItems)
      .set({ skus, stock: skus.reduce((n, k) => n + k.quantity, 0) })
      .where(eq(marketplaceItems.id, row.id));
  }
}

/**
 * A failed push in the log's words (the seller's language, as the listing worker's): the
 * marketplace's own answer when it refused the quantity, what to do when the shop lost its
 * authorization or the marketplace could not be reached, a refusal of ours in its text; never an
 * internal error's text (the queue keeps that, and retries).
 */
function messageOf(e: unknown): string {
  const say = (key: string, args?: unknown[] | Record<string, unknown>) => t('zh-Hans', key, args);
  if (e instanceof MarketplaceError) {
    if (e.kind === 'auth') return say('Listings::ShopReauthorize', [e.message]);
    if (e.kind === 'rateLimit') return say('StockSync::Failure:RateLimited');
    if (e.kind === 'transient') return say('StockSync::Failure:Unreachable', [e.code]);
    return `${e.message} (${e.code})`.slice(0, 1000);
  }
  if (e instanceof AppError) return say(e.messageKey, e.params);
  return say('StockSync::Failure:Internal');
}

/** A shop's push log (`stockPushList`) of the shop the path names: the viewer's shop, else 404. */
export const stockPushListService = listService(stockPushList, {
  table: stockPushes,
  filters: { failed: (only: boolean) => (only ? eq(stockPushes.ok, false) : undefined) },
  search: [stockPushes.sku, stockPushes.productName],
  sorts: { at: stockPushes.at },
  async guard(services: Services, ctx: ListContext, q: Record<string, unknown>) {
    await services.data.inTenant(ctx, (tx) => getShop(tx, ctx, q.id as string));
  },
  scope: (_s, _tx, _ctx, q) => (q.id ? eq(stockPushes.shopId, q.id as string) : undefined),
  items: (_tx, _ctx, rows: (typeof stockPushes.$inferSelect)[]) => rows.map((r) => ({ ...r, at: r.at.toISOString() })),
});
