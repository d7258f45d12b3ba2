import { CrmPermissions } from '@seller/contracts';
import { type TagColor, TagColors, TagScopes, tagInput, tagList, tagUpdateInput } from '@seller/contracts/crm';
import { useQueryClient } from '@tanstack/react-query';
import { Tag as AntTag, InputNumber, Radio, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { CrudField, FormOverlay, TextField, useRowEditor } from '../../../../components/crud/index.ts';
import { ListPage, readListUrl } from '../../../../components/list/index.ts';
import { type Tag, TL, tagKeys, tagsApi } from '../../api/tags.ts';

const P = CrmPermissions.Tags;

/**
 * /crm/tag: the tenant's coloured tags for customers and businesses (the list kit's `tagList`):
 * search, scope filter, sort, paging, how many customers carry each; create and edit in a drawer
 * (name unique per scope, a colour of the palette), delete after a confirmation that says how
 * many customers lose it.
 */
export default function TagPage() {
  const client = useQueryClient();
  const [params] = useSearchParams();
  // a new tag starts in the scope the list is narrowed to
  const scope = readListUrl(tagList, params).filters.scope as Tag['scope'] | undefined;
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [tagsApi.url] }),
      client.invalidateQueries({ queryKey: tagKeys.all }),
    ]);
  const editor = useRowEditor<Tag>({
    permission: P,
    testid: 'crm-tags',
    label: (r) => r.name,
    deleteTitle: (r) => TL('DeleteConfirm', r.name, r.usageCount),
    remove: (r) => tagsApi.remove(r.id),
    refresh,
    formOf: (target) =>
      target === 'new'
        ? { title: TL('NewTag'), initial: { name: '', color: 'blue' as TagColor, scope: scope ?? 'CUSTOMER', sort: 0 } }
        : {
            title: TL('EditTag', target.name),
            initial: { name: target.name, color: target.color as TagColor, scope: target.scope, sort: target.sort },
          },
  });
  const { editing } = editor;

  return (
    <>
      <ListPage<Tag>
        list={tagList}
        url={tagsApi.url}
        testid="crm-tags"
        title={TL('Tags')}
        render={{
          name: (r) => (
            <AntTag color={r.color} data-testid={`tag-preview-${r.name}`}>
              {r.name}
            </AntTag>
          ),
          color: (r) => TL(`Color:${r.color}`),
          scope: (r) => TL(`Scope:${r.scope}`),
          usageCount: (r) => <span data-testid={`tag-usage-${r.name}`}>{r.usageCount}</span>,
        }}
        {...editor.listActions}
      />
      <FormOverlay
        {...editor.overlay}
        schema={editing === 'new' ? tagInput : tagUpdateInput}
        onSubmit={(values) => editor.save(values, tagsApi)}
        testid="crm-tag-form"
      >
        <TextField name="name" label={TL('Name')} maxLength={32} data-testid="crm-tag-name" />
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
