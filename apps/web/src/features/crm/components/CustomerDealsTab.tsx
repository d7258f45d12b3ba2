import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useCreateThenOpen } from '../../../components/crud/index.ts';
import type { PagedResult } from '../../../lib/abp/types.ts';
import { useAccess } from '../../../lib/access.tsx';

/** A record's detail drawer: `onChanged` after it changed or deleted the record, to refresh the lists. */
export interface RecordDetailProps {
  id: string;
  onClose(): void;
  onChanged(): unknown;
}

export interface CustomerDealsTabProps<T extends { id: string }> {
  customerId: string;
  /** Test ids of the tab and of its "new" button. */
  testid: string;
  newTestid: string;
  /** The module's query keys: the customer's list lives under `list`, a change refreshes `all`. */
  keys: { all: readonly unknown[]; list: readonly unknown[] };
  /** The customer's first hundred, in the order the tab shows them. */
  load(customerId: string, signal: AbortSignal): Promise<PagedResult<T>>;
  /** Who may add one (the "new" button shows only to them). */
  createPermission: string;
  newLabel: string;
  emptyText: string;
  /** The rows, each opening its detail with `open(id)`. */
  children(rows: T[], open: (id: string) => void): ReactNode;
  /** The "new" form, for this customer. */
  Form: ComponentType<{ customerId: string; onClose(): void; onSaved(saved: { id: string }): void }>;
  Detail: ComponentType<RecordDetailProps>;
}

/**
 * A tab of the customer detail listing what was done with the customer (businesses, orders): a
 * "new" button that opens the saved one, the rows or an empty note, the detail drawer of a row.
 */
export function CustomerDealsTab<T extends { id: string }>(p: CustomerDealsTabProps<T>) {
  const access = useAccess();
  const client = useQueryClient();
  const q = useQuery({
    queryKey: [...p.keys.list, 'customer', p.customerId],
    queryFn: ({ signal }) => p.load(p.customerId, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: p.keys.all });
  const { creating, setCreating, openId, setOpenId, created } = useCreateThenOpen(refresh);
  return (
    <div data-testid={p.testid}>
      {access.can(p.createPermission) && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          style={{ marginBottom: 12 }}
          data-testid={p.newTestid}
        >
          {p.newLabel}
        </Button>
      )}
      {q.isLoading ? (
        <Skeleton active />
      ) : !q.data?.items.length ? (
        <Empty description={p.emptyText} />
      ) : (
        p.children(q.data.items, setOpenId)
      )}
      {creating && <p.Form customerId={p.customerId} onClose={() => setCreating(false)} onSaved={created} />}
      {openId && <p.Detail id={openId} onClose={() => setOpenId(null)} onChanged={refresh} />}
    </div>
  );
}
