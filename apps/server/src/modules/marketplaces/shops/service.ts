import {
  PlatformRegions,
  type ShopInput,
  type ShopUpdateInput,
  shopCallList,
  shopManagementList,
} from '@seller/contracts/marketplaces';
import { and, desc, eq, gte, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { auditedFields } from '../../../core/db/columns.ts';
import { AppError, fieldError, notFound } from '../../../core/errors.ts';
import { type ListContext, listService } from '../../../core/lists.ts';
import { resourceService } from '../../../core/resource.ts';
import { secretsFor } from '../../../core/secrets.ts';
import type { Services } from '../../../core/services.ts';
import { MarketplaceError } from '../clients/errors.ts';
import { type CallLogger, type CallRecord, endpoints } from '../clients/http.ts';
import { LazadaClient, lazadaAuth, type TokenGrant } from '../clients/lazada.ts';
import { ShopeeClient, shopeeAuth } from '../clients/shopee.ts';
import { ShopDeleting } from './events.ts';
import { type ShopStatus, shopCalls, shops } from './schema.ts';

export type ShopRow = typeof shops.$inferSelect;
const HOUR = 3600_000;

/** How long before expiry a token is refreshed (domain §1.4: Lazada 48 h; Shopee's 4 h token: 30 min). */
export const REFRESH_AHEAD_MS = { LAZADA: 48 * HOUR, SHOPEE: 30 * 60_000 } as const;

/** The token state as the list shows it: `expiring` inside the refresh window, `expired` past it. */
export function statusOf(
  row: Pick<ShopRow, 'status' | 'platform' | 'accessExpiresAt' | 'refreshExpiresAt'>,
  now = Date.now(),
): ShopStatus {
  if (row.status === 'unauthorized' || row.status === 'revoked') return row.status;
  const refreshOk = !row.refreshExpiresAt || row.refreshExpiresAt.getTime() > now;
  if (!row.accessExpiresAt) return row.status;
  if (row.accessExpiresAt.getTime() <= now) return refreshOk ? 'expiring' : 'expired';
  if (row.status === 'expired') return 'expired';
  return row.accessExpiresAt.getTime() - now <= REFRESH_AHEAD_MS[row.platform] ? 'expiring' : 'active';
}

const toDto = (r: ShopRow) => ({
  id: r.id,
  platform: r.platform,
  regions: r.regions,
  name: r.name,
  sellerId: r.sellerId,
  shortCode: r.shortCode,
  account: r.account,
  remark: r.remark,
  status: statusOf(r),
  authorized: r.accessToken !== null,
  accessExpiresAt: r.accessExpiresAt,
  refreshExpiresAt: r.refreshExpiresAt,
  refreshedAt: r.refreshedAt,
  authorizedAt: r.authorizedAt,
  lastError: r.lastError,
  ...auditedFields(r),
  concurrencyStamp: r.concurrencyStamp,
});
export type ShopView = ReturnType<typeof toDto>;

function checkRegions(platform: ShopRow['platform'], regions: string[]) {
  const allowed = PlatformRegions[platform];
  regions.forEach((r, i) => {
    if (!allowed.includes(r)) throw fieldError(`regions.${i}`, 'Shops::RegionNotSold', [r, platform]);
  });
  if (new Set(regions).size !== regions.length) throw fieldError('regions', 'Shops::RegionRepeated');
}

type Input = (ShopInput | ShopUpdateInput) & { platform?: ShopRow['platform'] };

/** The shops' CRUD kit (its delete raises `ShopDeleting` through the services its commands are bound to). */
export const shopService = resourceService({
  table: shops,
  entity: 'Shop',
  texts: 'Shops',
  sortable: Object.fromEntries(
    (['name', 'platform', 'status', 'accessExpiresAt', 'creationTime'] as const).map((key) => [key, shops[key]]),
  ),
  defaultSort: [desc(shops.creationTime)],
  search: [shops.name, shops.sellerId, shops.shortCode, shops.account],
  scope: (q: { platform?: ShopRow['platform'] }) => (q.platform ? eq(shops.platform, q.platform) : undefined),
  values: (input: Input) => ({
    ...(input.platform ? { platform: input.platform } : {}),
    name: input.name,
    regions: input.regions,
    shortCode: input.shortCode ?? null,
    remark: input.remark ?? null,
  }),
  async validate(tx, ctx, input: Input, id) {
    let platform = input.platform;
    if (id) {
      const [row] = await tx
        .select({ platform: shops.platform })
        .from(shops)
        .where(owned(ctx, shops, eq(shops.id, id)));
      platform = row?.platform;
    }
    if (platform) checkRegions(platform, input.regions);
  },
  /**
   * A shop with listings is refused (dropping them first keeps what sells on the marketplace from
   * losing its record); what was pulled from it (items, channels) goes with it. Both are the
   * other areas' answers to `ShopDeleting`, in this transaction.
   */
  beforeDelete: (tx, ctx, id, services) =>
    services.events.emit(tx, ShopDeleting, { tenantId: ctx.tenant?.id ?? null, shopId: id }),
  toDtos: async (_tx, _ctx, rows: ShopRow[]) => rows.map(toDto),
});

/** A failed call: an HTTP error, no answer, or a marketplace code other than `0`. */
const failedCall = sql`(${shopCalls.code} is distinct from '0' and ${shopCalls.code} is not null or ${shopCalls.httpStatus} >= 400 or ${shopCalls.httpStatus} is null)`;

/** The management view: each shop with its calls of the last day counted (one query for the page). */
async function callStats(tx: Tx, ctx: CrudContext, items: ShopView[]) {
  if (!items.length) return [];
  const since = new Date(Date.now() - 24 * HOUR);
  const stats = await tx
    .select({
      shopId: shopCalls.shopId,
      last: max(shopCalls.at),
      calls: sql<number>`count(*) filter (where ${shopCalls.at} >= ${since})`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${shopCalls.at} >= ${since} and ${failedCall})`.mapWith(Number),
    })
    .from(shopCalls)
    .where(
      owned(
        ctx,
        shopCalls,
        inArray(
          shopCalls.shopId,
          items.map((i) => i.id),
        ),
      ),
    )
    .groupBy(shopCalls.shopId);
  const byShop = new Map(stats.map((s) => [s.shopId, s]));
  return items.map((i) => {
    const s = byShop.get(i.id);
    return {
      ...i,
      lastCallAt: s?.last ? new Date(s.last as unknown as string) : null,
      callsLast24h: s?.calls ?? 0,
      failedCallsLast24h: s?.failed ?? 0,
    };
  });
}

/** One shop as the API answers it (the kit's `get`, in the caller's unit); another tenant's is a 404. */
export async function shopView(tx: Tx, ctx: CrudContext, id: string): Promise<ShopView> {
  return toDto(await getShop(tx, ctx, id));
}

/** One shop's management view: the shop with its calls of the last day counted. */
export async function shopManagement(tx: Tx, ctx: CrudContext, id: string) {
  const [view] = await callStats(tx, ctx, [await shopView(tx, ctx, id)]);
  return view!;
}

/** The shops' management list (`shopManagementList`): the page, its export. */
export const shopManagementListService = listService(shopManagementList, {
  table: shops,
  filters: { platform: shops.platform },
  search: [shops.name, shops.sellerId, shops.shortCode, shops.account],
  sorts: { name: shops.name, accessExpiresAt: shops.accessExpiresAt, creationTime: shops.creationTime },
  items: (tx, ctx, rows: ShopRow[]) => callStats(tx, ctx, rows.map(toDto)),
});

/** The call log (`shopCallList`) of the shop the path names: the viewer's shop, else 404. */
export const shopCallListService = listService(shopCallList, {
  table: shopCalls,
  filters: {
    // `false` is every call, as before the list kit
    failed: (only: boolean) => (only ? failedCall : undefined),
  },
  sorts: { at: shopCalls.at },
  // the shop of the path (`/:id/logs`): the viewer's tenant's, or 404
  async guard(services: Services, ctx: ListContext, q: Record<string, unknown>) {
    // the calls made just before are written apart from the request: wait for them
    await callLogWritten(services);
    await services.data.inTenant(ctx, (tx) => getShop(tx, ctx, q.id as string));
  },
  // no id only when a plan is read (the guard is skipped there)
  scope: (_s, _tx, _ctx, q) => (q.id ? eq(shopCalls.shopId, q.id as string) : undefined),
  items: (_tx, _ctx, rows: (typeof shopCalls.$inferSelect)[]) => rows,
});

// ---------------------------------------------------------------------------------------------
// The call log

const pending = new WeakMap<Services, Set<Promise<unknown>>>();
const cut = (v: string | null, n: number) => (v === null ? null : v.slice(0, n));

/** A call as its log row. */
const callRow = (tenantId: string | null, shopId: string, record: CallRecord) => ({
  tenantId,
  shopId,
  platform: record.platform,
  api: record.api.slice(0, 200),
  method: record.method,
  httpStatus: record.httpStatus,
  code: cut(record.code, 100),
  type: cut(record.type, 32),
  message: cut(record.message, 1000),
  requestId: cut(record.requestId, 100),
  detail: record.detail === undefined ? null : (JSON.parse(JSON.stringify(record.detail ?? null)) as unknown),
  durationMs: record.durationMs,
});

/** Writes calls made before their shop existed (an authorization's) into its log, in the caller's unit. */
export async function recordCalls(tx: Tx, ctx: CrudContext, shopId: string, records: CallRecord[]) {
  if (!records.length) return;
  await tx.insert(shopCalls).values(records.map((r) => callRow(ctx.tenant?.id ?? null, shopId, r)));
}

/** A logger writing each call of a shop into its call log (after the call, apart from any transaction). */
export function callLogger(services: Services, tenant: CurrentTenant | null, shopId: string): CallLogger {
  return (record: CallRecord) => {
    const write = services.data
      .inTenant({ tenant }, (tx) => tx.insert(shopCalls).values(callRow(tenant?.id ?? null, shopId, record)))
      .catch(() => {
        // a shop deleted meanwhile, or the database closing: the call itself is unaffected
      });
    const set = pending.get(services) ?? new Set<Promise<unknown>>();
    pending.set(services, set);
    set.add(write);
    void write.finally(() => set.delete(write));
  };
}

/** Waits for the call-log rows being written (before reading the log). */
export async function callLogWritten(services: Services): Promise<void> {
  await Promise.all([...(pending.get(services) ?? [])]);
}

/** Calls older than this are removed by the refresh job. */
const CALL_LOG_DAYS = 30;

export async function purgeCallLog(services: Services, now = Date.now()) {
  await services.data.unscoped((tx) =>
    tx.delete(shopCalls).where(lt(shopCalls.at, new Date(now - CALL_LOG_DAYS * 24 * HOUR))),
  );
}

// ---------------------------------------------------------------------------------------------
// Tokens and clients

export async function getShop(tx: Tx, ctx: CrudContext, id: string): Promise<ShopRow> {
  const [row] = await tx
    .select()
    .from(shops)
    .where(owned(ctx, shops, eq(shops.id, id)));
  if (!row) throw notFound('Shop', id);
  return row;
}

/** The marketplaces' auth calls for this configuration, reporting to `log`. */
export function authOf(services: Pick<Services, 'config'>, log?: CallLogger) {
  const { config } = services;
  const urls = endpoints(config);
  return {
    lazada: lazadaAuth(
      { appKey: config.lazada.appKey, appSecret: config.lazada.appSecret, log },
      { authorize: urls.lazadaAuthorize, auth: urls.lazadaAuth },
    ),
    shopee: shopeeAuth(
      { partnerId: config.shopee.partnerId, partnerKey: config.shopee.partnerKey, log },
      urls.shopeeHost,
    ),
  };
}

/** A client of the shop for one of its sites, with these (plain) tokens. */
export function clientOf(
  services: Pick<Services, 'config'>,
  row: Pick<ShopRow, 'platform' | 'sellerId'>,
  accessToken: string,
  region: string,
  log?: CallLogger,
) {
  const { config } = services;
  const urls = endpoints(config);
  if (row.platform === 'LAZADA') {
    return new LazadaClient({
      app: { appKey: config.lazada.appKey, appSecret: config.lazada.appSecret, log },
      region,
      base: () => urls.lazadaApi(region),
      accessToken,
    });
  }
  return new ShopeeClient({
    partner: { partnerId: config.shopee.partnerId, partnerKey: config.shopee.partnerKey, log },
    region,
    host: urls.shopeeHost,
    accessToken,
    shopId: row.sellerId ?? '0',
    imageUpload: config.shopee.host === 'sim' ? 'url' : 'file',
  });
}

/** Writes a grant's tokens (encrypted) and state into the shop. */
export async function saveGrant(
  services: Pick<Services, 'config'>,
  tx: Tx,
  ctx: CrudContext,
  id: string,
  grant: TokenGrant,
  authorized: boolean,
) {
  const secrets = await secretsFor(services.config);
  const now = new Date();
  await tx
    .update(shops)
    .set({
      accessToken: secrets.encrypt(grant.accessToken),
      refreshToken: secrets.encrypt(grant.refreshToken),
      accessExpiresAt: grant.accessExpiresAt,
      refreshExpiresAt: grant.refreshExpiresAt,
      refreshedAt: now,
      ...(authorized ? { authorizedAt: now } : {}),
      ...(grant.account ? { account: grant.account.slice(0, 128) } : {}),
      status: 'active',
      lastError: null,
      lastModificationTime: now,
    })
    .where(owned(ctx, shops, eq(shops.id, id)));
}

const errorText = (e: unknown) =>
  (e instanceof MarketplaceError ? `${e.code}: ${e.message}` : ((e as Error).message ?? String(e))).slice(0, 1000);

/** Records a failed refresh or call: auth errors end the authorization (revoked/expired), others keep it. */
async function recordFailure(services: Services, tenant: CurrentTenant | null, row: ShopRow, e: unknown) {
  const auth = e instanceof MarketplaceError && e.kind === 'auth';
  const refreshDead = row.refreshExpiresAt !== null && row.refreshExpiresAt.getTime() <= Date.now();
  await services.data.inTenant({ tenant }, (tx) =>
    tx
      .update(shops)
      .set({
        lastError: errorText(e),
        ...(auth
          ? { status: refreshDead || /expired/i.test((e as MarketplaceError).code) ? 'expired' : 'revoked' }
          : {}),
      })
      .where(owned({ tenant, user: null }, shops, eq(shops.id, row.id))),
  );
}

/**
 * The shop's new tokens from its marketplace, not yet stored (`saveGrant` stores them). Shopee's
 * refresh token is single use: the new pair must replace the old at once. Auth refusals mark the
 * shop (in a unit of their own); the error is thrown.
 */
async function renewedGrant(services: Services, tenant: CurrentTenant | null, row: ShopRow): Promise<TokenGrant> {
  if (!row.refreshToken) throw fieldError('id', 'Shops::NotAuthorized', [row.name]);
  const secrets = await secretsFor(services.config);
  const refreshToken = secrets.decrypt(row.refreshToken);
  const auth = authOf(services, callLogger(services, tenant, row.id));
  let grant: TokenGrant;
  try {
    grant =
      row.platform === 'LAZADA'
        ? await auth.lazada.refreshToken(refreshToken)
        : await auth.shopee.refreshToken(refreshToken, row.sellerId ?? '0');
  } catch (e) {
    await recordFailure(services, tenant, row, e);
    throw e;
  }
  if (row.platform === 'SHOPEE' && !grant.refreshExpiresAt) grant.refreshExpiresAt = row.refreshExpiresAt;
  return grant;
}

/**
 * The refresh a user asks for, before the unit that stores it: the shop read (another tenant's is
 * a 404) and its new tokens; a marketplace refusal is answered as the shop's problem.
 */
export async function requestedGrant(services: Services, ctx: CrudContext, id: string): Promise<TokenGrant> {
  const row = await services.data.inTenant(ctx, (tx) => getShop(tx, ctx, id));
  try {
    return await renewedGrant(services, ctx.tenant, row);
  } catch (e) {
    throw e instanceof MarketplaceError ? marketplaceRefusal(e, row.name) : e;
  }
}

/**
 * Refreshes the shop's tokens through its marketplace and stores them (the jobs' and the clients'
 * form, each step in a unit of its own). Auth refusals mark the shop; the error is thrown.
 */
export async function refreshShop(services: Services, tenant: CurrentTenant | null, id: string): Promise<ShopRow> {
  const ctx = { tenant, user: null };
  const row = await services.data.inTenant(ctx, (tx) => getShop(tx, ctx, id));
  const grant = await renewedGrant(services, tenant, row);
  return services.data.inTenant(ctx, async (tx) => {
    await saveGrant(services, tx, ctx, id, grant, false);
    return getShop(tx, ctx, id);
  });
}

/** A marketplace error as the API answers it: the shop's problem, in the user's words. */
export function marketplaceRefusal(e: unknown, shopName: string): AppError {
  if (!(e instanceof MarketplaceError)) throw e;
  return new AppError({
    status: e.kind === 'auth' || e.kind === 'permanent' ? 400 : 503,
    code: `Marketplaces:${e.code}`,
    messageKey: 'Shops::MarketplaceRefused',
    params: [shopName, `${e.code}: ${e.message}`],
    data: { kind: e.kind, code: e.code, requestId: e.requestId },
  });
}

/** Shops whose access token enters the refresh window (all tenants of the main database). */
export async function shopsDue(services: Services, now = Date.now()) {
  return services.data.unscoped((tx) =>
    tx
      .select({ id: shops.id, tenantId: shops.tenantId, platform: shops.platform })
      .from(shops)
      .where(
        and(
          inArray(shops.status, ['active', 'expiring']),
          isNotNull(shops.refreshToken),
          sql`${shops.accessExpiresAt} <= ${new Date(now + REFRESH_AHEAD_MS.LAZADA)}`,
          sql`(${shops.platform} = 'LAZADA' or ${shops.accessExpiresAt} <= ${new Date(now + REFRESH_AHEAD_MS.SHOPEE)})`,
          gte(shops.refreshExpiresAt, new Date(now)),
        ),
      )
      .limit(500),
  );
}
