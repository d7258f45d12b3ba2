import { EditOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Select, Space } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  Access,
  type CrudColumn,
  CrudField,
  CrudPage,
  DeleteAction,
  FormOverlay,
} from '../../../../components/crud/index.ts';
import { type RecordApi, type RecordFilters, RL } from '../../api/records.ts';
import { CustomerPicker } from './CustomerPicker.tsx';

const P = CrmPermissions.Records;

interface Row {
  id: string;
  customerId: string;
  customerName: string;
  concurrencyStamp: string;
}

/** A filter of the list besides the customer: a select of the record's kinds (type, platform…). */
export interface RecordFilter {
  key: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface RecordListProps<T extends Row> {
  /** Test id prefix: `<testid>` (list), `<testid>-form`, `<testid>-edit-<label>`, `<testid>-delete-<label>`. */
  testid: string;
  api: RecordApi<T>;
  queryKey: readonly unknown[];
  title: string;
  createTitle: string;
  editTitle(label: string): string;
  /** The list's columns (the customer's is added in front on the page, not in a customer's tab). */
  columns: CrudColumn<T>[];
  defaultSorting: string;
  filters: RecordFilter[];
  /** The create form's schema (with `customerId`) and the edit form's (without). */
  createSchema: z.ZodObject;
  updateSchema: z.ZodObject;
  blank: object;
  toForm(row: T): object;
  label(row: T): string;
  /** The form's fields (the customer picker comes first when creating on the page). */
  fields(editing: T | 'new'): ReactNode;
  exportName: string;
  /** Set in a customer's tab: only that customer's records, created for it. */
  customerId?: string;
}

/**
 * The list of one kind of customer record: across the customers the user sees (with a customer
 * filter and column) on its page, or one customer's in the customer's tab. Search, filters, sort,
 * paging, Excel export; create and edit in a drawer checked by the shared schemas, server
 * refusals under their fields; delete after confirming. Needs `Crm.Records` (and its children to
 * change anything).
 */
export function RecordList<T extends Row>(p: RecordListProps<T>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inTab = !!p.customerId;
  const [filters, setFilters] = useState<RecordFilters>({});
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const query: RecordFilters = { ...filters, ...(inTab ? { customerId: p.customerId } : {}) };
  const refresh = () => client.invalidateQueries({ queryKey: p.queryKey });

  const columns: CrudColumn<T>[] = inTab
    ? p.columns
    : [
        {
          key: 'customerName',
          title: RL('Customer'),
          dataIndex: 'customerName',
          width: 180,
          ellipsis: true,
        },
        ...p.columns,
      ];

  // fixed while the form is open: a re-render must not reset what is being typed
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when the form opens
  const initial = useMemo(
    () =>
      editing === 'new'
        ? { ...p.blank, customerId: p.customerId ?? filters.customerId }
        : editing
          ? p.toForm(editing)
          : undefined,
    [editing],
  );

  return (
    <>
      <CrudPage<T>
        testid={p.testid}
        title={inTab ? undefined : p.title}
        rowKey="id"
        queryKey={[...p.queryKey, query]}
        defaultSorting={p.defaultSorting}
        request={(q, signal) => p.api.list({ ...q, ...query }, signal)}
        columns={columns}
        columnSettings
        onCreate={() => setEditing('new')}
        createPermission={`${P}.Create`}
        exportExcel={{ run: (q) => p.api.export({ ...q, ...query }, `${p.exportName}.xlsx`) }}
        toolbar={
          <Space wrap>
            {!inTab && (
              <CustomerPicker
                allowClear
                placeholder={RL('AllCustomers')}
                value={filters.customerId}
                onChange={(customerId) => setFilters((f) => ({ ...f, customerId }))}
                testid={`${p.testid}-customer`}
              />
            )}
            {p.filters.map((f) => (
              <Select
                key={f.key}
                allowClear
                placeholder={f.label}
                style={{ width: 130 }}
                value={filters[f.key]}
                options={f.options}
                onChange={(v: string | undefined) => setFilters((x) => ({ ...x, [f.key]: v }))}
                data-testid={`${p.testid}-${f.key}`}
              />
            ))}
          </Space>
        }
        rowActions={(r) => (
          <Space size={0}>
            <Access permission={`${P}.Update`}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(r)}
                data-testid={`${p.testid}-edit-${p.label(r)}`}
              >
                {t('crud.edit')}
              </Button>
            </Access>
            <DeleteAction
              permission={`${P}.Delete`}
              title={RL('DeleteConfirm')}
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
        title={editing === 'new' ? p.createTitle : editing ? p.editTitle(p.label(editing)) : ''}
        schema={editing === 'new' ? p.createSchema : p.updateSchema}
        initialValues={initial}
        onSubmit={async (values) => {
          if (editing === 'new') await p.api.create(values);
          else if (editing) await p.api.update(editing.id, { ...values, concurrencyStamp: editing.concurrencyStamp });
          await refresh();
        }}
        onClose={() => setEditing(null)}
        testid={`${p.testid}-form`}
      >
        {editing === 'new' &&
          (inTab ? (
            <Form.Item name="customerId" hidden>
              <input />
            </Form.Item>
          ) : (
            <CrudField name="customerId" label={RL('Customer')}>
              <CustomerPicker testid={`${p.testid}-form-customer`} />
            </CrudField>
          ))}
        {editing && p.fields(editing)}
      </FormOverlay>
    </>
  );
}
