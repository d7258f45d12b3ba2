import { ListingStatus } from '@seller/contracts/marketplaces';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import { AppError } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { publicFileLink } from '../../files/index.ts';
import { draftAttributes } from '../categories/queries.ts';
import { MarketplaceError } from '../clients/errors.ts';
import type { ItemDraft, MarketplaceClient, RemoteItem } from '../clients/types.ts';
import { shopClient } from '../shops/queries.ts';
import { productFacts } from './publish.ts';
import { sendListingJob as sendJob } from './queue.ts';
import { listingSkus, listings } from './schema.ts';
import type { Ctx } from './service.ts';
import { announce, type Change, type Listing, transition, WORKER } from './state.ts';
import { listingCreated, ruleQuantities } from './stock-sync.ts';

/**
 * The worker: one durable job per listing operation. A run claims the listing (Queue → Process,
 * a compare-and-set, at most `perShop` in Process per shop, counted in the database under the
 * shop's advisory lock), does the marketplace call, and ends the operation in its state. Every
 * run is safe to repeat: a CREATE looks the item up by its seller SKU before creating it, so a
 * run lost after the marketplace accepted the item finds it instead of making a second one.
 */

export const LISTING_SWEEP_JOB = 'marketplaces.listings.sweep';

export const workerTuning = {
  /** Listings of one shop with a marketplace call in flight at once (all processes together; one waiting for the review holds none). */
  perShop: 4,
  /** Smallest gap between two calls to one shop from this process, in ms. */
  paceMs: 20,
  /** First backoff of a retryable error, in ms (doubles each attempt, at most `maxBackoffMs`). */
  backoffMs: 2_000,
  maxBackoffMs: 5 * 60_000,
  /** How long after a pending review the item is looked at again, in ms. */
  pollMs: 3_000,
  /** A slot-less claim waits this long before trying again, in ms, ± 25 %… */
  busyMs: 1_000,
  /** …plus this much per listing of the shop queued before it (at most `maxBusyMs`), so a long queue does not spin. */
  aheadMs: 100,
  maxBusyMs: 10 * 60_000,
  /** A Process claim this old no longer counts against its shop's limit (the clients time out after 30 s). */
  staleClaimMs: 60_000,
};

type Data = { tenantId: string | null; listingId: string };

const S = ListingStatus;
const lastPace = new Map<string, number>();
async function pace(shopId: string) {
  const now = Date.now();
  const at = Math.max(now, (lastPace.get(shopId) ?? 0) + workerTuning.paceMs);
  lastPace.set(shopId, at);
  if (at > now) await new Promise((r) => setTimeout(r, at - now));
}

const backoff = (attempts: number, retryAfterMs: number | null) =>
  Math.max(
    retryAfterMs ?? 0,
    Math.min(workerTuning.maxBackoffMs, workerTuning.backoffMs * 2 ** Math.max(0, attempts - 1)),
  );

