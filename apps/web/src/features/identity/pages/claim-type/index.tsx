import { claimTypeList, claimTypeUpdateInput } from '@seller/contracts/identity';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudField, EditDeleteActions, FormOverlay, TextField } from '../../../../components/crud/index.ts';
import { ListPage } from '../../../../components/list/index.ts';
import { CLAIM_TYPES_URL, type ClaimTypeDto, claimTypesApi, L } from '../../api.ts';

const P = 'AbpIdentity.IdentityClaimTypes';

/** The server's own rules (`@seller/contracts/identity`); the stamp is sent back on edit. */
const ctSchema = claimTypeUpdateInput;

/** /admin/claim-type: claim types (name, required, static, regex + description, value type). */
export default function ClaimTypesPage() {
  // the page's texts follow the language
  useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ item?: ClaimTypeDto; values: Record<string, unknown> } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: [CLAIM_TYPES_URL] });
  const valueTypes = [0, 1, 2, 3].map((v) => ({ value: v, label: L(`ValueType:${v}`) }));

  return (
    <>
      <ListPage<ClaimTypeDto>
        list={claimTypeList}
        url={CLAIM_TYPES_URL}
        testid="claim-types"
        render={{
          name: (c) => (
            <Space size={4} data-testid={`claim-type-row-${c.name}`}>
              {c.name}
              {c.isStatic && <Tag color="purple">{L('Static')}</Tag>}
            </Space>
          ),
          required: (c) => (c.required ? '✓' : ''),
          regex: (c) => <code>{c.regex}</code>,
        }}
        onCreate={() => setEditing({ values: { required: false, valueType: 0 } })}
        createPermission={`${P}.Create`}
        rowActions={(c) =>
          c.isStatic ? null : (
            <EditDeleteActions
              permission={P}
              onEdit={() => setEditing({ item: c, values: { ...c } })}
              editText={L('Edit')}
              onDelete={async () => {
                await claimTypesApi.remove(c.id);
                await refresh();
              }}
              testid="claim-type"
              label={c.name}
            />
          )
        }
      />
      <FormOverlay
        open={!!editing}
        title={editing?.item ? L('EditClaimType') : L('NewClaimType')}
        schema={ctSchema}
        initialValues={editing?.values}
        onSubmit={async (values) => {
          if (editing?.item) await claimTypesApi.update(editing.item.id, values);
          else await claimTypesApi.create(values);
          await refresh();
        }}
        onClose={() => setEditing(null)}
        testid="claim-type-form"
      >
        <TextField name="name" label={L('DisplayName:ClaimType')} data-testid="claim-type-name" />
        <CrudField name="valueType" label={L('DisplayName:ValueType')}>
          <Select options={valueTypes} data-testid="claim-type-valueType" />
        </CrudField>
        <CrudField name="required" label={L('DisplayName:Required')} valuePropName="checked">
          <Switch data-testid="claim-type-required" />
        </CrudField>
        <TextField name="regex" label={L('DisplayName:Regex')} data-testid="claim-type-regex" />
        <TextField name="regexDescription" label={L('DisplayName:RegexDescription')} />
        <CrudField name="description" label={L('DisplayName:Description')}>
          <Input.TextArea rows={2} />
        </CrudField>
      </FormOverlay>
    </>
  );
}
