import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { LF, pickersApi } from '../../freight-api.ts';

export interface SkuSelectProps {
  value?: string;
  onChange?(value: string | undefined): void;
  testid?: string;
  id?: string;
}

/**
 * A SKU picked from the catalogue (search by SKU or name, shown as `SKU name`), or typed as it is
 * (a variant's SKU, or without the right to read the catalogue).
 */
export function SkuSelect({ value, onChange, testid, id }: SkuSelectProps) {
  const canRead = useAbp((s) => s.permissions.includes('Catalog.Products'));
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const products = useQuery({
    queryKey: ['catalog', 'products', 'sku-picker', search],
    queryFn: ({ signal }) => pickersApi.products(search, signal),
    enabled: canRead && open,
    staleTime: 30_000,
    retry: false,
  });
  const options = useMemo(() => {
    const list = (products.data?.items ?? []).map((p) => ({ value: p.sku, label: `${p.sku} ${p.name}` }));
    const own = typed.trim().toUpperCase();
    for (const extra of [own, value])
      if (extra && !list.some((o) => o.value === extra)) list.unshift({ value: extra, label: extra });
    return list;
  }, [products.data, typed, value]);
  return (
    <Select
      id={id}
      value={value}
      onChange={(v: string | undefined) => {
        setTyped('');
        onChange?.(v);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onOpenChange={setOpen}
      onBlur={() => setTyped('')}
      options={options}
      loading={products.isFetching}
      placeholder={LF('SkuPlaceholder')}
      notFoundContent={null}
      allowClear
      data-testid={testid}
    />
  );
}
