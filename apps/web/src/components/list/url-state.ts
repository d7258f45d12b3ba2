import { Limits } from '@seller/contracts/constants';
import type { DeclaredList } from '@seller/contracts/lists';
import type { CrudListState } from '../crud/useCrudList.ts';

/**
 * A list's state kept in the page's URL, in the API's own query members (`?status=Paid&from=…
 * &sorting=total desc&page=2`), so a copied address opens the same list and the back button
 * steps through the changes. Members the declaration does not know, or values it refuses, are
 * dropped rather than sent.
 */
export type ListFilters = Record<string, string | string[] | boolean | undefined>;

export interface ListUrlState {
  table: CrudListState;
  filters: ListFilters;
}

const PAGE = 'page';
const SIZE = 'size';

/** The members a URL may carry: the filters (and the tab), the search text and the sorting. */
const filterMembers = (list: DeclaredList | undefined) =>
  list ? Object.keys(list.filters.shape).filter((k) => k !== 'filter') : [];

/** The state a URL holds; without a declaration (a resource's list), only paging, sorting and search. */
export function readListUrl(list: DeclaredList | undefined, params: URLSearchParams): ListUrlState {
  const raw: Record<string, unknown> = {};
  for (const member of filterMembers(list)) {
    const values = params.getAll(member);
    if (values.length) raw[member] = values.length > 1 ? values : values[0];
  }
  const filters: ListFilters = {};
  for (const [member, value] of Object.entries(raw)) {
    // one member at a time: a bad value drops only itself
    const parsed = list!.filters.shape[member]!.safeParse(value);
    if (parsed.success && parsed.data !== undefined) filters[member] = parsed.data as ListFilters[string];
  }
  const sorting = params.get('sorting') ?? undefined;
  const page = Math.max(1, Number.parseInt(params.get(PAGE) ?? '1', 10) || 1);
  const size = Number.parseInt(params.get(SIZE) ?? '', 10);
  return {
    filters,
    table: {
      page,
      pageSize: size > 0 && size <= Limits.maxResultCount ? size : Limits.defaultPageSize,
      sorting: sorting && sorting.length <= 200 ? sorting : undefined,
      filter: (params.get('filter') ?? '').slice(0, 200),
    },
  };
}

export function writeListUrl(state: ListUrlState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [member, value] of Object.entries(state.filters)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(member, value.join(','));
    } else params.set(member, String(value));
  }
  if (state.table.filter) params.set('filter', state.table.filter);
  if (state.table.sorting) params.set('sorting', state.table.sorting);
  if (state.table.page > 1) params.set(PAGE, String(state.table.page));
  if (state.table.pageSize !== Limits.defaultPageSize) params.set(SIZE, String(state.table.pageSize));
  return params;
}

/** The filters as query parameters of the API (arrays as `a,b`). */
export function filterParams(filters: ListFilters): Record<string, string | boolean | undefined> {
  return Object.fromEntries(
    Object.entries(filters).map(([k, v]) => [k, Array.isArray(v) ? (v.length ? v.join(',') : undefined) : v]),
  );
}
