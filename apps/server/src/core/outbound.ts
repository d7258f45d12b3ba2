import { lookup as systemLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { registerResource } from './localization/index.ts';

/**
 * The one way the server fetches a URL a user gave it (a page to gather, a source image): only
 * public addresses of the internet, never this machine or a network behind it.
 *
 * Each hop (redirects are followed by hand) resolves its name once, checks every address the name
 * has, and connects to the address it checked: the socket's own lookup is pinned to it, so a
 * second answer of the DNS (rebinding) cannot move the connection. The name still goes in the
 * Host header and as the TLS server name, so certificates are checked against it. Everything
 * that goes wrong before an answer (refused address, unknown name, closed port, time out) throws
 * `OutboundError`, which callers show with one text (`OUTBOUND_UNAVAILABLE`): a user cannot tell a
 * closed port from an open one, or a refused address from a missing one.
 */

/** Why a fetch gave no usable answer; callers show the same text for all but `tooLarge`. */
export type OutboundFailure = 'refused' | 'unreachable' | 'timeout' | 'tooLarge';

export class OutboundError extends Error {
  readonly reason: OutboundFailure;
  constructor(reason: OutboundFailure) {
    super(`outbound fetch failed: ${reason}`);
    this.reason = reason;
  }
}

/** The one text for a fetch that was refused or failed (`Outbound::Unavailable`). */
export const OUTBOUND_UNAVAILABLE = 'Outbound::Unavailable';

registerResource('Outbound', {
  en: { Unavailable: 'The address could not be fetched: it did not answer, or it is not a public web address.' },
  'zh-Hans': { Unavailable: '无法获取该地址：它没有应答，或不是公网地址。' },
});

/** IANA's global unicast block: IPv6 outside it is reserved, mapped or embedded (`::a.b.c.d`…). */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether `address` (an IP literal) is a public unicast address. ipaddr.js names the special
 * ranges (loopback, private, link-local, CGNAT, unique-local, multicast, unspecified, broadcast,
 * the IANA special-purpose blocks, 6to4, Teredo, NAT64): anything it does not call `unicast` is
 * refused. An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function publicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // Node's own spelling first: ipaddr.js reads the IPv4-compatible `::8.8.8.8` as the mapped
    // `::ffff:8.8.8.8`, while the socket would connect to `::808:808`; odd IPv4 spellings
    // (`0x7f.1`) are no address to Node and are refused
    const family = isIP(address);
    if (!family) return false;
    parsed = ipaddr.parse(family === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
    if (!v6.match(GLOBAL_UNICAST_V6)) return false;
  }
  return parsed.range() === 'unicast';
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * Tests only, and only by code (no configuration reaches it): a resolver in place of the system's
 * and addresses admitted although not public (a test server on loopback).
 */
export interface OutboundTestAllowance {
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
  allow?: (address: string, port: number) => boolean;
}

export interface OutboundOptions {
  /** For the whole fetch, every hop and the body included. */
  timeoutMs: number;
  /** The most bytes read of the answer (after decompression). */
  maxBytes: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  unsafeTestAllowance?: OutboundTestAllowance;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Where the answer came from, after redirects. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const defaultPort = (url: URL) => (url.protocol === 'https:' ? 443 : 80);

async function resolve(host: string, allowance: OutboundTestAllowance | undefined): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  if (family) return [{ address: host, family }];
  try {
    const found = allowance?.lookup
      ? await allowance.lookup(host)
      : await systemLookup(host, { all: true, verbatim: true });
    if (!found.length) throw new OutboundError('unreachable');
    return found;
  } catch {
    throw new OutboundError('unreachable');
  }
}

/** A socket lookup that answers the address already checked, whatever it is asked. */
const pinned =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

/** Rejects when `signal` aborts (a DNS lookup cannot be cancelled, only left behind). */
function orAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const abort = () => reject(new OutboundError('timeout'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolvePromise, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function ask(url: URL, options: OutboundOptions, signal: AbortSignal): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('refused');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || defaultPort(url);
  const addresses = await orAbort(resolve(host, options.unsafeTestAllowance), signal);
  const allow = options.unsafeTestAllowance?.allow;
  // every address the name has must be public, not only the one connected to
  if (addresses.some((a) => !publicAddress(a.address) && !allow?.(a.address, port))) {
    throw new OutboundError('refused');
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolveAnswer, reject) => {
    const req = request({
      protocol: url.protocol,
      // an IP literal is connected to as it is (it was checked); a name through the pinned lookup
      host,
      port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { 'accept-encoding': 'gzip, deflate, br', ...options.headers },
      lookup: pinned(addresses[0]),
      agent: false,
      signal,
    });
    req.once('response', resolveAnswer);
    req.on('error', reject);
    req.end();
  });
}

/** The answer's body, decompressed, refused past `max` bytes. */
async function read(res: IncomingMessage, max: number): Promise<Buffer> {
  if (Number(res.headers['content-length'] ?? 0) > max && !res.headers['content-encoding']) {
    res.destroy();
    throw new OutboundError('tooLarge');
  }
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  const stream: Readable = decoder ? pipeline(res, decoder, () => {}) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      res.destroy();
      throw new OutboundError('tooLarge');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * GETs `url` from a public address (see above), following at most `maxRedirects` redirects, each
 * checked like the first. Any HTTP status is returned; what went wrong before one throws
 * `OutboundError`.
 */
export async function outboundGet(url: string | URL, options: OutboundOptions): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 5;
  let at: URL;
  try {
    at = new URL(url);
  } catch {
    throw new OutboundError('refused');
  }
  try {
    for (let hop = 0; ; hop++) {
      const res = await ask(at, options, signal);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (hop >= maxRedirects) throw new OutboundError('unreachable');
        at = new URL(location, at);
        continue;
      }
      return {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: await read(res, options.maxBytes),
        url: at.href,
      };
    }
  } catch (e) {
    if (signal.aborted) throw new OutboundError('timeout');
    if (e instanceof OutboundError) throw e;
    // a closed port, a reset, a bad certificate, a broken answer: all the same to the caller
    throw new OutboundError('unreachable');
  }
}
