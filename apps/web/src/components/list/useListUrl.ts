import type { DeclaredList } from '@seller/contracts/lists';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { CrudListState } from '../crud/useCrudList.ts';
import { type ListFilters, readListUrl, writeListUrl } from './url-state.ts';

/**
 * A list's state kept in the page's URL (see `url-state.ts`): what the URL says now, and `go`,
 * which pushes a new state (so the back button steps back through it).
 */
export function useListUrl(list?: DeclaredList) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListUrl(list, params), [list, params]);
  const go = (filters: ListFilters, table: CrudListState) => setParams(writeListUrl({ filters, table }));
  return { ...state, go };
}
