import type { MarketPlatform, ShopGatewayInput } from '@seller/contracts/marketplaces';
import type { CurrentTenant, RequestContext } from '../../../core/context.ts';
import { fieldError } from '../../../core/errors.ts';
import { secretsFor } from '../../../core/secrets.ts';
import type { Services } from '../../../core/services.ts';
import { MarketplaceError } from '../clients/errors.ts';
import type { LazadaClient } from '../clients/lazada.ts';
import type { ShopeeClient } from '../clients/shopee.ts';
import type { MarketplaceClient } from '../clients/types.ts';
import { callLogger, clientOf, getShop, marketplaceRefusal, refreshShop, type ShopRow } from './service.ts';

export interface ShopAccess {
  shop: {
    id: string;
    platform: MarketPlatform;
    region: string;
    regions: string[];
    name: string;
    sellerId: string | null;
  };
  client: MarketplaceClient;
}

/**
 * A client for one of the tenant's shops, signed with its (decrypted) token and logging every call
 * in the shop's call log. An unknown shop, or another tenant's, is a 404; a shop without a usable
 * token (never authorized, revoked, or its refresh token expired) is a 400 naming it. An access
 * token already expired is refreshed first, while the refresh token is valid.
 *
 * `region`: which of the shop's sites (a Lazada cross-border shop sells on several); the first by
 * default. A region the shop does not sell on is a 400 naming `region`.
 */
export async function shopClient(
  services: Services,
  tenant: CurrentTenant | null,
  shopId: string,
  region?: string,
): Promise<ShopAccess & { client: LazadaClient | ShopeeClient }> {
  const ctx = { tenant, user: null };
  let row: ShopRow = await services.data.inTenant(ctx, (tx) => getShop(tx, ctx, shopId));
  const now = Date.now();
  const refreshValid = row.refreshToken !== null && (!row.refreshExpiresAt || row.refreshExpiresAt.getTime() > now);
  if (!row.accessToken || row.status === 'revoked' || row.status === 'unauthorized') {
    throw fieldError('shopId', 'Shops::NotAuthorized', [row.name]);
  }
  if (row.accessExpiresAt && row.accessExpiresAt.getTime() <= now) {
    if (!refreshValid) throw fieldError('shopId', 'Shops::TokenExpired', [row.name]);
    row = await refreshShop(services, tenant, shopId);
  } else if (row.status === 'expired') {
    throw fieldError('shopId', 'Shops::TokenExpired', [row.name]);
  }
  const site = (region ?? row.regions[0] ?? '').toUpperCase();
  if (!row.regions.includes(site)) throw fieldError('region', 'Shops::RegionNotOfShop', [site, row.name]);
  const secrets = await secretsFor(services.config);
  const client = clientOf(services, row, secrets.decrypt(row.accessToken!), site, callLogger(services, tenant, row.id));
  return {
    shop: {
      id: row.id,
      platform: row.platform,
      region: site,
      regions: row.regions,
      name: row.name,
      sellerId: row.sellerId,
    },
    client,
  };
}

/**
 * A marketplace API called with a shop's credentials (the gateway), before any unit: the shop,
 * its platform and the reply as received. A refusal is the shop's problem, in the user's words.
 */
export async function gatewayCall(services: Services, ctx: Pick<RequestContext, 'tenant'>, body: ShopGatewayInput) {
  const { shop, client } = await shopClient(services, ctx.tenant, body.shopId, body.region);
  try {
    if (client.platform === 'LAZADA') {
      const params = Object.fromEntries(
        Object.entries(body.params).map(([k, v]) => [
          k,
          typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as string),
        ]),
      );
      return { shop, platform: client.platform, reply: await client.raw(body.api, body.method, params) };
    }
    return { shop, platform: client.platform, reply: await client.raw(body.api, body.method, body.params) };
  } catch (e) {
    throw e instanceof MarketplaceError ? marketplaceRefusal(e, shop.name) : e;
  }
}
