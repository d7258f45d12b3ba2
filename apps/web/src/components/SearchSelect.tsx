import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchSelectProps<T extends { id: string }>
  extends Omit<SelectProps<string>, 'value' | 'onChange' | 'options' | 'showSearch' | 'loading' | 'mode'> {
  value?: string;
  /** The chosen id and its item (none when cleared, or when the item is not among the loaded ones). */
  onChange?: (id: string | undefined, item: T | undefined) => void;
  /** The query's key for a search text. */
  queryKey(search: string): readonly unknown[];
  /** The items matching what the user typed (`''` before they type). */
  load(search: string, signal: AbortSignal): Promise<{ items: T[] }>;
  label(item: T): string;
  /** Labels of values chosen before any search (an edited record's own), shown until a search brings them. */
  known?: ReadonlyMap<string, string>;
  /** Items not to offer (the current owner, when transferring). */
  exclude?: (item: T) => boolean;
  staleTime?: number;
  testid?: string;
}

/** A select over items the server finds as the user types (users, customers, variants). */
export function SearchSelect<T extends { id: string }>({
  value,
  onChange,
  queryKey,
  load,
  label,
  known,
  exclude,
  staleTime,
  testid,
  ...select
}: SearchSelectProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useQuery({
    queryKey: queryKey(search),
    queryFn: ({ signal }) => load(search, signal),
    staleTime,
  });
  const items = (q.data?.items ?? []).filter((i) => !exclude?.(i));
  const options = items.map((i) => ({ value: i.id, label: label(i) }));
  const knownLabel = value ? known?.get(value) : undefined;
  if (value && knownLabel !== undefined && !items.some((i) => i.id === value)) {
    options.unshift({ value, label: knownLabel });
  }
  return (
    <Select
      {...select}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      loading={q.isFetching}
      // a value whose name has not come yet shows as loading, never as its id
      labelRender={(o) => o.label ?? (q.isFetching ? t('app.loading') : '')}
      data-testid={testid}
      onChange={(id) =>
        onChange?.(
          id ?? undefined,
          items.find((i) => i.id === id),
        )
      }
      options={options}
    />
  );
}
