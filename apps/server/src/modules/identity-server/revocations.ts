import { randomUUID } from 'node:crypto';
import { and, gt, gte, isNotNull, lt } from 'drizzle-orm';
import type { Bus } from '../../core/bus.ts';
import type { DataAccess } from '../../core/data.ts';
import { REFRESH_REUSE_GRACE_MS, refreshTokens, revokedAccessTokens, sessions } from './schema.ts';

/** Revoked session ids and token ids, each with the time its tokens expire anyway (epoch ms). */
interface Revoked {
  sessions?: [string, number][];
  tokens?: [string, number][];
  /** Every process that applies the message answers with this id on `revoked-ack`. */
  ack?: string;
}

/** How often a process re-reads the revocations of the last minutes (a missed bus message). */
const SYNC_MS = 30_000;
/** Overlap of consecutive syncs, for clocks and transactions that commit late. */
const SYNC_OVERLAP_MS = 60_000;
/** How long a revoker waits for the other processes to confirm (then they catch up by sync). */
const ACK_TIMEOUT_MS = 2_000;
const PRUNE_EVERY = 1_000;

/**
 * Revoked sign-in sessions and access tokens, checked on every authenticated request without a
 * database round trip. Loaded at start from `oauth_sessions` and `oauth_revoked_access_tokens`,
 * kept current through the bus: with Redis, a revocation returns once every process has
 * applied it (each answers on `revoked-ack`), so a token refused by one node is refused by all
 * as soon as the revoking request has answered. A process also re-reads recent revocations
 * every 30 s, in the background of a check, so one that missed a message (a Redis reconnect)
 * catches up. Entries go when their tokens have expired.
 */
export class Revocations {
  private sessions = new Map<string, number>();
  private tokens = new Map<string, number>();
  private bus: Bus;
  private data?: DataAccess;
  private syncedAt = 0;
  private syncing = false;
  private added = 0;
  private waiting = new Map<string, () => void>();

  constructor(bus: Bus) {
    this.bus = bus;
    bus.subscribe<Revoked>('revoked', (m) => {
      this.remember(m);
      if (m.ack) this.bus.publish('revoked-ack', m.ack).catch(() => {});
    });
    bus.subscribe<string>('revoked-ack', (id) => this.waiting.get(id)?.());
  }

  async load(data: DataAccess) {
    this.data = data;
    const now = new Date();
    await data.unscoped(async (tx) => {
      // rows whose every token has expired are of no use to anyone: swept at start
      await tx.delete(sessions).where(lt(sessions.expiresAt, now));
      await tx.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, now));
      // successor pairs kept for a refresh race whose window passed while no rotation swept them
      await tx
        .update(refreshTokens)
        .set({ successor: null })
        .where(
          and(
            isNotNull(refreshTokens.successor),
            lt(refreshTokens.consumedAt, new Date(now.getTime() - REFRESH_REUSE_GRACE_MS)),
          ),
        );
    });
    await this.read(now, null);
  }

  /** Whether a token naming this session or jti is refused. */
  isRevoked(sessionId: string | undefined, jti: string | undefined) {
    if (this.data && Date.now() - this.syncedAt > SYNC_MS) this.sync();
    return (!!sessionId && this.sessions.has(sessionId)) || (!!jti && this.tokens.has(jti));
  }

  /**
   * Refuses the sessions' tokens here at once and in every other process through the bus. The
   * caller has recorded the revocation in the database first (so a restart keeps it).
   */
  revokeSessions(revoked: { id: string; until: Date }[]) {
    return this.announce({ sessions: revoked.map((r) => [r.id, r.until.getTime()]) });
  }

  revokeToken(jti: string, until: Date) {
    return this.announce({ tokens: [[jti, until.getTime()]] });
  }

  private async announce(m: Revoked) {
    this.remember(m);
    const ack = randomUUID();
    let answered = 0;
    let expected = Number.POSITIVE_INFINITY;
    let release = () => {};
    const confirmed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const check = () => answered >= expected && release();
    this.waiting.set(ack, () => {
      answered++;
      check();
    });
    const timer = setTimeout(release, ACK_TIMEOUT_MS);
    try {
      expected = await this.bus.publish('revoked', { ...m, ack });
      check();
      await confirmed;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(ack);
    }
  }

  private remember(m: Revoked) {
    for (const [id, until] of m.sessions ?? []) this.sessions.set(id, until);
    for (const [jti, until] of m.tokens ?? []) this.tokens.set(jti, until);
    if (++this.added % PRUNE_EVERY === 0) this.prune();
  }

  private prune() {
    const now = Date.now();
    for (const map of [this.sessions, this.tokens]) for (const [k, until] of map) if (until < now) map.delete(k);
  }

  /** Revoked sessions (all, or those revoked since `since`) and revoked access tokens, from the database. */
  private async read(now: Date, since: Date | null) {
    const startedAt = Date.now();
    await this.data!.unscoped(async (tx) => {
      const rows = await tx
        .select({ id: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(
          and(
            isNotNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            since ? gte(sessions.revokedAt, since) : undefined,
          ),
        );
      for (const r of rows) this.sessions.set(r.id, r.expiresAt.getTime());
      const jtis = await tx.select().from(revokedAccessTokens).where(gt(revokedAccessTokens.expiresAt, now));
      for (const r of jtis) this.tokens.set(r.jti, r.expiresAt.getTime());
    });
    this.syncedAt = startedAt;
  }

  private sync() {
    if (this.syncing) return;
    this.syncing = true;
    const since = new Date(this.syncedAt - SYNC_OVERLAP_MS);
    this.read(new Date(), since)
      .catch(() => {
        // the database is unreachable or closing: the next check tries again
        this.syncedAt = Date.now();
      })
      .finally(() => {
        this.syncing = false;
        this.prune();
      });
  }
}
