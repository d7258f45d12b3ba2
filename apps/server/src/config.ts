import { resolve } from 'node:path';

/** Configuration from the environment; every value has a documented default (README). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database under `${dataDir}/db`. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Base domain for tenant sub-domains: `demo.localhost` → tenant `demo`. */
  publicHost: string;
  /**
   * Issuer written into tokens and the discovery document, and required of incoming tokens
   * (no trailing slash). Always set in production; unset in development = the request's origin.
   */
  issuer?: string;
  production: boolean;
  /** `log` (default) writes codes to the log and the development inbox. */
  smsSender: string;
  webDist: string;
  /** Requests logged by Fastify's logger. */
  logLevel: string;
  seedDemo: boolean;
  /** Proxy addresses whose X-Forwarded-For is believed (per-IP rate limits depend on it). */
  trustProxy: boolean | string;
  /** Other origins allowed to call the API from a browser (none: the web app is served same-origin). */
  corsOrigins: string[];
  /** How long answers of hot list reads are kept (`Services.pages`); 0 turns that cache off. */
  pageCacheSeconds: number;
  /** Run background job handlers in this process (`JOBS_WORKER`); false = only enqueue. */
  jobsWorker: boolean;
  /**
   * With workers, fire the cron schedules (`JOBS_CRON`, default on). Tests turn it off so a pass
   * started by the wall clock never races the work a test is checking.
   */
  jobsCron: boolean;
  /** How gathering reads source pages: the sample pages kept in the repository, or real HTTP. */
  gatherFetcher: 'samples' | 'http';
  /** With the HTTP fetcher: time allowed for one page or image, and the largest one read. */
  gatherHttpTimeoutMs: number;
  gatherHttpMaxBytes: number;
  /** The collector extension's folder, offered as a ZIP on the collector page. */
  collectorExtensionDir: string;
  /**
   * Key (32 bytes, base64 or hex) that encrypts secrets at rest, such as shops' marketplace tokens.
   * Required in production; elsewhere, unset = a key kept in `${dataDir}/secrets.key`.
   */
  secretsKey?: string;
  /** Serve the bundled marketplace simulator under `/marketplace-sim` (default on, off in production). */
  marketplaceSimulator: boolean;
  /**
   * The key of the simulator's control API (`x-sim-key`); unset = a random key kept in
   * `${dataDir}/marketplace-simulator.key`, printed in the log at start.
   */
  marketplaceSimulatorKey?: string;
  /**
   * The simulator places orders by itself, so that a demo keeps getting fresh ones to pull, ship and
   * sync: every `MARKETPLACE_SIMULATOR_ORDER_MINUTES` minutes (0 = never; default 5 when the demo is
   * seeded, 0 under NODE_ENV=test), `MARKETPLACE_SIMULATOR_ORDERS_PER_SHOP` (default 1) in each shop
   * with live listings in stock, while fewer than `MARKETPLACE_SIMULATOR_ORDER_CAP` (default 20) of
   * the orders it placed there wait for the seller.
   */
  simulatorOrders: { everyMinutes: number; perShop: number; cap: number };
  /** The Lazada app the product signs in as, and where its gateways are (`sim` = the bundled simulator). */
  lazada: { appKey: string; appSecret: string; apiUrl: string; authUrl: string; authorizeUrl: string };
  /** The Shopee partner the product signs in as, and its host (`sim` = the bundled simulator). */
  shopee: { partnerId: string; partnerKey: string; host: string };
  /**
   * How much history the demo seed writes (`DEMO_VOLUME`): `full` (three months of orders, the
   * default) or `small` (a few days; the default under NODE_ENV=test, where every test app seeds demo).
   */
  demoVolume: 'full' | 'small';
  /** Bounds of a unit of work (`DB_UNIT_TIMEOUT_MS`, `DB_ACQUIRE_TIMEOUT_MS`): past them, 503. */
  dataLimits: { unitTimeoutMs: number; acquireTimeoutMs: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 9527),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicHost: env.PUBLIC_HOST ?? 'localhost',
    issuer: issuerFrom(env.ISSUER, production),
    production,
    smsSender: env.SMS_SENDER ?? 'log',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    pageCacheSeconds: Number(env.PAGE_CACHE_SECONDS ?? 30),
    jobsWorker: env.JOBS_WORKER !== 'false',
    jobsCron: env.JOBS_CRON !== 'false',
    dataLimits: {
      unitTimeoutMs: Number(env.DB_UNIT_TIMEOUT_MS ?? 60_000),
      acquireTimeoutMs: Number(env.DB_ACQUIRE_TIMEOUT_MS ?? 20_000),
    },
    gatherFetcher: env.GATHER_FETCHER === 'http' ? 'http' : 'samples',
    gatherHttpTimeoutMs: Number(env.GATHER_HTTP_TIMEOUT_MS ?? 15_000),
    gatherHttpMaxBytes: Number(env.GATHER_HTTP_MAX_BYTES ?? 5 * 1024 * 1024),
    collectorExtensionDir: resolve(
      env.COLLECTOR_EXTENSION_DIR ?? new URL('../../../extensions/collector', import.meta.url).pathname,
    ),
    secretsKey: env.SECRETS_KEY || undefined,
    marketplaceSimulator: env.MARKETPLACE_SIMULATOR ? env.MARKETPLACE_SIMULATOR === 'true' : !production,
    marketplaceSimulatorKey: env.MARKETPLACE_SIMULATOR_KEY || undefined,
    simulatorOrders: {
      everyMinutes: bounded(
        env.MARKETPLACE_SIMULATOR_ORDER_MINUTES,
        env.NODE_ENV === 'test' || env.SEED_DEMO === 'false' ? 0 : 5,
        0,
        60,
      ),
      perShop: bounded(env.MARKETPLACE_SIMULATOR_ORDERS_PER_SHOP, 1, 1, 100),
      cap: bounded(env.MARKETPLACE_SIMULATOR_ORDER_CAP, 20, 1, 10_000),
    },
    // the defaults are the simulator's own app: pointing at the real marketplaces is these variables only
    lazada: {
      appKey: env.LAZADA_APP_KEY ?? '100001',
      appSecret: env.LAZADA_APP_SECRET ?? 'sim-lazada-app-secret',
      apiUrl: env.LAZADA_API_URL ?? 'sim',
      authUrl: env.LAZADA_AUTH_URL ?? 'sim',
      authorizeUrl: env.LAZADA_AUTHORIZE_URL ?? 'sim',
    },
    shopee: {
      partnerId: env.SHOPEE_PARTNER_ID ?? '2001887',
      partnerKey: env.SHOPEE_PARTNER_KEY ?? 'sim-shopee-partner-key',
      host: env.SHOPEE_HOST ?? 'sim',
    },
    demoVolume: (env.DEMO_VOLUME ?? (env.NODE_ENV === 'test' ? 'small' : 'full')) === 'small' ? 'small' : 'full',
  };
}

/** A whole number of an environment variable within min..max, or the default when unset or not one. */
function bounded(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) ? Math.min(Math.max(n, min), max) : fallback;
}

/**
 * ISSUER as an absolute http(s) URL without a trailing slash. Production refuses to start
 * without it: the issuer would otherwise follow each request's Host header, which the caller
 * chooses (a discovery document pointing at another site).
 */
function issuerFrom(value: string | undefined, production: boolean): string | undefined {
  if (!value) {
    if (production) {
      throw new Error(
        'ISSUER must be set when NODE_ENV=production: the public URL of the server, e.g. https://admin.example.com ' +
          '(written into tokens and the discovery document; never taken from the Host header in production)',
      );
    }
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`ISSUER is not an absolute URL: ${value}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new Error(`ISSUER must be an http(s) URL without query or fragment: ${value}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
