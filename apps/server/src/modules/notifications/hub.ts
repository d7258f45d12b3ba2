import type { Server as HttpServer } from 'node:http';
import { type Culture, Cultures, HubPath, NotificationReadState } from '@seller/contracts';
import { JOB_PROGRESS_EVENT, type JobProgressEvent } from '@seller/contracts/jobs/dto';
import type { UserNotificationDto } from '@seller/contracts/notifications';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type ExtendedError, Server, type Socket } from 'socket.io';
import type { CurrentTenant } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { JobProgressNotice } from '../../core/jobs.ts';
import { cultureFrom, isCulture, t } from '../../core/localization/index.ts';
import type { Services } from '../../core/services.ts';
import { notificationCommands } from './commands.ts';
import type { LiveNotifications, RenderedNotification, StateChange } from './hub-registry.ts';
import { isEnabled, type NotificationContext } from './service.ts';

/** Server → client: a new notification (the user's view of it). */
export const NOTIFICATION_EVENT = 'getNotification';
/** Server → client: one of the user's notifications was read, unread or deleted elsewhere. */
export const STATE_EVENT = 'notificationStateChanged';
/** Client → server: `ChangeState(id, state, ack)`. */
export const CHANGE_STATE = 'ChangeState';

interface Connection {
  userId: string;
  tenant: CurrentTenant | null;
  culture: Culture;
  /** Access-token expiry (epoch seconds): the connection ends with its token. */
  exp: number | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TIMER = 2_147_483_647;

const userRoom = (userId: string) => `user:${userId}`;
const userCultureRoom = (userId: string, culture: Culture) => `user:${userId}:${culture}`;
const tenantRoom = (tenantId: string | null, culture: Culture) => `tenant:${tenantId ?? 'host'}:${culture}`;

/** Plain JSON (dates as ISO strings), so every node's adapter passes the same shape on. */
const wire = (dto: UserNotificationDto) => ({ ...dto, creationTime: dto.creationTime.toISOString() });

function refusal(code: string, message: string): ExtendedError {
  const err = new Error(message) as ExtendedError;
  err.data = { code };
  return err;
}

/**
 * The live notification hub: socket.io on the HTTP server at the spec's path. A client
 * authenticates with its access token in the handshake (`auth: { token }`); it joins a room
 * of its user and one of its tenant (per language, since texts are rendered for the reader).
 * With Redis, the adapter carries every emit to the connections held by the other nodes.
 */
export class NotificationHub implements LiveNotifications {
  readonly io: Server;
  private services: Services;
  private redis: Redis[] = [];
  private log: FastifyBaseLogger;
  private stopJobProgress = () => {};

  private constructor(services: Services, io: Server, log: FastifyBaseLogger) {
    this.services = services;
    this.io = io;
    this.log = log;
  }

  static async attach(
    services: Services,
    httpServer: HttpServer,
    opts: { redisUrl?: string; log: FastifyBaseLogger },
  ): Promise<NotificationHub> {
    const io = new Server(httpServer, {
      path: HubPath,
      serveClient: false,
      cors: { origin: true, credentials: true },
      // the handshake carries a bearer token, nothing large
      maxHttpBufferSize: 64 * 1024,
    });
    const hub = new NotificationHub(services, io, opts.log);
    if (opts.redisUrl) {
      const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      hub.redis.push(pub, sub);
      await Promise.all([pub.connect(), sub.connect()]);
      // not under the bus's `seller-admin:*` pattern: the bus would try to read these as JSON
      io.adapter(createAdapter(pub, sub, { key: 'seller-hub' }));
    }
    io.use((socket, next) => {
      hub.authenticate(socket).then(
        (connection) => {
          socket.data = connection;
          next();
        },
        (err: ExtendedError) => next(err),
      );
    });
    io.on('connection', (socket) => hub.onConnection(socket));
    hub.stopJobProgress = services.jobs.onProgress((notice) => hub.jobProgress(notice));
    return hub;
  }

