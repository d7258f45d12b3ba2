import { useMemo, useState } from 'react';
import type { ResourceApi } from './resource-api.ts';

/**
 * The row of a resource list chosen to show its children beside the list (a carrier's channels, a
 * price rule's bands). `api` is the resource's calls for the list to use: deleting the chosen row
 * also un-chooses it, so its children are not shown after it is gone.
 */
export function useChosenRow<T extends { id: string }>(resource: ResourceApi<T>) {
  const [selected, setSelected] = useState<T | null>(null);
  const api = useMemo<ResourceApi<T>>(
    () => ({
      ...resource,
      remove: async (id) => {
        await resource.remove(id);
        setSelected((s) => (s?.id === id ? null : s));
      },
    }),
    [resource],
  );
  return { selected, setSelected, api };
}
