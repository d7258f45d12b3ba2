import { Tag } from 'antd';
import { SearchSelect } from '../../../../components/SearchSelect.tsx';
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
export function VariantSelect(props: {
  value?: string;
  /** The variant and its catalogue price with that price's currency. */
  onChange?: (id: string, price?: string, currency?: string) => void;
  testid?: string;
  /** Labels of variants already chosen (an order being edited), shown before the search loads them. */
  known?: ReadonlyMap<string, string>;
}) {
  return (
    <SearchSelect
      queryKey={(search) => [...orderKeys.variants, search]}
      load={(search, signal) => ordersApi.variants(search || undefined, signal)}
      label={(v) => `${v.sku} · ${v.name}`}
      known={props.known}
      style={{ width: '100%', minWidth: 200 }}
      testid={props.testid}
      value={props.value}
      onChange={(id, v) => props.onChange?.(id!, v?.price, v?.currency)}
    />
  );
}
