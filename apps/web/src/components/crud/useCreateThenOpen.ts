import { useState } from 'react';

/**
 * A list's "new" form and its record's detail drawer: `created` (the form's `onSaved`) closes the
 * form, refreshes the list and opens the saved record.
 */
export function useCreateThenOpen(refresh: () => unknown) {
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const created = (saved: { id: string }) => {
    setCreating(false);
    void refresh();
    setOpenId(saved.id);
  };
  return { creating, setCreating, openId, setOpenId, created };
}
