import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { DangerConfirmButton } from '../../../components/crud/index.ts';

/**
 * A deal's record (business, order) as its detail drawer shows it: loaded under `queryKey`; `done`
 * keeps what an action returned as the record and tells the lists (`onChanged`).
 */
export function useDealRecord<T>(queryKey: readonly unknown[], get: () => Promise<T>, onChanged: () => unknown) {
  const client = useQueryClient();
  const q = useQuery({ queryKey, queryFn: get });
  const done = async (next: T) => {
    client.setQueryData(queryKey, next);
    await onChanged();
  };
  return { record: q.data, done };
}

export interface DealDetailDrawerProps<T> {
  /** The record, once loaded (a spinner until then). */
  record: T | undefined;
  title: string;
  /** Prefix of the test ids: `-edit`, `-delete`, `-delete-ok` and `-detail` (the body). */
  testid: string;
  canEdit: boolean;
  canDelete: boolean;
  texts: { edit: string; delete: string; confirmDelete: string };
  /** Deletes the record; the drawer then tells the lists and closes. */
  remove(): Promise<unknown>;
  onChanged(): unknown;
  onClose(): void;
  /** The edit form while editing; `close` ends editing. */
  editForm(record: T, close: () => void): ReactNode;
  /** The loaded record's body. */
  children(record: T): ReactNode;
  /** The record's own dialogs (change of status, closing). */
  dialogs?: ReactNode;
}

/** The detail drawer of a customer's deal: edit and delete (after confirming) in its header, to who may. */
export function DealDetailDrawer<T>(p: DealDetailDrawerProps<T>) {
  const [editing, setEditing] = useState(false);
  const r = p.record;
  return (
    <Drawer
      open
      size="large"
      title={p.title}
      onClose={p.onClose}
      destroyOnHidden
      extra={
        r && (
          <Space wrap>
            {p.canEdit && (
              <Button onClick={() => setEditing(true)} data-testid={`${p.testid}-edit`}>
                {p.texts.edit}
              </Button>
            )}
            {p.canDelete && (
              <DangerConfirmButton
                title={p.texts.confirmDelete}
                testid={`${p.testid}-delete`}
                confirmTestid={`${p.testid}-delete-ok`}
                onConfirm={async () => {
                  await p.remove();
                  await p.onChanged();
                  p.onClose();
                }}
              >
                {p.texts.delete}
              </DangerConfirmButton>
            )}
          </Space>
        )
      }
    >
      {r ? <div data-testid={`${p.testid}-detail`}>{p.children(r)}</div> : <Spin />}
      {p.dialogs}
      {r && editing && p.editForm(r, () => setEditing(false))}
    </Drawer>
  );
}
