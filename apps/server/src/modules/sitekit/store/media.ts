import type { Services } from '../../../core/services.ts';
import { publicFileLink } from '../../files/index.ts';

const DAY_MS = 86_400_000;

/**
 * A picture as a shopper's browser may load it: a file of the tenant's files store becomes a
 * signed public link (the files module's, valid for days), the same all day so browsers and
 * proxies cache it; an outside address (or the web app's own `/demo/…`) is left as it is.
 */
export async function shopperImage(services: Services, tenantId: string | null, url: string | null) {
  if (!url) return null;
  const dayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  return (await publicFileLink(services, tenantId, url, dayStart)) ?? url;
}

/** `shopperImage` for many, in their order. */
export const shopperImages = (services: Services, tenantId: string | null, urls: string[]) =>
  Promise.all(urls.map(async (u) => (await shopperImage(services, tenantId, u)) ?? u));
