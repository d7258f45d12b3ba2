import type { Services } from '../../core/services.ts';
import { UserSignInsEnded } from '../identity/index.ts';
import { announceRevoked, revokeUserSessions, TokensRevoked } from './tokens.ts';

/**
 * What the token server does when other modules' data changes.
 *
 * Ending sessions runs after commit, once, in the process of the change, and the change's
 * `inTenant` call waits for it, so the request that deleted, locked or re-passworded the user
 * answers only once every process refuses the user's tokens (`revokeUserSessions` waits for the
 * other processes' acknowledgements), as before events. Not in the transaction: the sessions
 * live in the main database (a tenant may have its own), their revocation opens its own unit of
 * work (one inside another is refused, and waits forever on PGlite), and a change that rolls back
 * must end nothing. Not in every process: one revocation already reaches them all.
 */
export function subscribeToEvents(services: Services) {
  services.events.on(UserSignInsEnded, 'after-commit', ({ userId, exceptSessionId }) =>
    revokeUserSessions(services, userId, { except: exceptSessionId }),
  );
  // once recorded (so a restart keeps them), every process refuses the revoked tokens; the
  // revoking call returns when they all have
  services.events.on(TokensRevoked, 'after-commit', (revoked) => announceRevoked(services, revoked));
}
