import { Space } from 'antd';
import type { ReactNode } from 'react';
import { DeleteAction } from './DeleteAction.tsx';
import { EditAction } from './EditAction.tsx';

export interface EditDeleteActionsProps {
  /** The resource's permission: `<permission>.Update` shows the edit link, `<permission>.Delete` the delete. */
  permission: string;
  onEdit(): void;
  /** Runs once the delete is confirmed (the remove call and the refresh). */
  onDelete(): Promise<unknown>;
  /** The delete confirmation's question, when the page says more than "Delete this item?". */
  deleteTitle?: ReactNode;
  /** The edit link's text, when the page's own text module says it. */
  editText?: ReactNode;
  /** Test ids `<testid>-edit-<label>` and `<testid>-delete-<label>` (without a label: `<testid>-edit`…). */
  testid: string;
  label?: string;
}

/** A row's (or a selected node's) edit and delete links, the pair most lists end their rows with. */
export function EditDeleteActions({
  permission,
  onEdit,
  onDelete,
  deleteTitle,
  editText,
  testid,
  label,
}: EditDeleteActionsProps) {
  const id = (action: string) => (label === undefined ? `${testid}-${action}` : `${testid}-${action}-${label}`);
  return (
    <Space size={0}>
      <EditAction permission={`${permission}.Update`} onClick={onEdit} testid={id('edit')}>
        {editText}
      </EditAction>
      <DeleteAction
        permission={`${permission}.Delete`}
        title={deleteTitle}
        onConfirm={onDelete}
        testid={id('delete')}
      />
    </Space>
  );
}
