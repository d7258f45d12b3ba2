import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import type { AppConfig } from '../../config.ts';

/** The API resource this server serves: an access token it accepts names it in `aud`. */
export const API_RESOURCE = 'seller-api';

/** `scheme://host[:port]` of a request, as Fastify sees it (X-Forwarded-* only behind TRUST_PROXY). */
export const requestOrigin = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`;

/**
 * The issuer of tokens issued to, and discovery answered for, a request from `origin`: ISSUER
 * when configured (always in production, see config.ts), else the request's own origin, so a
 * development server answers correctly under whatever name it was reached by.
 */
export function issuerFor(config: Pick<AppConfig, 'issuer' | 'production'>, origin: string): string {
  if (config.issuer) return config.issuer;
  // config.ts refuses to start so; this keeps the Host header from ever naming the issuer there
  if (config.production) throw new Error('ISSUER is required in production');
  return origin;
}

/** The issuer for a request (see `issuerFor`). */
export const issuerOf = (req: FastifyRequest) => issuerFor(req.server.services.config, requestOrigin(req));

const LOOPBACK = /^https?:\/\/(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * Whether a token's `iss` is acceptable on a request from `origin`. With ISSUER: exactly it.
 * Without (development only): the origin of the presenting request, which is the origin the
 * token was issued at (tenant sub-domains included), or any loopback origin, since a developer's
 * machine reaches one server under several loopback names (the dev proxy, tests, the live hub).
 */
export function acceptsIssuer(config: Pick<AppConfig, 'issuer' | 'production'>, origin: string, iss: string) {
  if (config.issuer || config.production) return iss === config.issuer;
  return iss === origin || LOOPBACK.test(iss);
}

/** Checks a bearer access token presented on a request from `origin`; throws on any failure (the caller answers 401). */
export type AccessTokenVerifier = (token: string, origin: string) => Promise<JWTPayload>;

/**
 * The kernel's port for bearer tokens, used by every entry point (HTTP, the live hub, sign-out).
 * The token server module provides the check as it starts; without it, no token is accepted.
 */
export class AccessTokens {
  private verifier: AccessTokenVerifier = async () => {
    throw new Error('no token server runs in this app');
  };

  use(verifier: AccessTokenVerifier) {
    this.verifier = verifier;
  }

  verify(token: string, origin: string): Promise<JWTPayload> {
    return this.verifier(token, origin);
  }
}
