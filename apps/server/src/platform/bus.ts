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

  async publish(topic: string, payload: unknown) {
    if (this.pub) await this.pub.publish(Bus.PREFIX + topic, JSON.stringify(payload));
    else this.local.emit(topic, payload);
  }

  async close() {
    await Promise.all([this.pub?.quit(), this.sub?.quit()]);
  }
}
