import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, outboundGet, publicAddress, type ResolvedAddress } from './outbound.ts';

/** The outbound guard: which addresses are public, and that the one checked is the one connected to. */

describe('public addresses', () => {
  it('refuses this machine, private networks and every special-purpose or embedded form', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.0.0.8',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.1',
      '203.0.113.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:10.0.0.8',
      '::ffff:192.168.1.1',
      '::ffff:100.64.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '::8.8.8.8',
      '::ffff:0:127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:8',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '100::1',
      'localhost',
      '',
    ]) {
      expect(publicAddress(address), address).toBe(false);
    }
  });

  it('admits public unicast addresses, an IPv4-mapped public one too', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '100.128.0.1',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(publicAddress(address), address).toBe(true);
    }
  });
});

describe('fetching through the guard', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  let lastHeaders: IncomingHttpHeaders = {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      lastHeaders = req.headers;
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      // the head and a first part, then nothing: the time limit covers the body too
      if (req.url === '/drip') return void res.writeHead(200).write('first part');
      res.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  /** A resolver the system does not have (`shop.test`), counting its lookups. */
  const resolver = (answers: ResolvedAddress[]) => {
    const r = {
      calls: 0,
      lookup: async (host: string) => {
        r.calls++;
        if (host !== 'shop.test') throw new Error('ENOTFOUND');
        return answers;
      },
    };
    return r;
  };
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'fetched',
      (e) => (e instanceof OutboundError ? e.reason : `other: ${e}`),
    );

  it('connects to the address it checked, looked up once, with the name as the Host', async () => {
    const dns = resolver([{ address: '127.0.0.1', family: 4 }]);
    const before = hits;
    const res = await outboundGet(`http://shop.test:${port}/page`, {
      timeoutMs: 2000,
      maxBytes: 100,
      unsafeTestAllowance: { lookup: dns.lookup, allow: (a, p) => a === '127.0.0.1' && p === port },
    });
    expect(res).toMatchObject({ status: 200, url: `http://shop.test:${port}/page` });
    expect(res.body.toString()).toBe('hello');
    // the system resolver does not know shop.test: the connection used the checked answer, asked once
    expect(dns.calls).toBe(1);
    expect(hits - before).toBe(1);
    expect(lastHeaders.host).toBe(`shop.test:${port}`);
  });

  it('refuses a name when any of its addresses is not public, asking nothing', async () => {
    const dns = resolver([
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    const before = hits;
    expect(await reason(outboundGet(`http://shop.test:${port}/`, opts({ lookup: dns.lookup })))).toBe('refused');
    expect(hits).toBe(before);
  });

  it('refuses loopback names and spellings as production runs (no allowance), and other schemes', async () => {
    const before = hits;
    for (const url of [
      `http://localhost:${port}/`,
      `http://127.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::]:${port}/`,
      `http://0x7f.1:${port}/`,
      'ftp://example.com/x',
      'file:///etc/passwd',
    ]) {
      expect(await reason(outboundGet(url, opts())), url).toBe('refused');
    }
    expect(hits).toBe(before);
    // an unknown name is not told apart from a refused one by the caller's text, but is not fetched either
    expect(await reason(outboundGet('http://no-such-host.invalid/', opts()))).toBe('unreachable');
  });

  it('follows a bounded number of redirects', async () => {
    const before = hits;
    const allowed = opts({ allow: (_a, p) => p === port });
    expect(await reason(outboundGet(`http://127.0.0.1:${port}/loop`, { ...allowed, maxRedirects: 3 }))).toBe(
      'unreachable',
    );
    expect(hits - before).toBe(4);
  });

  it('ends a body that stalls at the time limit', async () => {
    const allowed = { ...opts({ allow: (_a, p) => p === port }), timeoutMs: 300 };
    expect(await reason(outboundGet(`http://127.0.0.1:${port}/drip`, allowed))).toBe('timeout');
  });

  function opts(allowance?: Parameters<typeof outboundGet>[1]['unsafeTestAllowance']) {
    return { timeoutMs: 2000, maxBytes: 100, unsafeTestAllowance: allowance };
  }
});
