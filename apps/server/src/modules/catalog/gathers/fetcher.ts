import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { platformOfUrl } from '@seller/contracts/catalog';
import type { Services } from '../../../core/services.ts';
import { itemIdOf } from './sources.ts';

/**
 * Where gathered pages and their images come from. The default serves the sample pages and
 * images kept in `samples/` (no outside site is reachable from the product's own machines, and
 * tests must not depend on one); `GATHER_FETCHER=http` switches to real HTTP with a timeout and
 * a size limit. A test may put its own fetcher in with `useGatherFetcher`.
 */
export interface GatherFetcher {
  /** The page at `url`; `finalUrl` is where it was found (after redirects). */
  fetch(url: string): Promise<{ html: string; finalUrl: string }>;
  /** An image's bytes. */
  fetchImage(url: string): Promise<Buffer>;
}

/** A page or image that could not be had; the key and parameters are a row's localized error. */
export class GatherFetchError extends Error {
  readonly key: string;
  readonly params: string[];
  constructor(key: string, params: string[] = []) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

export const SAMPLES_DIR = new URL('./samples', import.meta.url).pathname;
const IMAGE_NAME = /^[A-Za-z0-9._-]{1,120}\.(png|jpe?g|gif|webp)$/;

/**
 * The sample pages: `<platform>-<item id>.html` for the item id the platform's URL carries
 * (`https://detail.1688.com/offer/610000000001.html` → `1688-610000000001.html`); images by
 * their file name under `samples/images`. Anything else is "page not found".
 */
export function samplesFetcher(dir = SAMPLES_DIR): GatherFetcher {
  return {
    async fetch(url) {
      const platform = platformOfUrl(url);
      const id = itemIdOf(platform, url);
      if (!id || platform === 'OTHER') throw new GatherFetchError('Catalog::Gather:PageNotFound', [url]);
      const html = await readFile(join(dir, `${platform.toLowerCase()}-${id}.html`), 'utf8').catch(() => {
        throw new GatherFetchError('Catalog::Gather:PageNotFound', [url]);
      });
      return { html, finalUrl: url };
    },
    async fetchImage(url) {
      let name = '';
      try {
        name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
      } catch {
        // not a URL: not found below
      }
      if (!IMAGE_NAME.test(name)) throw new GatherFetchError('Catalog::Gather:ImageUnavailable', [url]);
      return readFile(join(dir, 'images', name)).catch(() => {
        throw new GatherFetchError('Catalog::Gather:ImageUnavailable', [url]);
      });
    },
  };
}

export interface HttpFetcherOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Tests only: private hosts the fetcher may reach all the same (a local test server). */
  allowHosts?: string[];
}

/** Hosts never fetched: the machine itself and private networks (a pasted URL must not reach inside). */
function privateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.internal') || h.endsWith('.local')) return true;
  if (isIP(h) === 4) {
    const [a, b] = h.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168)
    );
  }
  if (isIP(h) === 6) return h === '::1' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80');
  return false;
}

/** Reads at most `max` bytes of a response, refusing a larger one. */
async function bounded(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > max) throw new GatherFetchError('Catalog::Gather:PageTooLarge', [String(max / 1024 / 1024)]);
  const chunks: Buffer[] = [];
  let size = 0;
  if (!res.body) return Buffer.alloc(0);
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > max) throw new GatherFetchError('Catalog::Gather:PageTooLarge', [String(max / 1024 / 1024)]);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Real HTTP (off by default): http(s) only, no private hosts, a timeout and a size limit on every answer. */
export function httpFetcher({ timeoutMs, maxBytes, allowHosts = [] }: HttpFetcherOptions): GatherFetcher {
  const refused = (host: string) => !allowHosts.includes(host) && privateHost(host);
  /** One request, redirects followed by hand (at most 5) so that each hop's host is checked before it is asked. */
  async function get(url: string, accept: string) {
    const signal = AbortSignal.timeout(timeoutMs);
    let at = new URL(url);
    for (let hop = 0; ; hop++) {
      if ((at.protocol !== 'https:' && at.protocol !== 'http:') || refused(at.hostname)) {
        throw new GatherFetchError('Catalog::Gather:UnsupportedSite', [at.hostname]);
      }
      let res: Response;
      try {
        res = await fetch(at, {
          headers: { accept, 'user-agent': 'Mozilla/5.0 (compatible; SellerGather/1.0)' },
          redirect: 'manual',
          signal,
        });
      } catch (e) {
        throw new GatherFetchError('Catalog::Gather:PageUnreachable', [
          (e as Error).name === 'TimeoutError' ? 'timeout' : at.hostname,
        ]);
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (hop >= 5) throw new GatherFetchError('Catalog::Gather:PageUnreachable', ['redirects']);
        at = new URL(location, at);
        continue;
      }
      if (res.status === 404 || res.status === 410) throw new GatherFetchError('Catalog::Gather:PageNotFound', [url]);
      if (!res.ok) throw new GatherFetchError('Catalog::Gather:PageUnreachable', [`HTTP ${res.status}`]);
      return { res, finalUrl: at.toString(), body: await bounded(res, maxBytes) };
    }
  }
  return {
    async fetch(url) {
      const { res, body, finalUrl } = await get(url, 'text/html,application/xhtml+xml');
      const charset = res.headers.get('content-type')?.match(/charset=([\w-]+)/i)?.[1] ?? 'utf-8';
      let html: string;
      try {
        html = new TextDecoder(charset).decode(body);
      } catch {
        html = body.toString('utf8');
      }
      return { html, finalUrl };
    },
    async fetchImage(url) {
      try {
        return (await get(url, 'image/*')).body;
      } catch (e) {
        if (e instanceof GatherFetchError) throw new GatherFetchError('Catalog::Gather:ImageUnavailable', [url]);
        throw e;
      }
    },
  };
}

const chosen = new WeakMap<Services, GatherFetcher>();

/** Puts `fetcher` in for this app (tests). */
export function useGatherFetcher(services: Services, fetcher: GatherFetcher) {
  chosen.set(services, fetcher);
}

/** The app's fetcher: the one put in, else the configured one (`GATHER_FETCHER`, README). */
export function fetcherFor(services: Services): GatherFetcher {
  const own = chosen.get(services);
  if (own) return own;
  const { gatherFetcher, gatherHttpTimeoutMs, gatherHttpMaxBytes } = services.config;
  const fetcher =
    gatherFetcher === 'http'
      ? httpFetcher({ timeoutMs: gatherHttpTimeoutMs, maxBytes: gatherHttpMaxBytes })
      : samplesFetcher();
  chosen.set(services, fetcher);
  return fetcher;
}
