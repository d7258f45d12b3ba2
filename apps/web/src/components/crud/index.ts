/** The shared CRUD kit: list page, resource page and calls, form overlay (drawer/modal) with Zod fields, delete, export. */

export { Access } from '../Access.tsx';
export { type CrudColumn, CrudPage, type CrudPageProps } from './CrudPage.tsx';
export type { ColumnFit } from './column-width.ts';
export { activeColumn, creationTimeColumn, defaultTaggedColumn } from './columns.tsx';
export { type CreateOrUpdateCalls, createOrUpdate, type StampedRow } from './create-or-update.ts';
export {
  ConfirmButton,
  type ConfirmButtonProps,
  ConfirmLink,
  type ConfirmLinkProps,
  DangerConfirmButton,
  type DangerConfirmButtonProps,
  DeleteAction,
  type DeleteActionProps,
  DeleteIconConfirm,
  type DeleteIconConfirmProps,
} from './DeleteAction.tsx';
export {
  EditAction,
  type EditActionProps,
  EditIconButton,
  type EditIconButtonProps,
  PrimaryAction,
  type PrimaryActionProps,
  RowAction,
  type RowActionProps,
} from './EditAction.tsx';
export { EditDeleteActions, type EditDeleteActionsProps } from './EditDeleteActions.tsx';
export { downloadExport, saveBlob } from './export.ts';
export { FormDrawer, type FormDrawerProps, useFormSave } from './FormDrawer.tsx';
export {
  CrudField,
  DecimalField,
  FormOverlay,
  type FormOverlayProps,
  FormSection,
  TextField,
  type TextFieldProps,
} from './FormOverlay.tsx';
export { RemoveRowButton, type RemoveRowButtonProps } from './RemoveRowButton.tsx';
export { ResourceList, type ResourceListProps } from './ResourceList.tsx';
export { ResourcePage, type ResourcePageProps, resourceTitles } from './ResourcePage.tsx';
export { type ResourceApi, resourceApi } from './resource-api.ts';
export { SelectRowButton, type SelectRowButtonProps } from './SelectRowButton.tsx';
export { useChosenRow } from './useChosenRow.ts';
export { useCreateThenOpen } from './useCreateThenOpen.ts';
export { type CrudQuery, toSorting, useCrudList } from './useCrudList.ts';
export { type OpenedForm, useOpenForm } from './useOpenForm.ts';
export { type RowEditorOptions, useRowEditor } from './useRowEditor.tsx';
export { useRunAndRefresh } from './useRunAndRefresh.ts';
export { useUploadRequest } from './useUploadRequest.ts';
export { applyServerErrors, isRequired, issueMessage, parseForm, zodRule, zodValueRule } from './zod-form.ts';
