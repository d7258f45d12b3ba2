import { secretsFor } from '../../core/secrets.ts';
import type { Services } from '../../core/services.ts';
import { FILES_URL, nameOf } from './service.ts';

/** Where signed links are served: `/api/files/public/{tenant or host}/{name}?exp=&sig=`. */
export const PUBLIC_FILES_URL = `${FILES_URL}/public`;

/** How long a link handed to an outside party (a marketplace fetching a product image) stays valid. */
export const PUBLIC_LINK_SECONDS = 7 * 24 * 3600;

const signed = (owner: string, name: string, exp: number) => `${owner}/${name}/${exp}`;

/**
 * A link to one of a tenant's files that works without a token until it expires, for an outside
 * party that must fetch it (a marketplace reading a listing's images). Only the file it names can be
 * read with it: the tenant, the name and the expiry are signed. Null when `url` is not a file of ours.
 */
export async function publicFileLink(
  services: Services,
  tenantId: string | null,
  url: string,
  now = Date.now(),
): Promise<string | null> {
  const name = nameOf(url);
  if (!name) return null;
  const owner = tenantId ?? 'host';
  const exp = Math.floor(now / 1000) + PUBLIC_LINK_SECONDS;
  const sig = (await secretsFor(services.config)).sign(signed(owner, name, exp));
  return `${PUBLIC_FILES_URL}/${owner}/${name}?exp=${exp}&sig=${sig}`;
}

/** Whether a public link's parts carry a valid, unexpired signature. */
export async function publicLinkValid(
  services: Services,
  link: { owner: string; name: string; exp: number; sig: string },
  now = Date.now(),
): Promise<boolean> {
  if (link.exp * 1000 < now) return false;
  return (await secretsFor(services.config)).verify(signed(link.owner, link.name, link.exp), link.sig);
}
