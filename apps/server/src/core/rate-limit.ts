import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/**
 * Fixed-window counters for sign-in and code sending, per IP and per account. Counters
 * live in Redis when configured (shared by all processes), else in this process.
 */
export class RateLimiter {
  private counters = new Map<string, { count: number; resetAt: number }>();
  private redis?: Redis;

  async connect(redisUrl: string) {
    this.redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await this.redis.connect();
  }

  /** Counts one attempt for `key`; over `max` in `windowSeconds` is a 429. */
  async hit(key: string, max: number, windowSeconds: number): Promise<void> {
    const count = await this.increment(`rl:${key}`, windowSeconds);
    if (count > max) {
      throw new AppError({
        status: 429,
        messageKey: 'TooManyRequests',
        headers: { 'retry-after': String(windowSeconds) },
      });
    }
  }

  private async increment(key: string, windowSeconds: number): Promise<number> {
    if (this.redis) {
      const [[, count]] = (await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [
        [unknown, number],
      ];
      return count;
    }
    const now = Date.now();
    let c = this.counters.get(key);
    if (!c || c.resetAt < now) {
      if (this.counters.size > 100_000) this.counters.clear();
      c = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.counters.set(key, c);
    }
    c.count += 1;
    return c.count;
  }

  reset() {
    this.counters.clear();
  }

  async close() {
    await this.redis?.quit();
  }
}
