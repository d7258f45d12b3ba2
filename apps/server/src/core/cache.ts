import type { Bus } from './bus.ts';

/**
 * A small in-process cache with TTL. `invalidate` goes through the bus, so with Redis
 * every server process drops the same keys (configuration, grants, tenants).
 */
export class Cache {
  private entries = new Map<string, { value: unknown; expires: number }>();
  /** How many invalidations arrived so far (see `getOrLoad`). */
  private invalidations = 0;

  private bus: Bus;
  private ttlMs: number;
  private maxEntries: number;

  constructor(bus: Bus, ttlMs = 60_000, maxEntries = 50_000) {
    this.bus = bus;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    bus.subscribe<string>('cache-invalidate', (prefix) => this.dropLocal(prefix));
  }

  get<T>(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value as T;
  }

  set(key: string, value: unknown, ttlMs = this.ttlMs) {
    if (ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + ttlMs });
  }

  /**
   * The cached value, or `load()`'s. A value loaded while an invalidation arrived is returned
   * but not kept: it may have been read before the write that invalidated it.
   */
  async getOrLoad<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T> {
    const hit = this.get<T>(key);
    if (hit !== undefined) return hit;
    const epoch = this.invalidations;
    const value = await load();
    if (epoch === this.invalidations) this.set(key, value, ttlMs);
    return value;
  }

  /**
   * Drops every key starting with `prefix`: here at once (the caller's next read must not see
   * the old value) and on the other processes through the bus.
   */
  async invalidate(prefix: string) {
    this.dropLocal(prefix);
    await this.bus.publish('cache-invalidate', prefix);
  }

  private dropLocal(prefix: string) {
    this.invalidations++;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
