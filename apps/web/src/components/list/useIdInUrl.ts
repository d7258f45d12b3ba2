import { useSearchParams } from 'react-router';

/**
 * The record a list page shows in its drawer, kept in the URL as `?id=` beside the list's own
 * state, so that a link (a notification's, say) opens it. With `pushOnOpen` opening adds a history
 * entry (Back closes the drawer); closing always replaces it.
 */
export function useIdInUrl(pushOnOpen = false) {
  const [search, setSearch] = useSearchParams();
  const open = (id: string | null) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: !(pushOnOpen && id) },
    );
  return { openId: search.get('id'), open };
}
