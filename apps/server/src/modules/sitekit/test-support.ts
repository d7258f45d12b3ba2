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
