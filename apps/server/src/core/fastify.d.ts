import type { Services } from '../core/services.ts';
import type { EntityChange } from './audit-changes.ts';
import type { RequestContext } from './context.ts';

/** What a route declares about who may call it (checked centrally in app.ts). */
export interface RouteAccess {
  /** No sign-in needed. */
  anonymous?: boolean;
  /** Any signed-in user (or client token). */
  authenticated?: boolean;
  /** The permission needed; an array means any one of them. */
  permission?: string | string[];
  /**
   * Permissions needed as well, every one of them: for an action that writes into another
   * aggregate too (claiming a gathered item creates a product).
   */
  alsoNeeds?: string[];
  /** Only on the host side (no tenant) or only inside a tenant. */
  side?: 'host' | 'tenant';
  /** Leave this request out of the audit log (e.g. the token endpoint, logged to security logs). */
  noAudit?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    ctx: RequestContext & { entityChanges: EntityChange[] };
    startedAt: number;
  }
  interface FastifyInstance {
    services: Services;
  }
}
