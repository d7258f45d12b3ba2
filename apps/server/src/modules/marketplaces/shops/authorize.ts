import { randomUUID } from 'node:crypto';
import type { MarketPlatform } from '@seller/contracts/marketplaces';
import { and, eq, lt } from 'drizzle-orm';
import type { AppConfig } from '../../../config.ts';
import type { CurrentTenant, RequestContext } from '../../../core/context.ts';
import { insertOwned, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { uniquely } from '../../../core/resource.ts';
import { secretsFor } from '../../../core/secrets.ts';
import type { Services } from '../../../core/services.ts';
import { MarketplaceError } from '../clients/errors.ts';
import type { CallLogger, CallRecord } from '../clients/http.ts';
import type { TokenGrant } from '../clients/lazada.ts';
import type { ShopeeClient } from '../clients/shopee.ts';
import { consentStates, shops } from './schema.ts';
import { authOf, clientOf, getShop, marketplaceRefusal, recordCalls, saveGrant } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long an authorization link's state is accepted (Lazada's code lives 30 min). */
export const STATE_TTL_MS = 30 * 60_000;

interface State {
  /** tenant id (or empty for the host), user id, platform, shop to re-authorize, region, expiry (ms), nonce */
  t: string;
  u: string;
  p: MarketPlatform;
  s: string | null;
  r: string | null;
  e: number;
  n: string;
}

/**
 * The consent link of a marketplace. The `state` binds the tenant, the user, the platform, the
 * shop being re-authorized and an expiry; it is encrypted and authenticated with the secrets key
 * (AES-GCM), so it can be neither read nor forged, and a nonce, so it is redeemed once. The
 * callback must be this site's own, as configured (`callbackOrigins`).
 */
export async function authorizeUrl(
  tx: Tx,
  ctx: RequestContext,
  config: AppConfig,
  q: { platform: MarketPlatform; region?: string; redirectUri: string; shopId?: string },
) {
  if (!callbackOrigins(config, ctx.tenant).has(new URL(q.redirectUri).origin)) {
    throw fieldError('redirectUri', 'Shops::RedirectNotAllowed');
  }
  if (q.shopId) {
    const shop = await getShop(tx, ctx, q.shopId);
    if (shop.platform !== q.platform) throw fieldError('platform', 'Shops::PlatformOfShop', [shop.platform]);
  }
  const secrets = await secretsFor(config);
  const state = secrets.encrypt(
    JSON.stringify({
      t: ctx.tenant?.id ?? '',
      u: ctx.user?.id ?? '',
      p: q.platform,
      s: q.shopId ?? null,
      r: q.region ?? null,
      e: Date.now() + STATE_TTL_MS,
      n: randomUUID(),
    } satisfies State),
  );
  const auth = authOf({ config });
  try {
    const link =
      q.platform === 'LAZADA'
        ? auth.lazada.authorizeUrl(q.redirectUri, state)
        : auth.shopee.authorizeUrl(q.redirectUri, state);
    return { url: link, state };
  } catch (e) {
    throw e instanceof MarketplaceError ? marketplaceRefusal(e, q.platform) : e;
  }
}

/**
 * The origins a consent may come back to, from configuration only (never the request's Host
 * header, which the caller chooses): ISSUER's, or in development `http://localhost:PORT`; and a
 * tenant's own sub-domain of it when tenants are served on sub-domains of PUBLIC_HOST
 * (`demo.localhost:9527`).
 */
export function callbackOrigins(
  config: Pick<AppConfig, 'issuer' | 'port' | 'publicHost'>,
  tenant: CurrentTenant | null,
): Set<string> {
  const site = new URL(config.issuer ?? `http://localhost:${config.port}`);
  const origins = new Set([site.origin]);
  if (tenant && site.hostname === config.publicHost.toLowerCase()) {
    origins.add(new URL(`${site.protocol}//${tenant.name.toLowerCase()}.${site.host}`).origin);
  }
  return origins;
}

/**
 * Redeems a state once: its nonce is recorded until the state's expiry, and a second redemption
 * (a replayed callback, a double submit) is refused. Done before the code is exchanged, so two
 * concurrent callbacks cannot both reach the marketplace.
 */
async function redeemState(services: Services, ctx: RequestContext, state: State) {
  const redeemed = await services.data.inTenant(ctx, async (tx) => {
    await tx.delete(consentStates).where(lt(consentStates.expiresAt, new Date()));
    return tx
      .insert(consentStates)
      .values({ nonce: state.n, tenantId: ctx.tenant?.id ?? null, expiresAt: new Date(state.e) })
      .onConflictDoNothing()
      .returning({ nonce: consentStates.nonce });
  });
  if (!redeemed.length) throw fieldError('state', 'Shops::StateUsed');
}

async function readState(services: Services, ctx: RequestContext, text: string): Promise<State> {
  const secrets = await secretsFor(services.config);
  let state: State;
  try {
    state = JSON.parse(secrets.decrypt(text)) as State;
  } catch {
    throw fieldError('state', 'Shops::StateInvalid');
  }
  if (state.t !== (ctx.tenant?.id ?? '') || state.u !== (ctx.user?.id ?? ''))
    throw fieldError('state', 'Shops::StateInvalid');
  if (state.e < Date.now()) throw fieldError('state', 'Shops::StateExpired');
  // a state sealed before states carried a nonce cannot be redeemed once: refused as invalid
  if (typeof state.n !== 'string' || !UUID.test(state.n)) throw fieldError('state', 'Shops::StateInvalid');
  return state;
}

