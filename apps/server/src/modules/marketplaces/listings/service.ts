import {
  allowedListingActions,
  type ChannelListingDto,
  type ListingAction,
  type ListingBulkResultDto,
  type ListingDetailDto,
  type ListingDto,
  type ListingEventDto,
  ListingStatus,
  type ListingSyncInput,
  listingEventList,
  listingList,
  type MarketPlatform,
} from '@seller/contracts/marketplaces';
import { asc, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { raiseChanged } from './changes.ts';
import { listingEvents, listingSkus, listings } from './schema.ts';
import { type Actor, actionTarget, actorOf, illegalTransition, type Listing, statusName, transition } from './state.ts';

export type Ctx = Pick<RequestContext, 'tenant' | 'user' | 'culture'>;
const ENTITY = 'Listing';

/** The item on the marketplace's storefront. */
export function itemUrl(platform: string, region: string, itemId: string | null): string | null {
  if (!itemId) return null;
  const tld: Record<string, string> = { MY: 'com.my', SG: 'sg', TH: 'co.th', VN: 'vn', PH: 'ph', ID: 'co.id' };
  if (platform === 'LAZADA') return `https://www.lazada.${tld[region] ?? 'com'}/products/i${itemId}.html`;
  const shopee: Record<string, string> = { ...tld, TW: 'tw', BR: 'com.br' };
  return `https://shopee.${shopee[region] ?? 'com'}/product/0/${itemId}`;
}

/** A listing as it stands on the marketplace: its item there, its link, and the price and stock sent. */
const onPlatform = (
  r: Pick<Listing, 'platform' | 'region' | 'platformItemId' | 'platformStatus' | 'price' | 'currency' | 'stock'>,
) => ({
  platformItemId: r.platformItemId,
  platformStatus: r.platformStatus,
  itemUrl: itemUrl(r.platform, r.region, r.platformItemId),
  price: r.price,
  currency: r.currency,
  stock: r.stock,
});

export function toDto(r: Listing): ListingDto {
  return {
    id: r.id,
    shopId: r.shopId,
    shopName: r.shopName,
    platform: r.platform as MarketPlatform,
    region: r.region,
    productId: r.productId,
    productSku: r.productSku,
    productName: r.productName,
    productImage: r.productImage,
    status: r.status,
    priorStatus: r.priorStatus,
    op: r.op as ListingDto['op'],
    ...onPlatform(r),
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    lastError: r.lastErrorCode
      ? {
          code: r.lastErrorCode,
          message: r.lastErrorMessage ?? '',
          requestId: r.lastErrorRequestId,
          rows: r.lastErrorRows ?? [],
        }
      : null,
    scheduledAt: r.scheduledAt,
    publishedAt: r.publishedAt,
    lastSyncedAt: r.lastSyncedAt,
    allowedActions: allowedListingActions(r),
    creationTime: r.creationTime,
    lastModificationTime: r.lastModificationTime,
  };
}

/** The list declared in the contracts (`listingList`): its page, `/counts` per status and `/export`. */
export const listingListService = listService(listingList, {
  table: listings,
  search: [listings.productSku, listings.productName, listings.platformItemId, listings.shopName],
  filters: {
    shopId: listings.shopId,
    platform: listings.platform,
    productId: listings.productId,
  },
  tab: listings.status,
  sorts: {
    creationTime: listings.creationTime,
    status: listings.status,
    publishedAt: listings.publishedAt,
    lastSyncedAt: listings.lastSyncedAt,
    productSku: listings.productSku,
    shopName: listings.shopName,
  },
  items: (_tx, _ctx, rows: Listing[]) =>
    rows.map((r) => ({ ...toDto(r), lastErrorMessage: r.lastErrorCode ? (r.lastErrorMessage ?? '') : null })),
});

async function load(tx: Tx, ctx: Ctx, id: string): Promise<Listing> {
  const [row] = await tx
    .select()
    .from(listings)
    .where(owned(ctx, listings, eq(listings.id, id)));
  if (!row) throw notFound(ENTITY, id);
  return row;
}

type ListingEvent = typeof listingEvents.$inferSelect;

/**
 * A listing's history under its id (`/:id/events`), newest first: the listing must be the
 * viewer's tenant's (404 otherwise) before any event is read.
 */
export const listingEventListService = listService(listingEventList, {
  table: listingEvents,
  filters: {},
  sorts: { at: listingEvents.creationTime },
  guard: (services, ctx, q) =>
    services.data.inTenant(ctx, async (tx) => {
      await load(tx, ctx, q.id as string);
    }),
  // no id only when a plan is read (the guard is skipped there)
  scope: (_s, _tx, _ctx, q) => (q.id ? eq(listingEvents.listingId, q.id as string) : undefined),
  items: (_tx, ctx, rows: ListingEvent[]): ListingEventDto[] =>
    rows.map((e) => ({
      id: e.id,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      event: e.event,
      eventName: t(ctx.culture, `Listings::Event:${e.event}`),
      actor: e.actorName,
      message: e.message,
      requestId: e.requestId,
      at: e.creationTime,
    })),
});

/** One user action on one listing, checked against the table; the row as it is now. */
async function act(
  tx: Tx,
  ctx: Ctx,
  row: Listing,
  action: ListingAction,
  actor: Actor,
): Promise<{ row: Listing; queue: boolean }> {
  const target = actionTarget(row.status, action, row.platformItemId);
  if (target === null) throw illegalTransition(ctx.culture, row.status, action);
  const S = ListingStatus;
  let change: Parameters<typeof transition>[2];
  let queue = false;
  if (target === 'deleted') {
    // a failed listing whose item exists on the marketplace: remove the item first
    if (row.status === S.Failure && row.platformItemId) {
      change = { status: S.Process, event: action, actor, set: { op: 'DELETE', priorStatus: row.status, attempts: 0 } };
      queue = true;
    } else {
      change = { event: action, actor, set: { isDeleted: true, deletionTime: new Date(), deleterId: actor.id } };
    }
  } else if (target === S.Process) {
    const op = action === 'online' ? 'ONLINE' : action === 'offline' ? 'OFFLINE' : 'DELETE';
    change = {
      status: S.Process,
      event: action,
      actor,
      set: { op, priorStatus: row.status, attempts: 0, nextPollAt: null, claimedAt: new Date() },
    };
    queue = true;
  } else if (target === S.Refreshing) {
    change = { status: S.Refreshing, event: action, actor, set: { priorStatus: row.status, claimedAt: new Date() } };
    queue = true;
  } else if (action === 'resume') {
    // the same operation again, from the first attempt (a resumed failure is a fresh try)
    change = {
      status: S.Queue,
      event: action,
      actor,
      set: { attempts: 0, scheduledAt: null, nextPollAt: null, cancelRequested: false },
    };
    queue = true;
  } else {
    change = { status: target, event: action, actor, set: { priorStatus: row.status } };
  }
  const next = await transition(tx, row, change);
  if (!next) {
    // someone else moved it meanwhile: judge the action against the state it has now
    const now = await load(tx, ctx, row.id);
    throw illegalTransition(ctx.culture, now.status, action);
  }
  return { row: next, queue };
}

/** What a bulk or sync row reports. */
function failure(ctx: Ctx, id: string, e: unknown): ListingBulkResultDto['items'][number] {
  if (e instanceof AppError) {
    const params = Array.isArray(e.params) ? e.params : [];
    return { id, ok: false, error: t(ctx.culture, e.messageKey, params), status: (e.data?.status as number) ?? null };
  }
  throw e;
}

const summary = (items: ListingBulkResultDto['items']): ListingBulkResultDto => ({
  items,
  succeeded: items.filter((i) => i.ok).length,
  failed: items.filter((i) => !i.ok).length,
});

/** A listing with its draft and SKUs (`/:id`). */
export async function getListing(tx: Tx, ctx: Ctx, id: string): Promise<ListingDetailDto> {
  const row = await load(tx, ctx, id);
  const skus = await tx
    .select()
    .from(listingSkus)
    .where(eq(listingSkus.listingId, id))
    .orderBy(asc(listingSkus.sort), asc(listingSkus.sellerSku));
  return {
    ...toDto(row),
    categoryId: row.draft.categoryId,
    categoryName: row.draft.categoryName,
    attributes: row.draft.attributes,
    images: row.productImage ? [row.productImage] : [],
    skus: skus.map((s) => ({
      sellerSku: s.sellerSku,
      platformSkuId: s.platformSkuId,
      price: s.price,
      quantity: s.quantity,
      saleProps: s.saleProps,
    })),
  };
}

/** A product's listings on every channel (the product page). */
export async function channelListings(tx: Tx, ctx: Ctx, productId: string) {
  const rows = await tx
    .select()
    .from(listings)
    .where(owned(ctx, listings, eq(listings.productId, productId)))
    .orderBy(asc(listings.platform), asc(listings.shopName))
    .limit(200);
  const items: ChannelListingDto[] = rows.map((r) => ({
    listingId: r.id,
    shopId: r.shopId,
    shopName: r.shopName,
    platform: r.platform as MarketPlatform,
    region: r.region,
    status: r.status,
    ...onPlatform(r),
    lastError: r.lastErrorMessage,
    publishedAt: r.publishedAt,
    allowedActions: allowedListingActions(r),
  }));
  return { items };
}

type Events = Pick<Services, 'events'>;

/** One action on one listing: the listing after it, or null when it is gone (a local drop). */
export async function actOn(
  services: Events,
  tx: Tx,
  ctx: Ctx,
  id: string,
  action: ListingAction,
): Promise<ListingDto | null> {
  const { row, queue } = await act(tx, ctx, await load(tx, ctx, id), action, actorOf(ctx));
  await raiseChanged(services, tx, [row], queue ? [row] : []);
  return row.isDeleted ? null : toDto(row);
}

/**
 * The action on each listing, each row on its own: a refusal (the table's, or a listing not
 * found) is that row's answer and does not stop the others.
 */
export async function bulkAct(
  services: Events,
  tx: Tx,
  ctx: Ctx,
  ids: string[],
  action: ListingAction,
): Promise<ListingBulkResultDto> {
  const items: ListingBulkResultDto['items'] = [];
  const changed: Listing[] = [];
  const queued: Listing[] = [];
  for (const id of ids) {
    try {
      const { row, queue } = await act(tx, ctx, await load(tx, ctx, id), action, actorOf(ctx));
      changed.push(row);
      if (queue) queued.push(row);
      items.push({ id, ok: true, error: null, status: row.isDeleted ? null : row.status });
    } catch (e) {
      items.push(failure(ctx, id, e));
    }
  }
  await raiseChanged(services, tx, changed, queued);
  return summary(items);
}

/** Pushes the catalogue's price and stock to live listings (by id, or every live one of the products). */
export async function syncListings(
  services: Events,
  tx: Tx,
  ctx: Ctx,
  input: ListingSyncInput,
): Promise<ListingBulkResultDto> {
  const actor = actorOf(ctx);
  const ids = [...input.ids];
  if (input.productIds.length) {
    const more = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(
        owned(ctx, listings, inArray(listings.productId, input.productIds), eq(listings.status, ListingStatus.Success)),
      )
      .limit(500);
    for (const r of more) if (!ids.includes(r.id)) ids.push(r.id);
  }
  const items: ListingBulkResultDto['items'] = [];
  const changed: Listing[] = [];
  for (const id of ids) {
    try {
      const from = await load(tx, ctx, id);
      if (from.status !== ListingStatus.Success)
        throw new AppError({
          status: 409,
          messageKey: 'Listings::NotLive',
          params: [statusName(ctx.culture, from.status)],
          data: { status: from.status },
        });
      const row = await transition(tx, from, {
        status: ListingStatus.Process,
        event: 'sync',
        actor,
        set: { op: 'UPDATE', priorStatus: from.status, attempts: 0, nextPollAt: null, claimedAt: new Date() },
      });
      if (!row) throw illegalTransition(ctx.culture, (await load(tx, ctx, id)).status, 'refresh');
      changed.push(row);
      items.push({ id, ok: true, error: null, status: row.status });
    } catch (e) {
      items.push(failure(ctx, id, e));
    }
  }
  await raiseChanged(services, tx, changed, changed);
  return summary(items);
}
