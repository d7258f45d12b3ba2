import type { ReactNode } from 'react';
import type { StampedRow } from './create-or-update.ts';
import { EditDeleteActions } from './EditDeleteActions.tsx';
import { type OpenedForm, useOpenForm } from './useOpenForm.ts';

export interface RowEditorOptions<T, I> {
  /** The resource's permission: `.Create`, `.Update` and `.Delete` gate the actions. */
  permission: string;
  /** Test ids of the row links: `<testid>-edit-<label>`, `<testid>-delete-<label>`. */
  testid: string;
  label(row: T): string;
  /** The confirmed delete of a row; `refresh` follows it. */
  remove(row: T): Promise<unknown>;
  /** Reads the list again after a save or a delete. */
  refresh(): Promise<unknown>;
  deleteTitle?(row: T): ReactNode;
  editText?: ReactNode;
  /** The form a row (or `'new'`) opens: its title and first values. */
  formOf(target: T | 'new'): OpenedForm<I>;
}

/**
 * A list whose rows are created and edited in an overlay and deleted after confirming: the open
 * form (`useOpenForm`) and the list's create button and row links that open it, spread onto a
 * `ListPage` or `ResourceList`.
 */
export function useRowEditor<T extends StampedRow, I = object>(o: RowEditorOptions<T, I>) {
  const form = useOpenForm<T, I>(o.formOf, o.refresh);
  return {
    ...form,
    listActions: {
      onCreate: () => form.open('new'),
      createPermission: `${o.permission}.Create`,
      rowActions: (row: T) => (
        <EditDeleteActions
          permission={o.permission}
          onEdit={() => form.open(row)}
          onDelete={async () => {
            await o.remove(row);
            await o.refresh();
          }}
          deleteTitle={o.deleteTitle?.(row)}
          editText={o.editText}
          testid={o.testid}
          label={o.label(row)}
        />
      ),
    },
  };
}