export interface Exchanged {
  grant: TokenGrant;
  sellerId: string;
  shortCode: string | null;
  regions: string[];
  name: string;
}

/**
 * A code exchanged for tokens through the marketplace, with what the shop is: its seller id,
 * sites and name (see `storeAuthorization`).
 */
export async function exchangeCode(
  services: Pick<Services, 'config'>,
  platform: MarketPlatform,
  code: string,
  shopId: string | undefined,
  region: string | null,
  log: CallLogger,
): Promise<Exchanged> {
  const auth = authOf(services, log);
  if (platform === 'LAZADA') {
    const grant = await auth.lazada.createToken(code);
    const first = grant.shops[0];
    const sellerId = first?.sellerId || grant.account || 'unknown';
    const shortCode = first?.shortCode ?? null;
    let regions = [...new Set(grant.shops.map((c) => c.region).filter((r) => /^[A-Z]{2}$/.test(r)))];
    if (!regions.length) regions = [region ?? 'MY'];
    return { grant, sellerId, shortCode, regions, name: grant.account ?? `Lazada ${shortCode ?? sellerId}` };
  }
  const sellerId = shopId ?? '0';
  const grant = await auth.shopee.createToken(code, sellerId);
  const probe = clientOf(
    services,
    { platform: 'SHOPEE', sellerId } as never,
    grant.accessToken,
    region ?? 'MY',
    log,
  ) as ShopeeClient;
  const info = await probe.shopInfo().catch(() => ({ name: '', region: '' }));
  return {
    grant,
    sellerId,
    shortCode: null,
    regions: [/^[A-Z]{2}$/.test(info.region) ? info.region : (region ?? 'MY')],
    name: info.name || `Shopee ${sellerId}`,
  };
}

/** What an authorization read from the marketplace (`readAuthorization`), for `storeAuthorization`. */
export interface Authorization {
  platform: MarketPlatform;
  /** The shop the state names (a re-authorization), or null. */
  shopId: string | null;
  exchanged: Exchanged;
  /** The calls made: the shop may not exist yet, so they are written with it. */
  calls: CallRecord[];
}

/**
 * The callback's code exchanged for tokens, before any unit. The state is checked and redeemed
 * first, in a unit of its own that commits before the marketplace is called, so a replayed
 * callback is refused even while the first one waits for its answer.
 */
export async function readAuthorization(
  services: Services,
  ctx: RequestContext,
  input: { code: string; state: string; shopId?: string },
): Promise<Authorization> {
  const state = await readState(services, ctx, input.state);
  if (state.p === 'SHOPEE' && !input.shopId) throw fieldError('shopId', 'Shops::ShopIdRequired');
  await redeemState(services, ctx, state);
  const calls: CallRecord[] = [];
  try {
    const exchanged = await exchangeCode(services, state.p, input.code, input.shopId, state.r, (r) => calls.push(r));
    return { platform: state.p, shopId: state.s, exchanged, calls };
  } catch (e) {
    throw e instanceof MarketplaceError ? marketplaceRefusal(e, state.p) : e;
  }
}

/**
 * Creates or updates the shop an authorization read (`readAuthorization`), in the caller's unit,
 * with the calls it made; the shop's id. A Lazada account is one shop: a cross-border account
 * (`country: cb`) authorizes every venture at once with one token, so its shop lists every venture
 * of `country_user_info` in `regions` (the seller id and short code of the first). A Shopee shop
 * is its `shop_id`, region from `get_shop_info`. Re-authorizing (the state names a shop) updates
 * that shop; otherwise a shop of the tenant with the same seller id is updated, or a new one created.
 */
export async function storeAuthorization(
  services: Pick<Services, 'config'>,
  tx: Tx,
  ctx: RequestContext,
  authorization: Authorization,
): Promise<string> {
  const { grant, sellerId, shortCode, regions, name } = authorization.exchanged;
  const id = await upsertShop();
  await recordCalls(tx, ctx, id, authorization.calls);
  return id;

  async function upsertShop() {
    let existing = authorization.shopId ? await getShop(tx, ctx, authorization.shopId) : undefined;
    if (!existing) {
      [existing] = await tx
        .select()
        .from(shops)
        .where(owned(ctx, shops, and(eq(shops.platform, authorization.platform), eq(shops.sellerId, sellerId))));
    }
    const taken = () => fieldError('state', 'Shops::SellerTaken', [sellerId]);
    if (existing) {
      if (existing.sellerId && existing.sellerId !== sellerId)
        throw fieldError('state', 'Shops::DifferentSeller', [existing.name]);
      const shop = existing;
      await uniquely(
        () =>
          tx
            .update(shops)
            .set({
              sellerId,
              shortCode: shop.shortCode ?? shortCode,
              regions: shop.regions.length ? shop.regions : regions,
            })
            .where(owned(ctx, shops, eq(shops.id, shop.id))),
        taken,
      );
      await saveGrant(services, tx, ctx, shop.id, grant, true);
      return shop.id;
    }
    const row = await uniquely(
      () =>
        insertOwned(tx, ctx, shops, 'Shop', {
          platform: authorization.platform,
          name: name.slice(0, 128),
          regions,
          sellerId,
          shortCode,
          status: 'active',
        }),
      taken,
    );
    await saveGrant(services, tx, ctx, row.id as string, grant, true);
    return row.id as string;
  }
}
