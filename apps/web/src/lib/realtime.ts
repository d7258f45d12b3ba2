import { HubPath, Limits } from '@seller/contracts/constants';
import { useSession } from './session/store.ts';

/**
 * Placeholder for the live notification hub (notifications issue). The shell does not connect yet;
 * the notifications module will create a socket.io client here with these settings.
 */
export const realtimeSettings = {
  path: HubPath,
  reconnectDelayMs: Limits.hubReconnectDelayMs,
  /** Bearer token for the hub handshake. */
  token: () => useSession.getState().accessToken,
} as const;