/** Runs one listing's pending work; safe to run again at any point. */
export async function runListing(services: Services, data: Data): Promise<unknown> {
  const tenant = data.tenantId ? await services.tenants.find(data.tenantId) : null;
  if (data.tenantId && !tenant) return { skipped: 'tenant gone' };
  const ctx: Ctx = { tenant, user: null, culture: 'zh-Hans' };
  const read = () =>
    services.data.inTenant(ctx, async (tx) => {
      const [r] = await tx
        .select()
        .from(listings)
        .where(owned(ctx, listings, eq(listings.id, data.listingId)));
      return r ?? null;
    });
  let row = await read();
  if (!row) return { skipped: 'gone' };
  const save = async (from: Listing, change: Change) => {
    const next = await services.data.inTenant(ctx, (tx) => transition(tx, from, { actor: WORKER, ...change }));
    if (next) announce(services, [next]);
    return next;
  };

  if (row.status === S.Queue) {
    if (row.scheduledAt && row.scheduledAt.getTime() > Date.now()) {
      await sendJob(services, row, row.scheduledAt);
      return { waiting: 'scheduled' };
    }
    const from = row;
    const claimed = await services.data.inTenant(ctx, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listing-shop:${from.shopId}`}))`);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(listings)
        .where(
          and(
            eq(listings.shopId, from.shopId),
            eq(listings.status, S.Process),
            eq(listings.isDeleted, false),
            // a listing waiting for the marketplace's review (or a retry) holds no slot: only calls in flight count
            isNull(listings.nextPollAt),
            // a claim older than any call can take is a run lost with its process: it holds no slot
            gt(listings.claimedAt, new Date(Date.now() - workerTuning.staleClaimMs)),
          ),
        );
      if (n >= workerTuning.perShop) {
        // come back about when the listings queued before this one have had their turn
        const [{ ahead }] = await tx
          .select({ ahead: sql<number>`count(*)::int` })
          .from(listings)
          .where(
            and(
              eq(listings.shopId, from.shopId),
              eq(listings.status, S.Queue),
              eq(listings.isDeleted, false),
              lt(listings.creationTime, from.creationTime),
            ),
          );
        return { busy: Math.min(workerTuning.maxBusyMs, ahead * workerTuning.aheadMs) } as const;
      }
      return transition(tx, from, {
        status: S.Process,
        event: 'claimed',
        actor: WORKER,
        set: { claimedAt: new Date(), nextPollAt: null, cancelRequested: false },
      });
    });
    if (claimed && 'busy' in claimed) {
      const wait = (workerTuning.busyMs + claimed.busy) * (0.75 + Math.random() / 2);
      await sendJob(services, row, new Date(Date.now() + wait));
      return { waiting: 'shop busy' };
    }
    if (!claimed) return { skipped: 'moved on' };
    announce(services, [claimed]);
    row = claimed;
  }
  if (row.status !== S.Process && row.status !== S.Refreshing) return { skipped: row.status };
  if (row.nextPollAt && row.nextPollAt.getTime() > Date.now() + 50) {
    await sendJob(services, row, row.nextPollAt);
    return { waiting: 'poll' };
  }

  let client: MarketplaceClient;
  try {
    client = (await shopClient(services, tenant as CurrentTenant, row.shopId)).client;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    // an unknown shop, or one without a usable token: worth a few retries (it may be authorized meanwhile)
    return fail(services, row, save, {
      kind: e.status === 404 ? 'permanent' : 'auth',
      code: e.status === 404 ? 'SHOP_NOT_FOUND' : 'SHOP_NOT_AUTHORIZED',
      message: t('en', e.messageKey, Array.isArray(e.params) ? e.params : []),
      requestId: null,
      rows: [],
      retryAfterMs: null,
    });
  }

  try {
    await pace(row.shopId);
    if (row.status === S.Refreshing) return await refresh(client, row, save);
    switch (row.op) {
      case 'CREATE':
        return await create(services, ctx, client, row, save);
      case 'ONLINE':
      case 'OFFLINE': {
        await client.setListed(
          { itemId: row.platformItemId!, sellerSkus: await skusOf(services, ctx, row) },
          row.op === 'ONLINE',
        );
        return save(row, {
          status: row.op === 'ONLINE' ? S.Success : S.Offline,
          event: 'done',
          set: {
            ...clearError,
            platformStatus: row.op === 'ONLINE' ? 'LIVE' : 'INACTIVE',
            lastSyncedAt: new Date(),
            claimedAt: null,
          },
        });
      }
      case 'DELETE': {
        if (row.platformItemId)
          await client.removeItem({ itemId: row.platformItemId, sellerSkus: await skusOf(services, ctx, row) });
        return save(row, { event: 'done', set: { isDeleted: true, deletionTime: new Date(), claimedAt: null } });
      }
      case 'UPDATE':
        return await update(services, ctx, client, row, save);
      default:
        return save(row, { status: row.priorStatus ?? S.Failure, event: 'done', set: { claimedAt: null } });
    }
  } catch (e) {
    if (!(e instanceof MarketplaceError)) throw e;
    return fail(services, row, save, e);
  }
}

