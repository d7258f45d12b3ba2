import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Process-wide messages (cache invalidation, revoked sessions). In-process by default;
 * with REDIS_URL every server process receives every message.
 */
export class Bus {
  private local = new EventEmitter();
  private pub?: Redis;
  private sub?: Redis;
  private static PREFIX = 'seller-admin:';

  async connect(redisUrl: string) {
    this.pub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.psubscribe(`${Bus.PREFIX}*`);
    this.sub.on('pmessage', (_pattern, channel: string, message: string) =>
      this.local.emit(channel.slice(Bus.PREFIX.length), JSON.parse(message)),
    );
  }

  subscribe<T>(topic: string, handler: (payload: T) => void) {
    this.local.on(topic, handler);
  }

  /**
   * How many subscribers Redis handed the message to (every process's bus, this one's too), for
   * a sender that waits for their answers; 0 in-process, where every handler has already run.
   */
  async publish(topic: string, payload: unknown): Promise<number> {
    if (this.pub) return this.pub.publish(Bus.PREFIX + topic, JSON.stringify(payload));
    this.local.emit(topic, payload);
    return 0;
  }

  async close() {
    await Promise.all([this.pub?.quit(), this.sub?.quit()]);
  }
}
