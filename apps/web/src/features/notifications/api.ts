import { NotificationSeverity } from '@seller/contracts/constants';
import {
  ANNOUNCEMENT,
  type NotificationDefinitionDto,
  type NotificationGroupDto,
  type SendResult,
  type sendInput,
  type subscriptionDto,
} from '@seller/contracts/notifications';
import type { z } from 'zod';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** Notifications API (spec §7): the user's inbox and subscriptions, the administrators' send call. */
export const INBOX_URL = '/api/my-notifilers';
export const SUBSCRIBES_URL = '/api/my-subscribes';
export const SEND_URL = '/api/notifications/send';
export const SEND_PERMISSION = 'Notifications.Notification.Send';
export { ANNOUNCEMENT };

/** A text of the module's server resource. */
export const NT = (key: string, ...args: unknown[]) => localize(`Notifications::${key}`, ...args);

export const severities = Object.values(NotificationSeverity) as number[];

/** The inbox list's url (the kit's page, tab counts and export). */
export const INBOX_LIST_URL = `${INBOX_URL}/user-notifications`;

export const inboxApi = {
  setRead: (id: string) => http.put<void>(`${INBOX_URL}/{id}/set-as-read`, undefined, { path: { id } }),
  remove: (id: string) => http.request<void>(`${INBOX_URL}/{id}`, { method: 'DELETE', path: { id } }),
};

export type { NotificationDefinitionDto, NotificationGroupDto };

export const subscriptionsApi = {
  assignables: () => http.get<ListResult<NotificationGroupDto>>(`${INBOX_URL}/assignables`),
  mine: () => http.get<ListResult<z.infer<typeof subscriptionDto>>>(`${SUBSCRIBES_URL}/all`),
  subscribe: (name: string) => http.post<void>(SUBSCRIBES_URL, { name }),
  unsubscribe: (name: string) => http.delete<void>(SUBSCRIBES_URL, { name }),
};

export type SendInput = z.input<typeof sendInput>;

export interface UserOption {
  id: string;
  userName: string;
  name: string | null;
  surname: string | null;
}

export const sendApi = {
  send: (input: SendInput) => http.post<SendResult>(SEND_URL, input),
  /** Users to choose from (needs the users permission). */
  searchUsers: (filter: string) =>
    http.get<PagedResult<UserOption>>('/api/identity/users', { filter, maxResultCount: 20 }, { notify: false }),
};