const clearError = { lastErrorCode: null, lastErrorMessage: null, lastErrorRequestId: null, lastErrorRows: null };

type Save = (from: Listing, change: Change) => Promise<Listing | null>;

async function skusOf(services: Services, ctx: Ctx, row: Listing) {
  const rows = await services.data.inTenant(ctx, (tx) =>
    tx
      .select({ sku: listingSkus.sellerSku })
      .from(listingSkus)
      .where(eq(listingSkus.listingId, row.id))
      .orderBy(asc(listingSkus.sort)),
  );
  return rows.map((r) => r.sku);
}

/** A marketplace error: retry later, or end the operation (Failure for a create, the prior state otherwise). */
async function fail(
  services: Services,
  row: Listing,
  save: Save,
  e: Pick<MarketplaceError, 'kind' | 'code' | 'message' | 'requestId' | 'rows' | 'retryAfterMs'>,
) {
  // the marketplace asking to slow down is no attempt of the listing's: it waits and goes again
  const attempts = e.kind === 'rateLimit' ? row.attempts : row.attempts + 1;
  const message = e.kind === 'auth' ? t('zh-Hans', 'Listings::ShopReauthorize', [e.message]) : e.message.slice(0, 1900);
  const error = {
    lastErrorCode: e.code.slice(0, 64),
    lastErrorMessage: message,
    lastErrorRequestId: e.requestId,
    lastErrorRows: e.rows,
  };
  const retryable =
    e.kind === 'transient' || e.kind === 'rateLimit' || (e.kind === 'auth' && e.code === 'SHOP_NOT_AUTHORIZED');
  if (retryable && attempts < row.maxAttempts) {
    const at = new Date(Date.now() + backoff(Math.max(1, attempts), e.retryAfterMs));
    // a create that has not reached the marketplace waits in the queue; other operations keep their claim
    const next =
      row.op === 'CREATE' && row.status === S.Process
        ? await save(row, {
            status: S.Queue,
            event: 'retry',
            message,
            requestId: e.requestId,
            set: { ...error, attempts, scheduledAt: at, claimedAt: null },
          })
        : await save(row, {
            event: 'retry',
            message,
            requestId: e.requestId,
            set: { ...error, attempts, nextPollAt: at },
          });
    if (next) await sendJob(services, next, at);
    return { retry: attempts };
  }
  const final = retryable ? t('zh-Hans', 'Listings::AttemptsExhausted', [attempts, message]) : message;
  const toFailure = row.op === 'CREATE' || row.priorStatus === null;
  await save(row, {
    status: toFailure ? S.Failure : row.priorStatus!,
    event: 'failed',
    message: final,
    requestId: e.requestId,
    set: { ...error, lastErrorMessage: final.slice(0, 2000), attempts, nextPollAt: null, claimedAt: null },
  });
  return { failed: e.code };
}

/** The remote item's state as a listing state (null: still pending review). */
function outcome(item: RemoteItem) {
  switch (item.status) {
    case 'LIVE':
      return S.Success;
    case 'INACTIVE':
      return S.Offline;
    case 'PENDING':
      return null;
    default:
      return S.Failure;
  }
}

async function settle(services: Services, row: Listing, save: Save, item: RemoteItem, event: string) {
  const status = outcome(item);
  if (status === null) {
    const at = new Date(Date.now() + workerTuning.pollMs);
    const next = await save(row, {
      event,
      set: { platformItemId: item.itemId, platformStatus: item.rawStatus.slice(0, 32), nextPollAt: at },
    });
    if (next) await sendJob(services, next, at);
    return { pending: item.itemId };
  }
  const failed = status === S.Failure;
  const reason = item.rejectReason ?? t('zh-Hans', 'Listings::RemoteGone', [item.rawStatus]);
  await save(row, {
    status,
    event: failed ? 'rejected' : 'live',
    message: failed ? reason : null,
    set: {
      platformItemId: item.itemId,
      platformStatus: item.rawStatus.slice(0, 32),
      nextPollAt: null,
      claimedAt: null,
      lastSyncedAt: new Date(),
      ...(failed
        ? {
            lastErrorCode: `PLATFORM_${item.status}`,
            lastErrorMessage: reason.slice(0, 2000),
            lastErrorRequestId: null,
            lastErrorRows: [],
          }
        : { ...clearError, publishedAt: row.publishedAt ?? new Date() }),
    },
  });
  return { done: status };
}

