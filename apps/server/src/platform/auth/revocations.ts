import { and, gt, isNotNull } from 'drizzle-orm';
import { refreshTokens, revokedAccessTokens } from '../../modules/identity-server/schema.ts';
import type { Bus } from '../bus.ts';
import type { DataAccess } from '../data.ts';

/**
 * Revoked sign-in sessions and access tokens, checked on every authenticated request
 * without a database round trip. Loaded at start, kept current through the bus.
 */
export class Revocations {
  private sessions = new Set<string>();
  private tokens = new Set<string>();

  private bus: Bus;

  constructor(bus: Bus) {
    this.bus = bus;
    bus.subscribe<{ session?: string; jti?: string }>('revoked', (m) => {
      if (m.session) this.sessions.add(m.session);
      if (m.jti) this.tokens.add(m.jti);
    });
  }

  async load(data: DataAccess) {
    const now = new Date();
    await data.unscoped(async (tx) => {
      const rows = await tx
        .selectDistinct({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(and(isNotNull(refreshTokens.revokedAt), gt(refreshTokens.absoluteExpiresAt, now)));
      for (const r of rows) this.sessions.add(r.sessionId);
      const jtis = await tx.select().from(revokedAccessTokens).where(gt(revokedAccessTokens.expiresAt, now));
      for (const r of jtis) this.tokens.add(r.jti);
    });
  }

  isRevoked(sessionId: string | undefined, jti: string | undefined) {
    return (!!sessionId && this.sessions.has(sessionId)) || (!!jti && this.tokens.has(jti));
  }

  revokeSession(sessionId: string) {
    return this.bus.publish('revoked', { session: sessionId });
  }

  revokeToken(jti: string) {
    return this.bus.publish('revoked', { jti });
  }
}
