import type { RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { discoveryDocument, type RevocationHttpRequest, revocation, userInfo } from './endpoints.ts';
import { impersonationTokenTenants } from './impersonation.ts';
import { type TokenHttpRequest, tokenRequest } from './service.ts';
import { tokenServer } from './token-server.ts';

/**
 * The token server's reads. `userInfo` and `discovery` take the open unit (`(tx, ctx, …)`); the
 * checks of a token request, of a revocation and the tenants of an impersonation token run before
 * the unit, which they decide (the client, the token presented and the tenants it touches), and
 * open their own reads through `services.data`.
 */
export const identityServerQueries = {
  /** `/connect/token`: the grant's parameters, the client, the rate limits, a refresh token's row. */
  tokenRequest: (services: Services, ctx: RequestContext, http: TokenHttpRequest) => tokenRequest(services, ctx, http),

  /** `/connect/revocation`: the client named, the token presented and its tenant. */
  revocation: (services: Services, _ctx: RequestContext, http: RevocationHttpRequest) => revocation(services, http),

  /** The tenants an impersonation token names, whose data its redemption touches. */
  impersonationTokenTenants: (services: Services, _ctx: RequestContext, token: string) =>
    services.data.unscoped((tx) => impersonationTokenTenants(tx, token)),

  /** `/connect/userinfo`: the signed-in user's current claims (in the user's tenant). */
  userInfo: (tx: Tx, ctx: RequestContext) => userInfo(tx, ctx),

  /** `/.well-known/openid-configuration` for `issuer` (in a unit on the main database). */
  discovery: (tx: Tx, _ctx: RequestContext, issuer: string) => discoveryDocument(tx, issuer),

  /** `/.well-known/jwks`: the public signing key, held in memory. */
  jwks: (services: Services) => tokenServer(services).keys.jwks(),
};
