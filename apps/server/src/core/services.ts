import type { AppConfig } from '../config.ts';
import type { AccessTokens } from './auth/access-tokens.ts';
import type { Bus } from './bus.ts';
import type { Cache } from './cache.ts';
import type { CurrentTenant, RequestContext } from './context.ts';
import type { DataAccess } from './data.ts';
import type { DomainEvents } from './events.ts';
import type { Jobs } from './jobs.ts';
import type { ModuleDefinition, TenantSeedOptions } from './module.ts';
import type { PermissionChecker } from './permissions.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { TenantStore } from './tenancy.ts';

/** Shared services handed to every module (one instance per server process). */
export interface Services {
  config: AppConfig;
  data: DataAccess;
  bus: Bus;
  cache: Cache;
  /**
   * Answers of hot list reads (the product list), kept briefly and dropped by the module on
   * every write of the tenant; bounded, as a page weighs kilobytes.
   */
  pages: Cache;
  /** Checks bearer access tokens (provided by the token server module). */
  accessTokens: AccessTokens;
  permissions: PermissionChecker;
  tenants: TenantStore;
  rateLimiter: RateLimiter;
  /** Durable background jobs (pg-boss in the `pgboss` schema of the main database). */
  jobs: Jobs;
  /** Domain events between modules, in the writer's transaction or after its commit (`core/events.ts`). */
  events: DomainEvents;
  /** The tenant's time zone (its calendar: day filters and day buckets). */
  timeZone(ctx: Pick<RequestContext, 'tenant'>): Promise<string>;
  /** Every registered route with its schema and access rule (for api-definition). */
  routes: RegisteredRoute[];
  /** The modules this app runs, dependencies first. */
  modules: readonly ModuleDefinition[];
  /** Seeds a new tenant (or the host) with what every running module needs (roles, admin, menus…). */
  seedTenant(tenant: CurrentTenant | null, options?: TenantSeedOptions): Promise<void>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
  config?: { anonymous?: boolean; authenticated?: boolean; permission?: string | string[]; alsoNeeds?: string[] };
  /** The most bytes of body the route reads (its own `bodyLimit`, or the app's). */
  bodyLimit: number;
}
