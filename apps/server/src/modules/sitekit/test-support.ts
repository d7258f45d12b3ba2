import type { TestApp } from '../../../test/harness.ts';
import { resourceCalls } from '../logistics/test-support.ts';

/** A site of the tenant `admin` signs in to (for the other tenant's side of an isolation check); its id. */
export async function createSite(t: TestApp, admin: string, code: string): Promise<string> {
  const { create } = resourceCalls<{ id: string }>(() => t, '/api/sitekit/sites');
  const site = await create(admin, {
    name: code,
    code,
    defaultLanguage: 'en',
    languages: ['en'],
    defaultCurrency: 'USD',
    currencies: ['USD'],
    timeZone: 'UTC',
  });
  return site.id;
}

/** The demo tenant's Demo Store (its id and key), and a Storefront API GET with that key and no admin token. */
export async function demoStore(t: TestApp, demoAdmin: string) {
  const { call } = resourceCalls<{ id: string }>(() => t, '/api/sitekit/sites');
  const site = (await call(demoAdmin, 'GET', '/api/sitekit/sites?filter=demo')).json().items[0] as {
    id: string;
    publishableKey: string;
  };
  const store = (path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { 'x-site-key': site.publishableKey, 'accept-language': 'en' } });
  return { siteId: site.id, store };
}