  private async authenticate(socket: Socket): Promise<Connection> {
    const { auth, headers, query } = socket.handshake;
    const header = typeof headers.authorization === 'string' ? headers.authorization : '';
    const token =
      (typeof auth?.token === 'string' && auth.token) ||
      (header.startsWith('Bearer ') ? header.slice(7).trim() : '') ||
      (typeof query.access_token === 'string' ? query.access_token : '');
    if (!token) throw refusal('Unauthorized', 'unauthorized');
    // the same checks as the HTTP authenticate hook: the token (services.accessTokens), then the tenant
    let claims: Record<string, unknown>;
    try {
      const origin = `${socket.handshake.secure ? 'https' : 'http'}://${headers.host ?? ''}`;
      claims = await this.services.accessTokens.verify(token, origin);
    } catch {
      throw refusal('Unauthorized', 'unauthorized');
    }
    const { tenants } = this.services;
    if (typeof claims.sub !== 'string') throw refusal('Forbidden', 'a user token is required');
    const tenantId = (claims.tenantid as string | undefined) || null;
    const tenant = tenantId ? await tenants.find(tenantId) : null;
    if (tenantId && !tenant?.isActive) throw refusal('Unauthorized', 'unauthorized');
    if (!(await isEnabled(this.services, tenant))) throw refusal('Volo.Feature:010001', 'feature not enabled');
    const requested = typeof auth?.culture === 'string' ? auth.culture : undefined;
    const culture = requested && isCulture(requested) ? requested : cultureFrom(headers['accept-language']);
    return { userId: claims.sub, tenant, culture, exp: typeof claims.exp === 'number' ? claims.exp : undefined };
  }

  private onConnection(socket: Socket) {
    const c = socket.data as Connection;
    void socket.join([
      userRoom(c.userId),
      userCultureRoom(c.userId, c.culture),
      tenantRoom(c.tenant?.id ?? null, c.culture),
    ]);
    if (c.exp) {
      const timer = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER, c.exp * 1000 - Date.now()));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
    }
    socket.on(CHANGE_STATE, (id: unknown, state: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => {};
      void this.changeState(c, id, state).then(reply);
    });
  }

  private async changeState(c: Connection, id: unknown, state: unknown) {
    const value =
      state === 'Read' ? NotificationReadState.Read : state === 'UnRead' ? NotificationReadState.UnRead : state;
    if (typeof id !== 'string' || !UUID.test(id) || (value !== 0 && value !== 1)) {
      return { success: false, error: { code: null, message: t(c.culture, 'ValidationError') } };
    }
    const ctx: NotificationContext = { tenant: c.tenant, userId: c.userId, culture: c.culture };
    try {
      const commands = notificationCommands(this.services);
      await this.services.data.inTenant(ctx, (tx) => commands.changeState(tx, ctx, id, value));
      return { success: true };
    } catch (err) {
      if (err instanceof AppError) {
        return { success: false, error: { code: err.code, message: t(c.culture, err.messageKey, err.params) } };
      }
      this.log.error({ err }, 'ChangeState failed');
      return { success: false, error: { code: null, message: t(c.culture, 'InternalError') } };
    }
  }

  pushToUsers(userIds: string[], notification: RenderedNotification) {
    if (!userIds.length) return;
    for (const culture of Cultures) {
      this.io.to(userIds.map((u) => userCultureRoom(u, culture))).emit(NOTIFICATION_EVENT, wire(notification(culture)));
    }
  }

  pushToTenant(tenantId: string | null, exceptUserIds: string[], notification: RenderedNotification) {
    for (const culture of Cultures) {
      this.io
        .to(tenantRoom(tenantId, culture))
        .except(exceptUserIds.map(userRoom))
        .emit(NOTIFICATION_EVENT, wire(notification(culture)));
    }
  }

  emitToTenant(tenantId: string | null, event: string, payload: unknown) {
    this.io.to(Cultures.map((culture) => tenantRoom(tenantId, culture))).emit(event, payload);
  }

  stateChanged(userId: string, change: StateChange) {
    this.io.to(userRoom(userId)).emit(STATE_EVENT, change);
  }

  /**
   * A job run on a user's behalf (its data names `userId`) moved on: tell that user's tabs. Only
   * the job's id, queue, state and progress go out, never its data.
   */
  jobProgress(notice: JobProgressNotice) {
    const userId = (notice.data as { userId?: unknown } | null)?.userId;
    if (typeof userId !== 'string' || !UUID.test(userId)) return;
    const event: JobProgressEvent = {
      id: notice.id,
      queue: notice.name,
      state: notice.state,
      progress: notice.progress,
    };
    this.io.to(userRoom(userId)).emit(JOB_PROGRESS_EVENT, event);
  }

  /** Ends this node's connections (before the HTTP server closes, which waits for them). */
  disconnectLocal() {
    this.io.local.disconnectSockets(true);
    this.io.engine.close();
  }

  async close() {
    this.stopJobProgress();
    await this.io.close();
    await Promise.all(this.redis.map((r) => r.quit().catch(() => r.disconnect())));
  }
}
