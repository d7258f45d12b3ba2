import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count as countRows, desc, eq, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import type { SimPlatform } from './accounts.ts';
import type { Placing } from './placing.ts';
import { simItems, simSkus } from './schema.ts';

/**
 * What the control API can change at run time, per platform (kept in memory: a restart returns
 * to the defaults; `DELETE /marketplace-sim/control/faults` too).
 */
export interface Faults {
  /** Share of API calls (after the signature check) answered with a service error: 0..1. */
  errorRate: number;
  /** Added to every API call. */
  latencyMs: number;
  /** Calls per second per shop before the rate-limit answer. */
  rateLimitPerSecond: number;
  /** How long a new item stays under review. */
  reviewDelayMs: number;
  /** Share of reviewed items rejected (besides names containing "[reject]"): 0..1. */
  rejectRate: number;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  codeSeconds: number;
}

const DAY = 86_400;

export const defaultFaults: Record<SimPlatform, Faults> = {
  // domain §1.4: online app 30 d / 180 d, code 30 min
  lazada: {
    errorRate: 0,
    latencyMs: 0,
    rateLimitPerSecond: 50,
    reviewDelayMs: 2000,
    rejectRate: 0,
    accessTokenSeconds: 30 * DAY,
    refreshTokenSeconds: 180 * DAY,
    codeSeconds: 30 * 60,
  },
  // domain §2.3: 4 h / 30 d, code 10 min
  shopee: {
    errorRate: 0,
    latencyMs: 0,
    rateLimitPerSecond: 50,
    reviewDelayMs: 2000,
    rejectRate: 0,
    accessTokenSeconds: 4 * 3600,
    refreshTokenSeconds: 30 * DAY,
    codeSeconds: 10 * 60,
  },
};

/** One simulator's run-time state (one per app: tests build several apps in one process). */
export class SimState {
  faults: Record<SimPlatform, Faults> = structuredClone(defaultFaults);
  /** The order placer's setting (`placing.ts`): the configured one until the control API changes it. */
  placing: Placing;

  constructor(placing: Placing) {
    this.placing = { ...placing };
  }
  private windows = new Map<string, { second: number; count: number }>();

  reset() {
    this.faults = structuredClone(defaultFaults);
    this.windows.clear();
  }

  /** Counts a call of a shop; false when the shop is over its calls per second. */
  allowCall(platform: SimPlatform, shop: string): boolean {
    const second = Math.floor(Date.now() / 1000);
    const key = `${platform}:${shop}`;
    const w = this.windows.get(key);
    if (!w || w.second !== second) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(key, { second, count: 1 });
      return true;
    }
    w.count++;
    return w.count <= this.faults[platform].rateLimitPerSecond;
  }

  /** Waits the injected latency; true when this call must fail (injected error). */
  async injected(platform: SimPlatform): Promise<boolean> {
    const f = this.faults[platform];
    if (f.latencyMs > 0) await new Promise((r) => setTimeout(r, Math.min(f.latencyMs, 60_000)));
    return f.errorRate > 0 && Math.random() < f.errorRate;
  }

  /** The review outcome of a new item, decided when it is created. */
  review(platform: SimPlatform, name: string): { reviewAt: Date; result: 'live' | 'rejected'; reason: string | null } {
    const f = this.faults[platform];
    const reviewAt = new Date(Date.now() + f.reviewDelayMs);
    if (name.toLowerCase().includes('[reject]')) {
      return { reviewAt, result: 'rejected', reason: 'The product name contains a prohibited keyword ([reject]).' };
    }
    if (f.rejectRate > 0 && Math.random() < f.rejectRate) {
      return { reviewAt, result: 'rejected', reason: 'Images do not meet the image quality standard.' };
    }
    return { reviewAt, result: 'live', reason: null };
  }
}

/** Applies review outcomes whose time has come (lazily, before a shop's items are read). */
export async function settleReviews(tx: Tx, platform: SimPlatform, shopId: string) {
  await tx
    .update(simItems)
    .set({ status: sql`${simItems.reviewResult}`, updatedAt: sql`${simItems.reviewAt}` })
    .where(
      and(
        eq(simItems.platform, platform),
        eq(simItems.shopId, shopId),
        eq(simItems.status, 'pending'),
        lte(simItems.reviewAt, new Date()),
      ),
    );
}

/**
 * The items matching every condition of `where`: how many there are, and the page of them
 * (`limit` from `offset`) in `order` (by default the last changed first, as both platforms list).
 */
export async function itemPage(
  tx: Tx,
  where: SQL[],
  page: { limit: number; offset?: number },
  order: SQLWrapper[] = [desc(simItems.updatedAt), desc(simItems.id)],
) {
  const [{ n }] = (await tx
    .select({ n: countRows() })
    .from(simItems)
    .where(and(...where))) as [{ n: number }];
  const rows = await tx
    .select()
    .from(simItems)
    .where(and(...where))
    .orderBy(...(order as SQL[]))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return { total: Number(n), rows };
}

/** Every SKU of `items` (deleted ones too), in the order they were made. */
export async function skusOfItems(tx: Tx, items: { id: number }[]) {
  if (!items.length) return [];
  return tx
    .select()
    .from(simSkus)
    .where(
      inArray(
        simSkus.itemId,
        items.map((i) => i.id),
      ),
    )
    .orderBy(simSkus.id);
}

export const randomToken = (prefix: string) => `${prefix}${randomBytes(24).toString('hex')}`;
export const requestId = () => randomBytes(12).toString('hex');

/** Constant-time comparison of two signatures (any length). */
export function sameSign(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A positive decimal with at most 2 places, as text ("35", "35.5", "35.50"), or null. */
export function money(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string' || !/^\d{1,15}(\.\d{1,2})?$/.test(value.trim())) return null;
  const v = value.trim();
  return Number(v) > 0 ? v : null;
}

/** Compares two decimal texts of at most 2 places exactly (in cents). */
export const cents = (v: string) => {
  const [i, f = ''] = v.split('.');
  return BigInt(i!) * 100n + BigInt(`${f}00`.slice(0, 2));
};

/** Cents (≥ 0) as decimal text of 2 places. */
export const fromCents = (c: bigint) => {
  const s = c.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

/** A non-negative integer (number or digits), or null. */
export function count(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000_000) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  return null;
}
