import { useState } from 'react';
import { useIdInUrl } from '../list/useIdInUrl.ts';

/**
 * A list's "new" form and its record's detail drawer: `created` (the form's `onSaved`) closes the
 * form, refreshes the list and opens the saved record. With `inUrl` the open record is kept in the
 * URL (`?id=`), so a link opens it (a page's own list; not a list inside another record's drawer,
 * which would take that record's place).
 */
export function useCreateThenOpen(refresh: () => unknown, { inUrl = false }: { inUrl?: boolean } = {}) {
  const [creating, setCreating] = useState(false);
  const [localId, setLocalId] = useState<string | null>(null);
  const url = useIdInUrl(true);
  const openId = inUrl ? url.openId : localId;
  const setOpenId = inUrl ? url.open : setLocalId;
  const created = (saved: { id: string }) => {
    setCreating(false);
    void refresh();
    setOpenId(saved.id);
  };
  return { creating, setCreating, openId, setOpenId, created };
}
