import type { RequestContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { type Revocation, revoke } from './endpoints.ts';
import { getBackToken, getImpersonationToken, redeemImpersonationToken } from './impersonation.ts';
import { type TokenRequest, token } from './service.ts';
import type { TokenTx } from './tokens.ts';

/**
 * The token server's writes, each in the request's open unit (`TokenTx`: the token server's
 * tables and the users' tenants). A refusal that must keep what it wrote (a failed sign-in's
 * security log and lockout count, a replayed refresh token's revoked session, a consumed
 * impersonation token) is returned, for the route to answer once the unit has committed; the
 * revoked sessions and tokens are announced to every process after the commit (`TokensRevoked`).
 */
export function identityServerCommands(services: Services) {
  return {
    /** `/connect/token`: signs in and issues the tokens, or the refusal. */
    token: (tx: TokenTx, ctx: RequestContext, request: TokenRequest) => token(services, tx, ctx, request),

    /** `/connect/revocation`: ends the token's session (and the access token). */
    revoke: (tx: TokenTx, ctx: RequestContext, revoking: Revocation) => revoke(services, tx, ctx, revoking),

    /** A one-time token to sign in as another user. */
    impersonationToken: (
      tx: TokenTx,
      ctx: RequestContext,
      input: { userId?: string | null; tenantId?: string | null },
    ) => getImpersonationToken(services, tx, ctx, input),

    /** A one-time token back to the impersonator. */
    backToken: (tx: TokenTx, ctx: RequestContext, impersonatorUserId: string) =>
      getBackToken(services, tx, ctx, impersonatorUserId),

    /** Redeems a one-time token for an access token, or the refusal. */
    redeemImpersonationToken: (tx: TokenTx, ctx: RequestContext, issuer: string, token: string) =>
      redeemImpersonationToken(services, tx, ctx, issuer, token),
  };
}
