import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import type { CrudQuery } from './useCrudList.ts';

/** The calls every resource of the server's CRUD kit offers (`core/resource.ts`, `resourceRoutes`). */
export interface ResourceApi<T> {
  url: string;
  list(q: CrudQuery, signal?: AbortSignal): Promise<PagedResult<T>>;
  all(): Promise<ListResult<T>>;
  create(input: object): Promise<T>;
  update(id: string, input: object): Promise<T>;
  remove(id: string): Promise<void>;
}

/** The calls of the resource at `url` (`/api/catalog/brands`): paged list, all, create, update, delete. */
export function resourceApi<T>(url: string): ResourceApi<T> {
  return {
    url,
    list: (q, signal) => http.get<PagedResult<T>>(url, { ...q }, { signal }),
    all: () => http.get<ListResult<T>>(`${url}/all`),
    create: (input) => http.post<T>(url, input),
    update: (id, input) => http.put<T>(`${url}/{id}`, input, { path: { id } }),
    remove: (id) => http.delete<void>(`${url}/{id}`, undefined, { path: { id } }),
  };
}