async function buildDraft(services: Services, ctx: Ctx, row: Listing): Promise<ItemDraft | null> {
  const product = (await services.data.inTenant(ctx, (tx) => productFacts(tx, ctx, [row.productId]))).get(
    row.productId,
  );
  if (!product) return null;
  // each SKU offers its available stock under the shop's rule, as it is when the item is sent
  const { skus, quantities } = await services.data.inTenant(ctx, async (tx) => {
    const skus = await tx
      .select()
      .from(listingSkus)
      .where(eq(listingSkus.listingId, row.id))
      .orderBy(asc(listingSkus.sort));
    const skuNames = skus.map((s) => s.sellerSku);
    return { skus, quantities: await ruleQuantities(tx, ctx, row.shopId, skuNames) };
  });
  const mapped = await draftAttributes(services, ctx.tenant as CurrentTenant, {
    productId: row.productId,
    platform: row.platform as 'LAZADA',
    region: row.region,
  });
  const base = services.config.issuer ?? `http://${services.config.publicHost}:${services.config.port}`;
  // the marketplace fetches the images itself, without a token: our files go as signed, expiring links
  const tenantId = ctx.tenant?.id ?? null;
  const abs = async (u: string) => new URL((await publicFileLink(services, tenantId, u)) ?? u, base).toString();
  const images = await Promise.all(product.images.map(abs));
  const variantImages = new Map(
    await Promise.all(product.variants.filter((v) => v.image).map(async (v) => [v.sku, await abs(v.image!)] as const)),
  );
  const kg = (g: number | null) => ((g ?? 500) / 1000).toFixed(2);
  const cm = (v: number | null) => (v ?? 10).toFixed(2);
  return {
    sellerSku: row.productSku,
    categoryId: row.draft.categoryId ?? mapped.mapping?.platformCategoryId ?? '',
    name: product.name,
    description: product.description || product.name,
    brand: null,
    images,
    attributes: { ...mapped.attributes, ...row.draft.attributes },
    currency: row.currency,
    skus: skus.map((s) => {
      const v = product.variants.find((x) => x.sku === s.sellerSku);
      // one SKU needs no sale property; several are told apart by the category's first one
      const label = Object.values(s.saleProps)[0];
      const saleProp = mapped.saleProps[0]?.name ?? (row.platform === 'LAZADA' ? 'color_family' : 'Variation');
      return {
        sellerSku: s.sellerSku,
        saleProps: skus.length > 1 && label && saleProp ? { [saleProp]: label } : {},
        price: s.price,
        specialPrice: null,
        quantity: quantities.get(s.sellerSku) ?? 0,
        weightKg: kg(v?.weightG ?? product.weightG),
        lengthCm: cm(v?.dims.length ?? product.dims.length),
        widthCm: cm(v?.dims.width ?? product.dims.width),
        heightCm: cm(v?.dims.height ?? product.dims.height),
        images: variantImages.has(s.sellerSku) ? [variantImages.get(s.sellerSku)!] : [],
      };
    }),
  };
}

