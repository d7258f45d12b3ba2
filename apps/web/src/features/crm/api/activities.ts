import type { ActivityDto, ActivityQuery, ActivityType } from '@seller/contracts/crm';
import type { Json } from '@seller/contracts/fields';
import type { CrudQuery } from '../../../components/crud/index.ts';
import type { PagedResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Follow-up records (`/api/crm/activities`) and their attachments (the files service). */

export type Activity = Json<ActivityDto>;
export type { ActivityType };

export interface ActivityFilters {
  customerId?: string;
  type?: ActivityType;
  mine?: boolean;
  /** `YYYY-MM-DD`, inclusive. */
  from?: string;
  to?: string;
}

const url = '/api/crm/activities';
/** The follow-up list of the list kit (`activityList`): the page, `/export`. */
export const activitiesUrl = url;
const params = (f: ActivityFilters & Partial<CrudQuery>): Partial<Record<keyof ActivityQuery, unknown>> => ({
  ...f,
  mine: f.mine ? 'true' : undefined,
});

export const activitiesApi = {
  list: (q: CrudQuery & ActivityFilters, signal?: AbortSignal) =>
    http.get<PagedResult<Activity>>(url, params(q) as never, { signal }),
  create: (input: object) => http.post<Activity>(url, input, { notify: notifyUnlessFieldErrors }),
  update: (id: string, input: object) => http.put<Activity>(`${url}/${id}`, input, { notify: notifyUnlessFieldErrors }),
  remove: (id: string) => http.delete<void>(`${url}/${id}`),
  /** What a follow-up on a customer may be written on besides the customer: its contacts and businesses. */
  targets: async (customerId: string) => {
    const [contacts, businesses] = await Promise.all([
      http
        .get<{ items: { id: string; name: string }[] }>(`/api/crm/customers/${customerId}/contacts`, undefined, {
          notify: false,
        })
        .catch(() => ({ items: [] })),
      http
        .get<PagedResult<{ id: string; name: string }>>(
          '/api/crm/businesses',
          { customerId, maxResultCount: 50 },
          { notify: false },
        )
        .catch(() => ({ totalCount: 0, items: [] })),
    ]);
    return {
      contacts: contacts.items.map(({ id, name }) => ({ id, name })),
      businesses: businesses.items.map(({ id, name }) => ({ id, name })),
    };
  },
  /** Stores an image with the files service; its URL is what a record keeps. */
  upload: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.request<{ url: string }>('/api/files', { method: 'POST', multipart: form, timeoutMs: 120_000 });
  },
};

export const activityKeys = {
  all: ['crm', 'activities'] as const,
};

/** A text of the follow-up pages (`CrmActivities::…`). */
export const AL = (key: string, ...args: unknown[]) => localize(`CrmActivities::${key}`, ...args);
