import type { TagDto, TagOption, TagQuery, TagScope } from '@seller/contracts/crm';
import type { Json } from '@seller/contracts/fields';
import type { CrudQuery } from '../../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Tags (`/api/crm/tags`): the managed list, and `/all?scope=` for pickers. */

export type Tag = Json<TagDto>;
export type { TagOption, TagScope };

const url = '/api/crm/tags';
/** Refusals shown under the form's fields are not notified. */

export const tagsApi = {
  url,
  list: (q: CrudQuery & Pick<TagQuery, 'scope'>, signal?: AbortSignal) =>
    http.get<PagedResult<Tag>>(url, { ...q }, { signal }),
  all: (scope?: TagScope) => http.get<ListResult<TagOption>>(`${url}/all`, { scope }),
  create: (input: object) => http.post<Tag>(url, input, { notify: notifyUnlessFieldErrors }),
  update: (id: string, input: object) => http.put<Tag>(`${url}/${id}`, input, { notify: notifyUnlessFieldErrors }),
  remove: (id: string) => http.delete<void>(`${url}/${id}`),
};

export const tagKeys = {
  all: ['crm', 'tags'] as const,
  list: ['crm', 'tags', 'list'] as const,
  options: (scope?: TagScope) => ['crm', 'tags', 'options', scope ?? ''] as const,
};

/** A text of the tags page (`CrmTags::…`). */
export const TL = (key: string, ...args: unknown[]) => localize(`CrmTags::${key}`, ...args);
