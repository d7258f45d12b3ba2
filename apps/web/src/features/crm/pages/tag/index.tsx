import { EditOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { type TagColor, TagColors, type TagScope, TagScopes, tagInput, tagUpdateInput } from '@seller/contracts/crm';
import { useQueryClient } from '@tanstack/react-query';
import { Tag as AntTag, Button, Input, InputNumber, Radio, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Access,
  type CrudColumn,
  CrudField,
  CrudPage,
  DeleteAction,
  FormOverlay,
} from '../../../../components/crud/index.ts';
import { type Tag, TL, tagKeys, tagsApi } from '../../api/tags.ts';

const P = CrmPermissions.Tags;

/**
 * /crm/tag: the tenant's coloured tags for customers and businesses: search, scope filter, sort,
 * paging, how many customers carry each; create and edit in a drawer (name unique per scope, a
 * colour of the palette), delete after a confirmation that says how many customers lose it.
 */
export default function TagPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [scope, setScope] = useState<TagScope>();
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: tagKeys.all });

  const columns: CrudColumn<Tag>[] = [
    {
      key: 'name',
      title: TL('Name'),
      sortField: 'name',
      width: 200,
      render: (_v, r) => (
        <AntTag color={r.color} data-testid={`tag-preview-${r.name}`}>
          {r.name}
        </AntTag>
      ),
    },
    { key: 'scope', title: TL('Scope'), sortField: 'scope', width: 110, render: (_v, r) => TL(`Scope:${r.scope}`) },
    { key: 'color', title: TL('Color'), width: 100, render: (_v, r) => TL(`Color:${r.color}`) },
    { key: 'sort', title: TL('Sort'), dataIndex: 'sort', sortField: 'sort', width: 80, align: 'right' },
    {
      key: 'usageCount',
      title: TL('UsageCount'),
      width: 110,
      align: 'right',
      render: (_v, r) => <span data-testid={`tag-usage-${r.name}`}>{r.usageCount}</span>,
    },
    {
      key: 'creationTime',
      title: TL('CreationTime'),
      sortField: 'creationTime',
      width: 160,
      defaultHidden: true,
      render: (_v, r) => dayjs(r.creationTime).format('YYYY-MM-DD HH:mm'),
    },
  ];

  // fixed while the form is open: a re-render must not reset what is being typed
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scope is read when the form opens
  const initial = useMemo(
    () =>
      editing === 'new'
        ? { name: '', color: 'blue' as TagColor, scope: scope ?? 'CUSTOMER', sort: 0 }
        : editing
          ? { name: editing.name, color: editing.color as TagColor, scope: editing.scope, sort: editing.sort }
          : undefined,
    [editing],
  );

  return (
    <>
      <CrudPage<Tag>
        testid="crm-tags"
        title={TL('Tags')}
        rowKey="id"
        queryKey={[...tagKeys.list, scope]}
        defaultSorting="sort asc"
        request={(q, signal) => tagsApi.list({ ...q, scope }, signal)}
        columns={columns}
        columnSettings
        searchPlaceholder={TL('Name')}
        onCreate={() => setEditing('new')}
        createPermission={`${P}.Create`}
        toolbar={
          <Select
            allowClear
            data-testid="crm-tags-scope"
            placeholder={TL('Scope')}
            style={{ width: 120 }}
            value={scope}
            options={TagScopes.map((s) => ({ value: s, label: TL(`Scope:${s}`) }))}
            onChange={setScope}
          />
        }
        rowActions={(r) => (
          <Space size={0}>
            <Access permission={`${P}.Update`}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(r)}
                data-testid={`crm-tags-edit-${r.name}`}
              >
                {t('crud.edit')}
              </Button>
            </Access>
            <DeleteAction
              permission={`${P}.Delete`}
              title={TL('DeleteConfirm', r.name, r.usageCount)}
              onConfirm={async () => {
                await tagsApi.remove(r.id);
                await refresh();
              }}
              testid={`crm-tags-delete-${r.name}`}
            />
          </Space>
        )}
      />
      <FormOverlay
        open={!!editing}
        title={editing === 'new' ? TL('NewTag') : editing ? TL('EditTag', editing.name) : ''}
        schema={editing === 'new' ? tagInput : tagUpdateInput}
        initialValues={initial}
        onSubmit={async (values) => {
          if (editing === 'new') await tagsApi.create(values);
          else if (editing) await tagsApi.update(editing.id, { ...values, concurrencyStamp: editing.concurrencyStamp });
          await refresh();
        }}
        onClose={() => setEditing(null)}
        testid="crm-tag-form"
      >
        <CrudField name="name" label={TL('Name')}>
          <Input maxLength={32} data-testid="crm-tag-name" />
        </CrudField>
        <CrudField name="color" label={TL('Color')}>
          <Select
            data-testid="crm-tag-color"
            options={TagColors.map((c) => ({
              value: c,
              title: TL(`Color:${c}`),
              label: <AntTag color={c}>{TL(`Color:${c}`)}</AntTag>,
            }))}
          />
        </CrudField>
        <CrudField name="scope" label={TL('Scope')}>
          <Radio.Group
            data-testid="crm-tag-scope"
            options={TagScopes.map((s) => ({ value: s, label: TL(`Scope:${s}`) }))}
          />
        </CrudField>
        <CrudField name="sort" label={TL('Sort')}>
          <InputNumber precision={0} style={{ width: 140 }} data-testid="crm-tag-sort" />
        </CrudField>
      </FormOverlay>
    </>
  );
}
