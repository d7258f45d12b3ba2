import { type ItemPullDto, type MarketItemDto, marketItemList, RegionCurrencies } from '@seller/contracts/marketplaces';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fromExcluded } from '../../../core/db/upsert.ts';
import { fieldError, notFound } from '../../../core/errors.ts';
import { defineEvent } from '../../../core/events.ts';
import { listService } from '../../../core/lists.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProducts, catalogProductVariants } from '../../catalog/index.ts';
import { marketplaceFailure } from '../categories/queries.ts';
import type { RemoteItem } from '../clients/types.ts';
import { shopClient } from '../shops/queries.ts';
import { type MarketItemSku, marketplaceItemPulls, marketplaceItems } from './schema.ts';
import { assertOwnShop, tenantOf } from './shop.ts';

/**
 * The items of a shop as the marketplace has them, pulled by a durable job into a table per shop,
 * linked to the catalogue by seller SKU (the product's SKU, or one of its variants' SKUs, any case),
 * and the sync actions: push the catalogue's price (and a stock) to chosen items, and pull their
 * status again. Rules for users: the price pushed is the catalogue's own price of the linked SKU
 * (the variant's, else the product's), sent as it is in the site's currency.
 */

export type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
export const ITEMS_PULL_JOB = 'marketplaces.items.pull';
/** Pages of this many items; a pull reads at most `PULL_MAX_PAGES` pages (10 000 items). */
export const PULL_PAGE = 50;
export const PULL_MAX_PAGES = 200;

