import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useState } from 'react';
import { OL, orderKeys, ordersApi } from '../../api/orders.ts';

/** Pieces the orders page, its detail and its form share. */

export const statusColor: Record<string, string> = {
  Pending: 'default',
  Paid: 'blue',
  Processing: 'processing',
  Outofstock: 'error',
  Packaged: 'cyan',
  PartiallyShipped: 'geekblue',
  Shipped: 'geekblue',
  Delivered: 'green',
  Completed: 'success',
  Cancel: 'default',
  PartiallyRefunded: 'orange',
  Refunded: 'warning',
};

export const StatusTag = ({ status }: { status: string }) => (
  <Tag color={statusColor[status]} data-testid={`order-status-${status}`}>
    {OL(`Status:${status}`)}
  </Tag>
);

/** A catalogue variant picker searching as the user types. */
/** The loaded options, with the chosen one first when the search has not brought it. */
function withKnown(loaded: { value: string; label: string }[], value?: string, known?: ReadonlyMap<string, string>) {
  const label = value ? known?.get(value) : undefined;
  return label && !loaded.some((o) => o.value === value) ? [{ value: value!, label }, ...loaded] : loaded;
}

export function VariantSelect(props: {
  value?: string;
  /** The variant and its catalogue price with that price's currency. */
  onChange?: (id: string, price?: string, currency?: string) => void;
  testid?: string;
  /** Labels of variants already chosen (an order being edited), shown before the search loads them. */
  known?: ReadonlyMap<string, string>;
}) {
  const [search, setSearch] = useState('');
  const options = useQuery({
    queryKey: [...orderKeys.variants, search],
    queryFn: ({ signal }) => ordersApi.variants(search || undefined, signal),
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      style={{ width: '100%', minWidth: 200 }}
      data-testid={props.testid}
      value={props.value}
      loading={options.isFetching}
      onChange={(id) => {
        const v = options.data?.items.find((o) => o.id === id);
        props.onChange?.(id, v?.price, v?.currency);
      }}
      options={withKnown(
        (options.data?.items ?? []).map((v) => ({ value: v.id, label: `${v.sku} · ${v.name}` })),
        props.value,
        props.known,
      )}
    />
  );
}
