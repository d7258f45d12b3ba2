import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  InfoCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { HubPath, Limits, NotificationReadState, NotificationSeverity } from '@seller/contracts/constants';
import { type ComponentType, useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { http } from './http/index.ts';
import { onLanguageSwitched } from './session/language.ts';
import { onSessionReset } from './session/lifecycle.ts';
import { useSession } from './session/store.ts';

/** A notification as the signed-in user sees it (wire contract §10). */
export interface UserNotification {
  id: string;
  name: string;
  creationTime: string;
  type: number;
  lifetime: number;
  severity: number;
  /** Read 0, UnRead 1. */
  state: number;
  contentType: number;
  data: {
    type: string;
    extraProperties: { title?: string | null; message?: string | null; description?: string | null } & Record<
      string,
      unknown
    >;
  };
}

/** One of the user's notifications was read, unread or deleted (in another tab or on the page). */
export interface NotificationStateChange {
  id: string;
  /** The new state; for a deleted one, the state it had. */
  state: number;
  deleted?: boolean;
}

/** A background job run for this user moved on (the hub's `job-progress`; never the job's data). */
export interface JobProgress {
  id: string;
  queue: string;
  state: 'active' | 'completed' | 'failed';
  progress: { percent: number | null; message: string | null } | null;
}

export type HubStatus = 'idle' | 'connecting' | 'connected' | 'waiting';

export const realtimeSettings = {
  path: HubPath,
  reconnectDelayMs: Limits.hubReconnectDelayMs,
  /** Bearer token for the hub handshake. */
  token: () => useSession.getState().accessToken,
} as const;

/** Colour, antd status and icon of each severity (Success 0 … Fatal 40). */
export const severityStyles: Record<
  number,
  { color: string; status: 'success' | 'info' | 'warning' | 'error'; icon: ComponentType<{ style?: object }> }
> = {
  [NotificationSeverity.Success]: { color: '#52c41a', status: 'success', icon: CheckCircleOutlined },
  [NotificationSeverity.Info]: { color: '#1677ff', status: 'info', icon: InfoCircleOutlined },
  [NotificationSeverity.Warn]: { color: '#faad14', status: 'warning', icon: ExclamationCircleOutlined },
  [NotificationSeverity.Error]: { color: '#ff4d4f', status: 'error', icon: CloseCircleOutlined },
  [NotificationSeverity.Fatal]: { color: '#a8071a', status: 'error', icon: StopOutlined },
};
export const severityStyle = (severity: number) =>
  severityStyles[severity] ?? severityStyles[NotificationSeverity.Info];

type Listener<T> = (payload: T) => void;

/**
 * The one connection of this tab to the live notification hub (socket.io at the spec's path),
 * opened while something uses it. The access token goes in the handshake; websocket only, so
 * any server node behind a load balancer can hold it without sticky sessions. A dropped
 * connection is retried after 60 000 ms (spec §4); a refused token is refreshed once first.
 */
class NotificationHub {
  private socket?: Socket;
  private users = 0;
  private retry?: ReturnType<typeof setTimeout>;
  private status: HubStatus = 'idle';
  private notificationListeners = new Set<Listener<UserNotification>>();
  private stateListeners = new Set<Listener<NotificationStateChange>>();
  private jobListeners = new Set<Listener<JobProgress>>();
  private statusListeners = new Set<() => void>();
  /** Listeners of the hub's other events by name (e.g. a module's `listing-changed`). */
  private eventListeners = new Map<string, Set<Listener<unknown>>>();

  constructor() {
    // another user or tenant, or another language: a new handshake (after the new token is stored)
    onSessionReset(() => setTimeout(() => this.restart(), 0));
    onLanguageSwitched(() => this.restart());
  }

  /** Opens the connection on first use; the returned function gives it back. */
  acquire(): () => void {
    this.users += 1;
    if (this.users === 1) this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) this.stop();
    };
  }

  getStatus = () => this.status;

  subscribeStatus = (listener: () => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  onNotification(listener: Listener<UserNotification>) {
    this.notificationListeners.add(listener);
    return () => this.notificationListeners.delete(listener);
  }

  onJobProgress(listener: Listener<JobProgress>) {
    this.jobListeners.add(listener);
    return () => this.jobListeners.delete(listener);
  }

  /** Listens to one named event the hub sends (a module's own live event); the returned function stops. */
  onEvent<T>(name: string, listener: Listener<T>) {
    let set = this.eventListeners.get(name);
    if (!set) {
      set = new Set();
      this.eventListeners.set(name, set);
    }
    set.add(listener as Listener<unknown>);
    return () => {
      set.delete(listener as Listener<unknown>);
      if (set.size === 0 && this.eventListeners.get(name) === set) this.eventListeners.delete(name);
    };
  }

  onStateChange(listener: Listener<NotificationStateChange>) {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** ChangeState(id, state) through the hub (acknowledged), or the HTTP call when not connected. */
  async changeState(id: string, state: number): Promise<boolean> {
    if (this.socket?.connected) {
      try {
        const ack = (await this.socket.timeout(10_000).emitWithAck('ChangeState', id, state)) as { success?: boolean };
        if (ack?.success) return true;
      } catch {
        // no acknowledgement: fall back to HTTP below
      }
    }
    if (state !== NotificationReadState.Read) return false;
    try {
      await http.put(`/api/my-notifilers/${encodeURIComponent(id)}/set-as-read`);
      return true;
    } catch {
      return false;
    }
  }

  private setStatus(status: HubStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const l of this.statusListeners) l();
  }

  private start() {
    if (this.socket || !realtimeSettings.token()) return;
    const delay = realtimeSettings.reconnectDelayMs;
    const socket = io({
      path: realtimeSettings.path,
      transports: ['websocket'],
      auth: (cb) => cb({ token: realtimeSettings.token(), culture: useSession.getState().language }),
      reconnectionDelay: delay,
      reconnectionDelayMax: delay,
      randomizationFactor: 0,
    });
    this.socket = socket;
    this.setStatus('connecting');
    socket.on('connect', () => this.setStatus('connected'));
    socket.on('getNotification', (n: UserNotification) => {
      for (const l of this.notificationListeners) l(n);
    });
    socket.on('notificationStateChanged', (c: NotificationStateChange) => {
      for (const l of this.stateListeners) l(c);
    });
    socket.on('job-progress', (p: JobProgress) => {
      for (const l of this.jobListeners) l(p);
    });
    socket.onAny((event: string, payload: unknown) => {
      const listeners = this.eventListeners.get(event);
      if (listeners) for (const l of listeners) l(payload);
    });
    socket.on('connect_error', (err: Error) => {
      this.setStatus('waiting');
      // a refused handshake is not retried by socket.io itself
      if (!socket.active) void this.recover(socket, err.message === 'unauthorized');
    });
    socket.on('disconnect', (reason) => {
      this.setStatus(socket.active ? 'waiting' : 'idle');
      // the server ends a connection whose token expired: refresh, then come back
      if (reason === 'io server disconnect') void this.recover(socket, true);
    });
  }

  private async recover(socket: Socket, refreshToken: boolean) {
    if (socket !== this.socket) return;
    if (refreshToken && (await http.refreshOnce(realtimeSettings.token()))) {
      if (socket === this.socket) socket.connect();
      return;
    }
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (socket === this.socket && !socket.connected) socket.connect();
    }, realtimeSettings.reconnectDelayMs);
  }

  private stop() {
    clearTimeout(this.retry);
    const socket = this.socket;
    this.socket = undefined;
    socket?.removeAllListeners();
    socket?.disconnect();
    this.setStatus('idle');
  }

  private restart() {
    if (!this.socket) return;
    this.stop();
    if (this.users > 0) this.start();
  }
}

