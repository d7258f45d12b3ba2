import type { DeclaredList } from '@seller/contracts/lists';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListUrlState, readListUrl, writeListUrl } from './url-state.ts';

/**
 * A list's state kept in the page's URL (see `url-state.ts`): what the URL says now, and `go`,
 * which pushes a change (so the back button steps back through it).
 *
 * `go` takes a change, not a state, and applies it to the newest URL: the router renders a
 * navigation in a transition, so a click that lands before that render (a sort right after a
 * filter, on a busy machine) would otherwise write the URL back from what its render saw and drop
 * the filter.
 */
export function useListUrl(list?: DeclaredList) {
  const [params, setParams] = useSearchParams();
  const seen = useRef(params);
  const newest = useRef(params);
  // a navigation (back, a link) replaces what this list wrote last
  if (seen.current !== params) {
    seen.current = params;
    newest.current = params;
  }
  const state = useMemo(() => readListUrl(list, params), [list, params]);
  const go = (update: (now: ListUrlState) => ListUrlState) => {
    const next = writeListUrl(update(readListUrl(list, newest.current)));
    newest.current = next;
    setParams(next);
  };
  return { ...state, go };
}

/**
 * The list's state in the URL (`useListUrl`), or, when `inUrl` is false, in the component (a list
 * in a tab or drawer of another page, whose URL is that page's), changed the same way.
 */
export function useListState(list: DeclaredList, inUrl: boolean) {
  const url = useListUrl(list);
  const [own, setOwn] = useState<ListUrlState>(() => readListUrl(list, new URLSearchParams()));
  if (inUrl) return url;
  return { ...own, go: (update: (now: ListUrlState) => ListUrlState) => setOwn(update) };
}
