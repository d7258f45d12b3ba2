import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { platformOfUrl } from '@seller/contracts/catalog';
import {
  OUTBOUND_UNAVAILABLE,
  OutboundError,
  type OutboundResponse,
  type OutboundTestAllowance,
  outboundGet,
} from '../../../core/outbound.ts';
import type { Services } from '../../../core/services.ts';
import { renderSamplePage, SAMPLES_DIR } from './samples/pages.ts';
import { itemIdOf } from './sources.ts';

/**
 * Where gathered pages and their images come from. The default serves the sample pages and
 * images kept in `samples/` (no outside site is reachable from the product's own machines, and
 * tests must not depend on one); `GATHER_FETCHER=http` switches to real HTTP through the core's
 * outbound guard, with a timeout and a size limit. A test may put its own fetcher in with `useGatherFetcher`.
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
  /** The source did not answer in time (the image proxy answers 504). */
  readonly timedOut: boolean;
  constructor(key: string, params: string[] = [], timedOut = false) {
    super(key);
    this.key = key;
    this.params = params;
    this.timedOut = timedOut;
  }
}

const IMAGE_NAME = /^[A-Za-z0-9._-]{1,120}\.(png|jpe?g|gif|webp)$/;

/**
 * The sample pages: for the item id the platform's URL carries
 * (`https://detail.1688.com/offer/610000000001.html` → 1688, `610000000001`), the platform's page
 * rendered with that item's values (`samples/pages.ts`: `<platform>.ts` and `<platform>.json`);
 * images by their file name under `samples/images`. Anything else is "page not found".
 */
export function samplesFetcher(dir = SAMPLES_DIR): GatherFetcher {
  return {
    async fetch(url) {
      const platform = platformOfUrl(url);
      const id = itemIdOf(platform, url);
      const html = id && platform !== 'OTHER' ? await renderSamplePage(platform.toLowerCase(), id, dir) : null;
      if (html === null) throw new GatherFetchError('Catalog::Gather:PageNotFound', [url]);
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
  /** Tests only, by code: see `OutboundTestAllowance` (never set from configuration). */
  unsafeTestAllowance?: OutboundTestAllowance;
}

/** The one row error and proxy text for a page or image that was refused or could not be had. */
const unavailable = (timedOut = false) => new GatherFetchError(OUTBOUND_UNAVAILABLE, [], timedOut);

/**
 * Real HTTP (off by default) through the core's outbound guard (`core/outbound.ts`): http(s) only,
 * public addresses only on every hop, a time limit and a size limit on every answer.
 */
export function httpFetcher({ timeoutMs, maxBytes, unsafeTestAllowance }: HttpFetcherOptions): GatherFetcher {
  async function get(url: string, accept: string) {
    let res: OutboundResponse;
    try {
      res = await outboundGet(url, {
        timeoutMs,
        maxBytes,
        headers: { accept, 'user-agent': 'Mozilla/5.0 (compatible; SellerGather/1.0)' },
        unsafeTestAllowance,
      });
    } catch (e) {
      if (e instanceof OutboundError && e.reason === 'tooLarge') {
        throw new GatherFetchError('Catalog::Gather:PageTooLarge', [String(maxBytes / 1024 / 1024)]);
      }
      throw unavailable(e instanceof OutboundError && e.reason === 'timeout');
    }
    if (res.status === 404 || res.status === 410) throw new GatherFetchError('Catalog::Gather:PageNotFound', [url]);
    if (res.status < 200 || res.status >= 300) throw unavailable();
    return res;
  }
  return {
    async fetch(url) {
      const { headers, body, url: finalUrl } = await get(url, 'text/html,application/xhtml+xml');
      const charset = headers['content-type']?.match(/charset=([\w-]+)/i)?.[1] ?? 'utf-8';
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
        // the one text stays the one text; an answer that is no image is "image unavailable"
        if (e instanceof GatherFetchError && e.key !== OUTBOUND_UNAVAILABLE) {
          throw new GatherFetchError('Catalog::Gather:ImageUnavailable', [url]);
        }
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