async function create(services: Services, ctx: Ctx, client: MarketplaceClient, row: Listing, save: Save) {
  // already sent (a poll, or a run after a crash that had recorded the item)
  if (row.platformItemId) {
    const item = await client.getItem(row.platformItemId);
    if (!item)
      return fail(services, row, save, {
        kind: 'permanent',
        code: 'PLATFORM_DELETED',
        message: t('zh-Hans', 'Listings::RemoteGone', [row.platformItemId]),
        requestId: null,
        rows: [],
        retryAfterMs: null,
      });
    return settle(services, row, save, item, 'pending');
  }
  if (row.cancelRequested)
    return save(row, {
      status: S.Cancel,
      event: 'cancel',
      message: t('zh-Hans', 'Listings::CancelledBeforeSend'),
      set: { claimedAt: null },
    });
  // the retry guard: a run lost after the marketplace accepted the item finds it here (Shopee by
  // the item's SKU, the product's; Lazada by the first SKU's: a product with variants has no parent SKU there)
  const key = row.platform === 'LAZADA' ? ((await skusOf(services, ctx, row))[0] ?? row.productSku) : row.productSku;
  const found = await client.findItemBySellerSku(key);
  let item:
    | RemoteItem
    | {
        itemId: string;
        status: RemoteItem['status'];
        rawStatus: string;
        rejectReason: null;
        skus: { sellerSku: string; skuId: string }[];
      };
  // the quantities the item goes out with (unknown for one found from an earlier run)
  let sent: Map<string, number> | null = null;
  if (found) item = found;
  else {
    const draft = await buildDraft(services, ctx, row);
    if (!draft)
      return save(row, {
        status: S.Failure,
        event: 'failed',
        set: {
          lastErrorCode: 'PRODUCT_MISSING',
          lastErrorMessage: t('zh-Hans', 'Listings::ProductMissing'),
          claimedAt: null,
        },
      });
    sent = new Map(draft.skus.map((s) => [s.sellerSku, s.quantity]));
    await pace(row.shopId);
    const created = await client.createItem(draft);
    item = {
      itemId: created.itemId,
      status: created.status,
      rawStatus: created.status,
      rejectReason: null,
      skus: created.skus,
    };
  }
  // record the item at once: whatever happens next, it is never created again
  const recorded = await services.data.inTenant(ctx, async (tx) => {
    for (const s of item.skus)
      await tx
        .update(listingSkus)
        .set({ platformSkuId: s.skuId })
        .where(and(eq(listingSkus.listingId, row.id), eq(listingSkus.sellerSku, s.sellerSku)));
    const next = await transition(tx, row, {
      event: 'created',
      actor: WORKER,
      requestId: null,
      set: { platformItemId: item.itemId, platformStatus: item.rawStatus.slice(0, 32) },
    });
    // a stock move while the item was on its way found nothing to push to: push it now
    if (next) await listingCreated(services, tx, ctx, row, sent);
    return next;
  });
  if (!recorded) return { skipped: 'moved on' };
  announce(services, [recorded]);
  return settle(services, recorded, save, { ...(item as RemoteItem) }, item.status === 'PENDING' ? 'pending' : 'live');
}

async function refresh(client: MarketplaceClient, row: Listing, save: Save) {
  const back = row.priorStatus ?? S.Success;
  try {
    const item = row.platformItemId ? await client.getItem(row.platformItemId) : null;
    if (!item)
      return save(row, {
        status: S.Failure,
        event: 'failed',
        set: {
          lastErrorCode: 'PLATFORM_DELETED',
          lastErrorMessage: t('zh-Hans', 'Listings::RemoteGone', [row.platformItemId ?? '']),
          claimedAt: null,
        },
      });
    const status = outcome(item) ?? back;
    const price = item.skus.length ? item.skus.map((s) => Number(s.price)).reduce((a, b) => Math.min(a, b)) : null;
    return save(row, {
      status,
      event: status === S.Failure ? 'rejected' : 'done',
      set: {
        platformStatus: item.rawStatus.slice(0, 32),
        lastSyncedAt: new Date(),
        claimedAt: null,
        ...(price !== null ? { price: String(price), stock: item.skus.reduce((a, s) => a + s.quantity, 0) } : {}),
        ...(status === S.Failure
          ? { lastErrorCode: `PLATFORM_${item.status}`, lastErrorMessage: item.rejectReason ?? item.rawStatus }
          : clearError),
      },
    });
  } catch (e) {
    if (!(e instanceof MarketplaceError)) throw e;
    // a refresh that could not read leaves the listing as it was, with the reason
    return save(row, {
      status: back,
      event: 'failed',
      message: e.message,
      requestId: e.requestId,
      set: {
        lastErrorCode: e.code,
        lastErrorMessage: e.message.slice(0, 2000),
        lastErrorRequestId: e.requestId,
        lastErrorRows: e.rows,
        claimedAt: null,
      },
    });
  }
}

