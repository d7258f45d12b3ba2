import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { type RequestContext, systemContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { parsePublishableKey, secretMatches } from './sites/keys.ts';
import { type SiteRow, sites } from './sites/schema.ts';

/** How often a site's `lastUsedAt` is written at most: a busy storefront does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Calls per minute per site key and client address: a browser's, and a storefront server's (which
 * sends the secret and serves many shoppers from one address).
 */
export const STORE_RATE_LIMITS = { browser: 300, server: 3000 } as const;

const refused = (key: string, status = 401) =>
  new AppError({ status, code: `Sitekit:${key}`, messageKey: `Sitekit::${key}` });

/** What a Storefront API call knows once its site key is checked. */
export interface StoreCall {
  ctx: RequestContext;
  site: SiteRow;
  /** Whether the call also proved the site's secret (a storefront's server, not a browser). */
  server: boolean;
}

/**
 * Runs a Storefront API call in one unit of work of the tenant its publishable key names
 * (`x-site-key`): no tenant header and no admin token count here. An unknown, malformed or
 * inactive key is refused before anything else; an `x-site-secret` sent along must be the site's
 * secret, or the one a rotation replaced while its grace lasts.
 */
export async function inStore<R>(
  services: Services,
  request: {
    headers: Record<string, string | string[] | undefined>;
    culture: RequestContext['culture'];
    clientIp: string | null;
  },
  reply: { header(name: string, value: string): unknown },
  run: (tx: Tx, call: StoreCall) => Promise<R>,
): Promise<R> {
  const key = request.headers['x-site-key'];
  if (typeof key !== 'string' || !key) throw refused('SiteKeyMissing');
  const parsed = parsePublishableKey(key.trim());
  if (!parsed) throw refused('SiteKeyInvalid');
  const secret = request.headers['x-site-secret'];
  await services.rateLimiter.hit(
    `store:${parsed.keyId}:${request.clientIp ?? 'unknown'}`,
    secret === undefined ? STORE_RATE_LIMITS.browser : STORE_RATE_LIMITS.server,
    60,
  );
  const tenant = await services.tenants.find(parsed.tenantId);
  if (!tenant?.isActive) throw refused('SiteKeyInvalid');
  const ctx = systemContext(tenant, request.culture);
  return services.data.inTenant(ctx, async (tx) => {
    const [site] = await tx.select().from(sites).where(eq(sites.keyId, parsed.keyId)).limit(1);
    if (!site) throw refused('SiteKeyInvalid');
    if (!site.isActive) throw refused('SiteInactive', 403);
    let server = false;
    if (secret !== undefined) {
      const now = Date.now();
      const previousValid = site.previousSecretExpiresAt && site.previousSecretExpiresAt.getTime() > now;
      server =
        typeof secret === 'string' &&
        (secretMatches(secret, site.secretHash) || (!!previousValid && secretMatches(secret, site.previousSecretHash)));
      if (!server) throw refused('SiteSecretInvalid');
    }
    // a browser page of an allowed origin may read the answer; any other origin's may not
    const origin = request.headers.origin;
    if (typeof origin === 'string' && site.allowedOrigins.includes(origin.toLowerCase()))
      reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    const stale = new Date(Date.now() - TOUCH_EVERY_MS);
    if (!site.lastUsedAt || site.lastUsedAt < stale)
      await tx
        .update(sites)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(sites.id, site.id), or(isNull(sites.lastUsedAt), lt(sites.lastUsedAt, stale))));
    return run(tx, { ctx, site, server });
  });
}
