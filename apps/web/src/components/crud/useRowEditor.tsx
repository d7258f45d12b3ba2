import { type ReactNode, useState } from 'react';
import { EditDeleteActions } from './EditDeleteActions.tsx';

export interface RowEditorOptions<T> {
  /** The resource's permission: `.Create`, `.Update` and `.Delete` gate the actions. */
  permission: string;
  /** Test ids of the row links: `<testid>-edit-<label>`, `<testid>-delete-<label>`. */
  testid: string;
  label(row: T): string;
  /** The confirmed delete of a row (the remove call and the refresh). */
  remove(row: T): Promise<unknown>;
  deleteTitle?(row: T): ReactNode;
  editText?: ReactNode;
  /** Called as a form opens, before it shows (to fix what the form starts from). */
  onOpen?(target: T | 'new'): void;
}

/**
 * A list whose rows are created and edited in an overlay and deleted after confirming: which form
 * is open (`editing`: a row, `'new'` or none) and the list's create button and row links that
 * open it, spread onto a `ListPage` or `ResourceList`.
 */
export function useRowEditor<T>(o: RowEditorOptions<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const open = (target: T | 'new') => {
    o.onOpen?.(target);
    setEditing(target);
  };
  return {
    editing,
    close: () => setEditing(null),
    listActions: {
      onCreate: () => open('new'),
      createPermission: `${o.permission}.Create`,
      rowActions: (row: T) => (
        <EditDeleteActions
          permission={o.permission}
          onEdit={() => open(row)}
          onDelete={() => o.remove(row)}
          deleteTitle={o.deleteTitle?.(row)}
          editText={o.editText}
          testid={o.testid}
          label={o.label(row)}
        />
      ),
    },
  };
}