export const notificationHub = new NotificationHub();

/**
 * Keeps the hub connection open while the component is mounted and calls the handlers for
 * live notifications, state changes and the progress of the user's background jobs; returns the
 * connection status.
 */
export function useNotificationHub(handlers: {
  onNotification?: Listener<UserNotification>;
  onStateChange?: Listener<NotificationStateChange>;
  onJobProgress?: Listener<JobProgress>;
}): HubStatus {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const release = notificationHub.acquire();
    const offNotification = notificationHub.onNotification((n) => ref.current.onNotification?.(n));
    const offState = notificationHub.onStateChange((c) => ref.current.onStateChange?.(c));
    const offJob = notificationHub.onJobProgress((p) => ref.current.onJobProgress?.(p));
    return () => {
      offNotification();
      offState();
      offJob();
      release();
    };
  }, []);
  return useSyncExternalStore(notificationHub.subscribeStatus, notificationHub.getStatus);
}

/**
 * Keeps the hub connection open while the component is mounted and calls `listener` for each
 * `name` event the hub sends (the latest listener given, without resubscribing); returns the
 * connection status, so a page can say when its live updates are paused.
 */
export function useHubEvent<T>(name: string, listener: Listener<T>): HubStatus {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    const release = notificationHub.acquire();
    const off = notificationHub.onEvent<T>(name, (payload) => ref.current(payload));
    return () => {
      off();
      release();
    };
  }, [name]);
  return useSyncExternalStore(notificationHub.subscribeStatus, notificationHub.getStatus);
}
