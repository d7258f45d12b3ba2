import type { MarketPlatform } from '@seller/contracts/marketplaces';
import type { TestApp } from '../../../../test/harness.ts';
import { token } from '../../permission-management/test-support.ts';
import { simulatorCode } from './seed.ts';

/** The simulator account of a platform's site (its fixed sellers: Lazada MY/SG/TH or cross-border `cb`). */
export function simulatorAccount(platform: MarketPlatform, region = 'MY'): string {
  const r = region.toLowerCase();
  if (platform === 'LAZADA') return ['my', 'sg', 'th'].includes(r) ? `demo-${r}` : 'cb';
  return `demo-${r}`;
}

/** The app listening on a random loopback port (the simulator is reached through it); its origin. */
export async function listening(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const now = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${now.port}`;
}

const tokens = new WeakMap<TestApp, Map<string, string>>();

/**
 * Connects a shop of `tenant` to the simulator as a seller would: a code from the simulator's
 * control API, then `GET authorize-url` (for the state) and `POST /api/sitekit/shopes/authorize`
 * over HTTP as the tenant's admin. Authorizing the same seller again updates its shop.
 */
export async function connectShop(
  t: TestApp,
  tenant: 'demo' | 'other',
  platform: MarketPlatform,
  region = 'MY',
): Promise<{ shopId: string }> {
  const origin = await listening(t);
  const known = tokens.get(t) ?? new Map<string, string>();
  tokens.set(t, known);
  let bearer = known.get(tenant);
  if (!bearer) {
    bearer = await token(t.app, tenant);
    known.set(tenant, bearer);
  }
  const headers = { authorization: `Bearer ${bearer}`, 'accept-language': 'en' };
  // the callback page of the site as configured (no ISSUER in tests: localhost on PORT)
  const redirectUri = `http://localhost:${t.services.config.port}/publishingPlatform/shop-callback`;
  const q = new URLSearchParams({ platform, region, redirectUri });
  const link = await fetch(`${origin}/api/sitekit/shopes/authorize-url?${q}`, { headers });
  if (link.status !== 200) throw new Error(`authorize-url: ${link.status} ${await link.text()}`);
  const { state } = (await link.json()) as { state: string };
  const { code, shopId } = await simulatorCode(t.services, platform, simulatorAccount(platform, region));
  const res = await fetch(`${origin}/api/sitekit/shopes/authorize`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ code, state, ...(shopId ? { shopId } : {}) }),
  });
  if (res.status !== 200) throw new Error(`authorize: ${res.status} ${await res.text()}`);
  return { shopId: ((await res.json()) as { id: string }).id };
}