/** Pushes the catalogue's price and the stock to the item (op UPDATE). */
async function update(services: Services, ctx: Ctx, client: MarketplaceClient, row: Listing, save: Save) {
  const product = (await services.data.inTenant(ctx, (tx) => productFacts(tx, ctx, [row.productId]))).get(
    row.productId,
  );
  // the available stock under the shop's rule (none for a product taken off sale)
  const { skus, quantities } = await services.data.inTenant(ctx, async (tx) => {
    const skus = await tx.select().from(listingSkus).where(eq(listingSkus.listingId, row.id));
    const skuNames = skus.map((s) => s.sellerSku);
    return { skus, quantities: await ruleQuantities(tx, ctx, row.shopId, skuNames) };
  });
  const quantityOf = (sku: string) => (product?.isActive ? (quantities.get(sku) ?? 0) : 0);
  const outcome = await client.updatePriceStock(
    row.platformItemId!,
    skus.map((s) => ({
      sellerSku: s.sellerSku,
      skuId: s.platformSkuId,
      price: row.draft.price ?? s.price,
      quantity: quantityOf(s.sellerSku),
    })),
  );
  const bad = outcome.filter((o) => !o.ok);
  await services.data.inTenant(ctx, async (tx) => {
    for (const s of skus)
      await tx
        .update(listingSkus)
        .set({ quantity: quantityOf(s.sellerSku) })
        .where(eq(listingSkus.id, s.id));
  });
  const stock = skus.reduce((n, s) => n + quantityOf(s.sellerSku), 0);
  return save(row, {
    status: row.priorStatus ?? S.Success,
    event: bad.length ? 'failed' : 'done',
    set: {
      stock,
      lastSyncedAt: new Date(),
      claimedAt: null,
      ...(bad.length
        ? {
            lastErrorCode: 'ROWS',
            lastErrorMessage: bad
              .map((b) => `${b.sellerSku}: ${b.message ?? ''}`)
              .join('; ')
              .slice(0, 2000),
            lastErrorRows: bad.map((b) => ({ sellerSku: b.sellerSku, field: null, message: b.message ?? '' })),
          }
        : clearError),
    },
  });
}

/**
 * The safety net, every minute: queued listings whose time has come and listings left in Process
 * or Refreshing by a run that is gone get their job again (one per listing: a queued one absorbs it).
 */
export async function sweep(services: Services): Promise<number> {
  const stale = new Date(Date.now() - 2 * 60_000);
  const rows = await services.data.unscoped((tx) =>
    tx
      .select({ id: listings.id, tenantId: listings.tenantId, nextPollAt: listings.nextPollAt })
      .from(listings)
      .where(
        and(
          eq(listings.isDeleted, false),
          or(
            and(eq(listings.status, S.Queue), or(isNull(listings.scheduledAt), lte(listings.scheduledAt, new Date()))),
            and(
              inArray(listings.status, [S.Process, S.Refreshing]),
              or(lte(listings.claimedAt, stale), isNull(listings.claimedAt)),
              or(isNull(listings.nextPollAt), lte(listings.nextPollAt, stale)),
            ),
          ),
        ),
      )
      .limit(2000),
  );
  for (const r of rows) await sendJob(services, r);
  return rows.length;
}
