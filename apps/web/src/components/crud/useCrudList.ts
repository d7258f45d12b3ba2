import { Limits } from '@seller/contracts/constants';
import { pageToSkip } from '@seller/contracts/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PagedResult } from '../../lib/abp/types.ts';

/** ABP paged input: what a CRUD list sends to the server. */
export interface CrudQuery {
  skipCount: number;
  maxResultCount: number;
  sorting?: string;
  filter?: string;
}

export interface CrudListState {
  page: number;
  pageSize: number;
  sorting?: string;
  filter: string;
}

export interface CrudListOptions<T> {
  queryKey: readonly unknown[];
  request(query: CrudQuery, signal?: AbortSignal): Promise<PagedResult<T> & { totalCountCapped?: boolean }>;
  pageSize?: number;
  defaultSorting?: string;
  /** Controlled state (a list page keeps it in the URL); the list keeps its own when absent. */
  state?: CrudListState;
  /** Gets the change rather than the next state: it is applied to the newest state, not to what this render saw. */
  onStateChange?(update: (current: CrudListState) => CrudListState): void;
}

/** List state (page, size, sorting, filter) mapped to skipCount/maxResultCount/sorting/filter. */
export function useCrudList<T>({
  queryKey,
  request,
  pageSize = Limits.defaultPageSize,
  defaultSorting,
  state: controlled,
  onStateChange,
}: CrudListOptions<T>) {
  const [own, setOwn] = useState<CrudListState>({ page: 1, pageSize, sorting: defaultSorting, filter: '' });
  const state = controlled ?? own;
  const setState = (update: (s: CrudListState) => CrudListState) =>
    controlled && onStateChange ? onStateChange(update) : setOwn(update);
  const params: CrudQuery = {
    ...pageToSkip(state.page, state.pageSize),
    sorting: state.sorting || undefined,
    filter: state.filter.trim() || undefined,
  };
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => request(params, signal),
    placeholderData: keepPreviousData,
  });
  return {
    ...state,
    params,
    query,
    items: query.data?.items ?? [],
    total: query.data?.totalCount ?? 0,
    /** The total stopped counting at the server's bound ("more than 1 000"). */
    totalCapped: query.data?.totalCountCapped === true,
    setPage: (page: number, size?: number) => setState((s) => ({ ...s, page, pageSize: size ?? s.pageSize })),
    setSorting: (sorting: string | undefined) =>
      setState((s) => ({ ...s, sorting: sorting ?? defaultSorting, page: 1 })),
    setFilter: (filter: string) => setState((s) => ({ ...s, filter, page: 1 })),
    refresh: () => query.refetch(),
  };
}

/** 'name' + 'ascend' → 'name asc' (ABP sorting). */
export function toSorting(
  field: string | undefined,
  order: 'ascend' | 'descend' | null | undefined,
): string | undefined {
  if (!field || !order) return undefined;
  return `${field} ${order === 'ascend' ? 'asc' : 'desc'}`;
}
