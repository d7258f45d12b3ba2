import { CrmPermissions } from '@seller/contracts';
import type { DeclaredList } from '@seller/contracts/lists';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Select, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { CrudField, FormOverlay, useRowEditor } from '../../../../components/crud/index.ts';
import { type ListFilterInput, ListPage, listPageKeys, readListUrl } from '../../../../components/list/index.ts';
import { type RecordApi, RL } from '../../api/records.ts';
import { CustomerPicker } from './CustomerPicker.tsx';

const P = CrmPermissions.Records;

interface Row {
  id: string;
  customerId: string;
  customerName: string;
  concurrencyStamp: string;
}

/** The tag beside a customer's default record (its default address, its default bank account). */
export function DefaultTag({ testid }: { testid?: string }) {
  return (
    <Tag color="blue" style={{ marginInlineStart: 6 }} data-testid={testid}>
      {RL('IsDefault')}
    </Tag>
  );
}

/** The form's "set as default" check box (one default per customer). */
export function DefaultField({ testid }: { testid?: string }) {
  return (
    <CrudField name="isDefault" label={RL('IsDefault')} valuePropName="checked">
      <Checkbox data-testid={testid}>{RL('SetDefault')}</Checkbox>
    </CrudField>
  );
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
  /** The list's declaration (`addressList`…): filters, search, columns, sorting and export. */
  list: DeclaredList;
  api: RecordApi<T>;
  title: string;
  createTitle: string;
  editTitle(label: string): string;
  /** Cells drawn by the page, by column key (the others by their declared kind). */
  render: Partial<Record<string, (row: T) => ReactNode>>;
  filters: RecordFilter[];
  /** The create form's schema (with `customerId`) and the edit form's (without). */
  createSchema: z.ZodObject;
  updateSchema: z.ZodObject;
  blank: object;
  toForm(row: T): object;
  label(row: T): string;
  /** The form's fields (the customer picker comes first when creating on the page). */
  fields(editing: T | 'new'): ReactNode;
  /** Set in a customer's tab: only that customer's records, created for it. */
  customerId?: string;
}

/**
 * The list of one kind of customer record, the list kit's page of its declaration: across the
 * customers the user sees (with a customer filter and column, the filters in the URL) on its
 * page, or one customer's in the customer's tab (the customer fixed, the list's state kept in
 * the tab: the URL is the customers page's). Search, filters, sort, paging, Excel export; create
 * and edit in a drawer checked by the shared schemas, server refusals under their fields; delete
 * after confirming. Needs `Crm.Records` (and its children to change anything).
 */
export function RecordList<T extends Row>(p: RecordListProps<T>) {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const inTab = !!p.customerId;
  const refresh = () => client.invalidateQueries({ queryKey: listPageKeys.all(p.api.url) });
  // a new record starts with the customer the list is narrowed to
  const picked = inTab ? p.customerId : (readListUrl(p.list, params).filters.customerId as string | undefined);
  const editor = useRowEditor<T>({
    permission: P,
    testid: p.testid,
    label: p.label,
    deleteTitle: () => RL('DeleteConfirm'),
    remove: (r) => p.api.remove(r.id),
    refresh,
    formOf: (target) =>
      target === 'new'
        ? { title: p.createTitle, initial: { ...p.blank, customerId: picked } }
        : { title: p.editTitle(p.label(target)), initial: p.toForm(target) },
  });
  const { editing } = editor;

  const filterInputs: Record<string, ListFilterInput> = Object.fromEntries(
    p.filters.map((f): [string, ListFilterInput] => [
      f.key,
      ({ filters, onChange }) => (
        <Select
          allowClear
          placeholder={f.label}
          style={{ width: 130 }}
          value={filters[f.key] as string | undefined}
          options={f.options}
          onChange={(v: string | undefined) => onChange({ [f.key]: v })}
          data-testid={`${p.testid}-${f.key}`}
        />
      ),
    ]),
  );
  if (!inTab)
    filterInputs.customerId = ({ filters, onChange }) => (
      <CustomerPicker
        allowClear
        placeholder={RL('AllCustomers')}
        value={filters.customerId as string | undefined}
        onChange={(customerId) => onChange({ customerId })}
        testid={`${p.testid}-customer`}
      />
    );

  return (
    <>
      <ListPage<T>
        list={p.list}
        url={p.api.url}
        testid={p.testid}
        title={inTab ? undefined : p.title}
        render={p.render}
        fixed={inTab ? { customerId: p.customerId } : undefined}
        filterInputs={filterInputs}
        omit={inTab ? ['customerName'] : undefined}
        keepInUrl={!inTab}
        columnSettingsKey={`${p.list.spec.texts}.${p.list.spec.exportName}`}
        {...editor.listActions}
      />
      <FormOverlay
        {...editor.overlay}
        schema={editing === 'new' ? p.createSchema : p.updateSchema}
        onSubmit={(values) => editor.save(values, p.api)}
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
