import type { JWTPayload } from 'jose';
import type { AppConfig } from '../../config.ts';
import type { TokenKeys } from './keys.ts';
import type { Revocations } from './revocations.ts';

/** The API resource this server serves: an access token it accepts names it in `aud`. */
export const API_RESOURCE = 'seller-api';
const SERVED_AUDIENCES: readonly string[] = [API_RESOURCE];

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

export interface AccessTokenServices {
  config: Pick<AppConfig, 'issuer' | 'production'>;
  keys: TokenKeys;
  revocations: Revocations;
}

/**
 * The one check of a bearer access token, for every way one reaches the server (HTTP, the live
 * hub, sign-out): signature and type, expiry, issuer, audience; a user's token must name its
 * session, and neither the session nor the token may be revoked. Revocations are in memory,
 * so no database round trip. Throws on any failure; the caller answers 401.
 */
export async function verifyAccessToken(
  services: AccessTokenServices,
  token: string,
  origin: string,
): Promise<JWTPayload> {
  const claims = await services.keys.verify(token, {
    audiences: SERVED_AUDIENCES,
    acceptsIssuer: (iss) => acceptsIssuer(services.config, origin, iss),
  });
  const sessionId = claims.session_id;
  if (claims.sub !== undefined && (typeof claims.sub !== 'string' || typeof sessionId !== 'string')) {
    throw new Error('a user token names its session');
  }
  if (services.revocations.isRevoked(sessionId as string | undefined, claims.jti)) throw new Error('revoked');
  return claims;
}
