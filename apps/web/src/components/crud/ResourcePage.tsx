import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CrudColumn } from './CrudPage.tsx';
import { FormOverlay } from './FormOverlay.tsx';
import { ResourceList } from './ResourceList.tsx';
import type { ResourceApi } from './resource-api.ts';
import { useRowEditor } from './useRowEditor.tsx';

interface Row {
  id: string;
  concurrencyStamp: string;
}

export interface ResourcePageProps<T extends Row, S extends z.ZodObject> {
  /** Test id prefix: `<testid>` (list), `<testid>-form`, `<testid>-edit-<label>`, `<testid>-delete-<label>`. */
  testid: string;
  /** The list's query key: invalidated after every write. */
  queryKey: readonly unknown[];
  /** Localized texts: the page title, the create form's title and the edit form's title for a row's label. */
  title: string;
  createTitle: string;
  editTitle(label: string): string;
  /** Read permission; `.Create`, `.Update`, `.Delete` gate the actions. */
  permission: string;
  api: ResourceApi<T>;
  columns: CrudColumn<T>[];
  defaultSorting: string;
  /**
   * The form's Zod schema (the server's input schema, or one built from it), made once per
   * language so a schema with localized messages follows a change of language.
   */
  schema: () => S;
  blank: Partial<z.input<S>>;
  toForm(row: T): Partial<z.input<S>>;
  /** Values sent to the server (default: the parsed form). */
  toInput?(values: z.output<S>): object;
  label(row: T): string;
  fields: ReactNode;
  /** Adds the Excel export of the filtered, sorted list (`<url>/export`), saved as `<exportName>.xlsx`. */
  exportName?: string;
  formWidth?: number;
  /** A row's own actions, shown before edit and delete (rotate a secret…). */
  moreRowActions?(row: T): ReactNode;
  /** The page's own controls beside the list's buttons (a site picker…). */
  toolbar?: ReactNode;
}

/** A localizer of a page's texts (`LL`, `PL`…): a key and its `{0}`… arguments. */
type Texts = (key: string, ...args: unknown[]) => string;

/**
 * A resource page's three titles from their text keys: the list's, the create form's and the edit
 * form's (the row's label as its argument). A list title with arguments is given as text.
 */
export const resourceTitles = (text: Texts, list: string, create: string, edit: string) => ({
  title: text(list),
  createTitle: text(create),
  editTitle: (label: string) => text(edit, label),
});

/**
 * A resource's list with create/edit in a drawer and delete, from one declaration: the columns,
 * the form schema and fields, and the resource's calls (`resourceApi`).
 */
export function ResourcePage<T extends Row, S extends z.ZodObject>(p: ResourcePageProps<T, S>) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const schema = useMemo(p.schema, [i18n.language]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: p.queryKey });
  const editor = useRowEditor<T, Partial<z.input<S>>>({
    permission: p.permission,
    testid: p.testid,
    label: p.label,
    remove: (r) => p.api.remove(r.id),
    refresh,
    formOf: (target) =>
      target === 'new'
        ? { title: p.createTitle, initial: p.blank }
        : { title: p.editTitle(p.label(target)), initial: p.toForm(target) },
  });

  return (
    <>
      <ResourceList<T>
        testid={p.testid}
        title={p.title}
        queryKey={p.queryKey}
        list={(q, signal) => p.api.list(q, signal)}
        columns={p.columns}
        defaultSorting={p.defaultSorting}
        exportTo={p.exportName ? { url: `${p.api.url}/export`, name: p.exportName } : undefined}
        toolbar={p.toolbar}
        {...editor.listActions}
        rowActions={
          p.moreRowActions
            ? (row) => (
                <>
                  {p.moreRowActions!(row)}
                  {editor.listActions.rowActions(row)}
                </>
              )
            : editor.listActions.rowActions
        }
      />
      <FormOverlay
        {...editor.overlay}
        schema={schema}
        width={p.formWidth}
        onSubmit={async (values) => {
          await editor.save(p.toInput ? p.toInput(values) : values, p.api);
        }}
        testid={`${p.testid}-form`}
      >
        {p.fields}
      </FormOverlay>
    </>
  );
}