/** `12.5000` → `12.50`: at least two fraction digits, trailing zeros past them dropped. */
export function decimalText(value: string): string {
  const [whole, fraction = ''] = value.trim().split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

type ItemRow = typeof marketplaceItems.$inferSelect;

async function productNames(tx: Tx, ctx: CrudContext, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: catalogProducts.id, name: catalogProducts.name })
    .from(catalogProducts)
    .where(owned(ctx, catalogProducts, inArray(catalogProducts.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function toDtos(tx: Tx, ctx: CrudContext, rows: ItemRow[]): Promise<MarketItemDto[]> {
  const names = await productNames(tx, ctx, [...new Set(rows.map((r) => r.productId).filter((v): v is string => !!v))]);
  return rows.map((r) => ({
    id: r.id,
    shopId: r.shopId,
    itemId: r.itemId,
    sellerSku: r.sellerSku,
    name: r.name,
    rawStatus: r.rawStatus,
    status: r.status,
    rejectReason: r.rejectReason,
    price: r.price === null ? null : decimalText(r.price),
    stock: r.stock,
    currency: r.currency,
    skus: r.skus,
    productId: r.productId && names.has(r.productId) ? r.productId : null,
    productName: r.productId ? (names.get(r.productId) ?? null) : null,
    pulledAt: r.pulledAt,
  }));
}

const pullDto = (p: typeof marketplaceItemPulls.$inferSelect): ItemPullDto => ({
  id: p.id,
  shopId: p.shopId,
  status: p.status,
  done: p.done,
  error: p.error,
  creationTime: p.creationTime,
  completionTime: p.completionTime,
});

/** Catalogue SKUs (lower-cased) → the product they belong to and their own price (exact text). */
export async function catalogSkus(tx: Tx, ctx: CrudContext, skus: string[]) {
  const wanted = [...new Set(skus.map((s) => s.toLowerCase()))];
  const found = new Map<string, { productId: string; price: string }>();
  if (!wanted.length) return found;
  const variants = await tx
    .select({
      sku: catalogProductVariants.sku,
      productId: catalogProductVariants.productId,
      price: sql<string>`${catalogProductVariants.price}::text`,
    })
    .from(catalogProductVariants)
    .innerJoin(catalogProducts, eq(catalogProducts.id, catalogProductVariants.productId))
    .where(
      and(
        owned(ctx, catalogProductVariants, inArray(sql`lower(${catalogProductVariants.sku})`, wanted)),
        eq(catalogProducts.isDeleted, false),
      ),
    );
  for (const v of variants) found.set(v.sku.toLowerCase(), { productId: v.productId, price: v.price });
  const products = await tx
    .select({ sku: catalogProducts.sku, id: catalogProducts.id, price: sql<string>`${catalogProducts.price}::text` })
    .from(catalogProducts)
    .where(owned(ctx, catalogProducts, inArray(sql`lower(${catalogProducts.sku})`, wanted)));
  for (const p of products)
    if (!found.has(p.sku.toLowerCase())) found.set(p.sku.toLowerCase(), { productId: p.id, price: p.price });
  return found;
}

/** The stored row of a remote item (its link to the catalogue by the item's or its SKUs' seller SKU). */
function rowOf(
  item: RemoteItem,
  links: Map<string, { productId: string }>,
  shopId: string,
  tenantId: string | null,
  pulledAt: Date,
  currency: string,
) {
  const skus: MarketItemSku[] = item.skus.map((s) => ({
    sellerSku: s.sellerSku,
    skuId: s.skuId,
    price: s.price,
    specialPrice: s.specialPrice,
    quantity: s.quantity,
  }));
  const prices = skus.map((s) => s.price).filter((p) => /^\d+(\.\d+)?$/.test(p));
  const lowest = prices.length ? prices.reduce((a, b) => (Number(b) < Number(a) ? b : a)) : null;
  const link =
    links.get(item.sellerSku.toLowerCase()) ??
    skus.map((s) => links.get(s.sellerSku.toLowerCase())).find((l) => l !== undefined);
  return {
    tenantId,
    shopId,
    itemId: item.itemId,
    sellerSku: item.sellerSku.slice(0, 100),
    name: item.name.slice(0, 500),
    rawStatus: item.rawStatus.slice(0, 32),
    status: item.status,
    rejectReason: item.rejectReason?.slice(0, 1000) ?? null,
    price: lowest,
    stock: skus.reduce((n, s) => n + s.quantity, 0),
    currency: (item.currency || currency).slice(0, 3),
    skus,
    productId: link?.productId ?? null,
    updatedAt: item.updatedAt,
    pulledAt,
  };
}

/** Writes remote items into the shop's table (insert or replace by item id). */
export async function storeItems(
  tx: Tx,
  ctx: CrudContext,
  shop: { id: string; region: string },
  items: RemoteItem[],
  pulledAt: Date,
) {
  const shopId = shop.id;
  if (!items.length) return;
  const links = await catalogSkus(
    tx,
    ctx,
    items.flatMap((i) => [i.sellerSku, ...i.skus.map((s) => s.sellerSku)]),
  );
  // a marketplace that does not say the currency sells in the site's
  const currency = RegionCurrencies[shop.region] ?? '';
  const rows = items.map((i) => rowOf(i, links, shopId, ctx.tenant?.id ?? null, pulledAt, currency));
  await tx
    .insert(marketplaceItems)
    .values(rows)
    .onConflictDoUpdate({
      target: [marketplaceItems.shopId, marketplaceItems.itemId],
      set: fromExcluded(marketplaceItems, [
        'sellerSku',
        'name',
        'rawStatus',
        'status',
        'rejectReason',
        'price',
        'stock',
        'currency',
        'skus',
        'productId',
        'updatedAt',
        'pulledAt',
      ]),
    });
}

export const itemListService = listService(marketItemList, {
  table: marketplaceItems,
  search: [marketplaceItems.name, marketplaceItems.sellerSku, marketplaceItems.itemId],
  filters: { shopId: marketplaceItems.shopId },
  tab: marketplaceItems.status,
  sorts: {
    name: marketplaceItems.name,
    sellerSku: marketplaceItems.sellerSku,
    status: marketplaceItems.status,
    price: marketplaceItems.price,
    stock: marketplaceItems.stock,
    updatedAt: marketplaceItems.updatedAt,
  },
  items: (tx, ctx, rows: ItemRow[]) => toDtos(tx, ctx, rows),
  guard: ownShop,
});

/** The list needs the shop, and one the user may see: checked before the page, the counts and the export. */
async function ownShop(services: Services, ctx: Ctx, q: Record<string, unknown>) {
  if (typeof q.shopId !== 'string') throw fieldError('shopId', 'Value:Required');
  await assertOwnShop(services, ctx, q.shopId);
}

/** The event a recorded pull raises: its job is sent after the commit (`events.ts`). */
export const ItemPullQueued = defineEvent<{
  tenantId: string | null;
  userId: string | null;
  shopId: string;
  pullId: string;
}>('marketplaces.item-pull-queued');

/** Records a pull of the shop's items; its job is sent once committed (PGlite's one connection must be free). */
export async function recordPull(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  shopId: string,
): Promise<ItemPullDto> {
  const [pull] = await tx
    .insert(marketplaceItemPulls)
    .values({ tenantId: ctx.tenant?.id ?? null, shopId, status: 'queued', creatorId: ctx.user?.id ?? null })
    .returning();
  await services.events.emit(tx, ItemPullQueued, {
    tenantId: ctx.tenant?.id ?? null,
    userId: ctx.user?.id ?? null,
    shopId,
    pullId: pull.id,
  });
  return pullDto(pull);
}

/** The shop's latest pull, or null. */
export async function latestPull(tx: Tx, ctx: Ctx, shopId: string): Promise<ItemPullDto | null> {
  const [pull] = await tx
    .select()
    .from(marketplaceItemPulls)
    .where(owned(ctx, marketplaceItemPulls, eq(marketplaceItemPulls.shopId, shopId)))
    .orderBy(desc(marketplaceItemPulls.creationTime))
    .limit(1);
  return pull ? pullDto(pull) : null;
}

export async function getPull(tx: Tx, ctx: Ctx, id: string): Promise<ItemPullDto> {
  const [pull] = await tx
    .select()
    .from(marketplaceItemPulls)
    .where(owned(ctx, marketplaceItemPulls, eq(marketplaceItemPulls.id, id)))
    .limit(1);
  if (!pull) throw notFound('MarketItemPull', id);
  return pullDto(pull);
}

/** The shop's stored rows of the items `itemIds` (those stored). */
const rowsOf = (tx: Tx, ctx: Ctx, shopId: string, itemIds: string[]) =>
  tx
    .select()
    .from(marketplaceItems)
    .where(
      owned(ctx, marketplaceItems, eq(marketplaceItems.shopId, shopId), inArray(marketplaceItems.itemId, itemIds)),
    );

/** The stored items `itemIds` of the shop; one not stored is a 400 naming it. */
export async function storedItems(tx: Tx, ctx: Ctx, shopId: string, itemIds: string[]) {
  const rows = await rowsOf(tx, ctx, shopId, itemIds);
  const byId = new Map(rows.map((r) => [r.itemId, r]));
  itemIds.forEach((id, i) => {
    if (!byId.has(id)) throw fieldError(`itemIds.${i}`, 'MarketItems::UnknownItem', [id]);
  });
  return itemIds.map((id) => byId.get(id)!);
}

/** The stored items `itemIds` of the shop as the list shows them. */
export async function itemsOf(tx: Tx, ctx: Ctx, shopId: string, itemIds: string[]) {
  return { items: await toDtos(tx, ctx, await rowsOf(tx, ctx, shopId, itemIds)) };
}

/** A stored item's SKUs after a push: the prices and quantities the marketplace accepted. */
export async function recordPriceStock(tx: Tx, ctx: Ctx, id: string, skus: MarketItemSku[]) {
  const lowest = skus.map((s) => s.price).reduce((a, b) => (Number(b) < Number(a) ? b : a), skus[0]?.price ?? '0');
  await tx
    .update(marketplaceItems)
    .set({ skus, price: skus.length ? lowest : null, stock: skus.reduce((n, s) => n + s.quantity, 0) })
    .where(owned(ctx, marketplaceItems, eq(marketplaceItems.id, id)));
}

/** The chosen items as the marketplace has them now (read before the unit that stores them). */
export async function remoteItems(services: Services, ctx: Ctx, input: { shopId: string; itemIds: string[] }) {
  const { client } = await shopClient(services, tenantOf(ctx), input.shopId);
  const items = await services.data.inTenant(ctx, (tx) => storedItems(tx, ctx, input.shopId, input.itemIds));
  const fresh: RemoteItem[] = [];
  const gone: string[] = [];
  for (const item of items) {
    let remote: RemoteItem | null;
    try {
      remote = await client.getItem(item.itemId);
    } catch (e) {
      marketplaceFailure(e, 'itemIds');
    }
    if (remote) fresh.push(remote);
    else gone.push(item.id);
  }
  return { shopId: input.shopId, region: client.region, fresh, gone };
}

/** Stores the items read again; one the marketplace no longer has is marked deleted. */
export async function storeRemoteItems(tx: Tx, ctx: Ctx, remote: Awaited<ReturnType<typeof remoteItems>>) {
  await storeItems(tx, ctx, { id: remote.shopId, region: remote.region }, remote.fresh, new Date());
  if (remote.gone.length)
    await tx
      .update(marketplaceItems)
      .set({ status: 'DELETED', rawStatus: 'DELETED', pulledAt: new Date() })
      .where(owned(ctx, marketplaceItems, inArray(marketplaceItems.id, remote.gone)));
}

/**
 * The pull job: every page of the shop's items into the table, then the items the marketplace no
 * longer lists removed. Safe to run again (delivery is at least once): rows are replaced by item
 * id, and a pull already finished is left alone.
 */
export async function runPull(
  services: Services,
  data: { tenantId: string | null; shopId: string; pullId: string },
  progress: (done: number) => Promise<unknown> = async () => {},
  lastTry = true,
) {
  const tenant = data.tenantId ? await services.tenants.find(data.tenantId) : null;
  if (!tenant) return { skipped: 'tenant' };
  const ctx: CrudContext = { tenant, user: null };
  const setPull = (patch: Partial<typeof marketplaceItemPulls.$inferInsert>) =>
    services.data.inTenant(ctx, (tx) =>
      tx
        .update(marketplaceItemPulls)
        .set(patch)
        .where(owned(ctx, marketplaceItemPulls, eq(marketplaceItemPulls.id, data.pullId)))
        .returning({ id: marketplaceItemPulls.id }),
    );
  const [pull] = await services.data.inTenant(ctx, (tx) =>
    tx
      .select()
      .from(marketplaceItemPulls)
      .where(owned(ctx, marketplaceItemPulls, eq(marketplaceItemPulls.id, data.pullId)))
      .limit(1),
  );
  if (!pull || pull.status === 'completed' || pull.status === 'failed') return { skipped: pull?.status ?? 'gone' };
  const startedAt = new Date();
  await setPull({ status: 'running', done: 0, error: null });
  try {
    const { client } = await shopClient(services, tenant, data.shopId);
    let done = 0;
    for (let pageNo = 0; pageNo < PULL_MAX_PAGES; pageNo++) {
      const { items, hasMore } = await client.listItems({ offset: pageNo * PULL_PAGE, limit: PULL_PAGE });
      await services.data.inTenant(ctx, (tx) =>
        storeItems(tx, ctx, { id: data.shopId, region: client.region }, items, new Date()),
      );
      done += items.length;
      await setPull({ done });
      await progress(done);
      if (!hasMore || !items.length) break;
    }
    await services.data.inTenant(ctx, async (tx) => {
      await tx
        .delete(marketplaceItems)
        .where(
          owned(
            ctx,
            marketplaceItems,
            eq(marketplaceItems.shopId, data.shopId),
            lt(marketplaceItems.pulledAt, startedAt),
          ),
        );
      await tx
        .update(marketplaceItemPulls)
        .set({ status: 'completed', done, completionTime: new Date() })
        .where(owned(ctx, marketplaceItemPulls, eq(marketplaceItemPulls.id, data.pullId)));
    });
    return { items: done };
  } catch (e) {
    const retryable = (e as { retryable?: boolean }).retryable === true;
    if (!retryable || lastTry) {
      await setPull({
        status: 'failed',
        error: (e as Error).message?.slice(0, 1000) ?? 'failed',
        completionTime: new Date(),
      });
      return { failed: (e as Error).message };
    }
    throw e;
  }
}
