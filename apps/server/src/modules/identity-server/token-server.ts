import type { JWTPayload } from 'jose';
import type { AppConfig } from '../../config.ts';
import { API_RESOURCE, acceptsIssuer } from '../../core/auth/access-tokens.ts';
import type { Services } from '../../core/services.ts';
import { TokenKeys } from './keys.ts';
import { Revocations } from './revocations.ts';

const SERVED_AUDIENCES: readonly string[] = [API_RESOURCE];

/** The token server's state in one app: its signing keys and the revoked sessions and tokens. */
export interface TokenServer {
  keys: TokenKeys;
  revocations: Revocations;
  /**
   * The clock of refresh-token rotation (epoch ms): when a token was consumed and whether its
   * grace window has passed. A test moves it on instead of waiting.
   */
  now: () => number;
}

const running = new WeakMap<Services, TokenServer>();

/** Loads the keys and revocations and becomes the kernel's access-token check (module start). */
export async function startTokenServer(services: Services) {
  const revocations = new Revocations(services.bus);
  await revocations.load(services.data);
  const server: TokenServer = { keys: await TokenKeys.load(services.data), revocations, now: () => Date.now() };
  running.set(services, server);
  services.accessTokens.use((token, origin) =>
    verifyAccessToken({ config: services.config, ...server }, token, origin),
  );
}

/** The token server of an app (its keys and revocations). */
export function tokenServer(services: Services): TokenServer {
  const server = running.get(services);
  if (!server) throw new Error('the token server has not started');
  return server;
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
