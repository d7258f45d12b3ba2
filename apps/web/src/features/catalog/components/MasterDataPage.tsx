import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  Access,
  type CrudColumn,
  CrudPage,
  DeleteAction,
  downloadExport,
  FormOverlay,
} from '../../../components/crud/index.ts';
import { LC, type ResourceApi } from '../api.ts';

interface Row {
  id: string;
  concurrencyStamp: string;
}

export interface MasterDataPageProps<T extends Row, S extends z.ZodObject> {
  /** Test id prefix: `<testid>` (list), `<testid>-form`, `<testid>-edit-<label>`, `<testid>-delete-<label>`. */
  testid: string;
  /** Entity key of the `Catalog` resource (`Brand` → "New brand", "Edit brand: …"). */
  entity: string;
  /** Page title key of the `Catalog` resource. */
  title: string;
  /** Read permission; `.Create`, `.Update`, `.Delete` gate the actions. */
  permission: string;
  api: ResourceApi<T>;
  columns: CrudColumn<T>[];
  defaultSorting: string;
  /** The form's Zod schema, rebuilt when the language changes (messages are localized). */
  schema: () => S;
  blank: Partial<z.input<S>>;
  toForm(row: T): Partial<z.input<S>>;
  /** Values sent to the server (default: the parsed form). */
  toInput?(values: z.output<S>): object;
  label(row: T): string;
  fields: ReactNode;
  /** Adds the Excel export of the filtered, sorted list, saved as `<exportName>.xlsx`. */
  exportName?: string;
  formWidth?: number;
}

/**
 * A master-data list with create/edit in a drawer and delete, from one declaration: the
 * columns, the form schema and fields, and the entity's calls.
 */
export function MasterDataPage<T extends Row, S extends z.ZodObject>(p: MasterDataPageProps<T, S>) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  // fixed when the form opens: a re-render of the list must not reset what is being typed, and
  // the title stays while the drawer closes
  const [form, setForm] = useState<{ title: string; initial?: Partial<z.input<S>> }>({ title: '' });
  const open = (target: T | 'new') => {
    setForm(
      target === 'new'
        ? { title: LC(`New:${p.entity}`), initial: p.blank }
        : { title: LC(`Edit:${p.entity}`, p.label(target)), initial: p.toForm(target) },
    );
    setEditing(target);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const schema = useMemo(p.schema, [i18n.language]);
  const queryKey = ['catalog', p.testid];
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  return (
    <>
      <CrudPage<T>
        testid={p.testid}
        title={LC(p.title)}
        queryKey={queryKey}
        rowKey="id"
        defaultSorting={p.defaultSorting}
        request={(q, signal) => p.api.list(q, signal)}
        columns={p.columns}
        columnSettings
        onCreate={() => open('new')}
        createPermission={`${p.permission}.Create`}
        exportExcel={
          p.exportName
            ? { run: (q) => downloadExport(`${p.api.url}/export`, { ...q }, `${p.exportName}.xlsx`) }
            : undefined
        }
        rowActions={(r) => (
          <Space size={0}>
            <Access permission={`${p.permission}.Update`}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => open(r)}
                data-testid={`${p.testid}-edit-${p.label(r)}`}
              >
                {t('crud.edit')}
              </Button>
            </Access>
            <DeleteAction
              permission={`${p.permission}.Delete`}
              onConfirm={async () => {
                await p.api.remove(r.id);
                await refresh();
              }}
              testid={`${p.testid}-delete-${p.label(r)}`}
            />
          </Space>
        )}
      />
      <FormOverlay
        open={!!editing}
        title={form.title}
        schema={schema}
        initialValues={form.initial}
        width={p.formWidth}
        onSubmit={async (values) => {
          const input = p.toInput ? p.toInput(values) : values;
          if (editing === 'new') await p.api.create(input);
          else if (editing) await p.api.update(editing.id, { ...input, concurrencyStamp: editing.concurrencyStamp });
          await refresh();
        }}
        onClose={() => setEditing(null)}
        testid={`${p.testid}-form`}
      >
        {p.fields}
      </FormOverlay>
    </>
  );
}
