import { type AttributeKind, attributeGroupInput, attributeGroupItemInput } from '@seller/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Select, Tag } from 'antd';
import { z } from 'zod';
import { CrudField, ResourcePage, TextField, zodValueRule } from '../../../../components/crud/index.ts';
import {
  type AttributeGroupDto,
  attributeGroupsApi,
  catalogResource,
  LC,
  purchaseAttributesApi,
  screenAttributesApi,
} from '../../api.ts';
import { RowList } from '../../components/RowList.tsx';

/** A group item in the form: the attribute as `<kind>:<id>` (one select over both kinds). */
interface ItemRow {
  id?: string;
  ref?: string;
  required?: boolean | null;
}

const attributeIdOf = (ref: unknown) => (typeof ref === 'string' ? ref.split(':')[1] : undefined);

/** The server's rules, the items read from the form's rows (their order is their sort). */
const schema = () =>
  attributeGroupInput.extend({
    items: z.preprocess(
      (rows) =>
        Array.isArray(rows)
          ? (rows as ItemRow[]).map(({ id, ref, required }, sort) => ({
              id,
              kind: ref?.split(':')[0] as AttributeKind | undefined,
              attributeId: attributeIdOf(ref),
              required: !!required,
              sort,
            }))
          : rows,
      attributeGroupInput.shape.items,
    ),
  });

/** An item row's attribute: required, as the server's `attributeId`. */
const attributeRule = () =>
  zodValueRule(z.preprocess(attributeIdOf, attributeGroupItemInput.shape.attributeId), LC('DisplayName:Attribute'));

/** /product/attributes-group: which purchase and screening attributes a category uses, and which are required. */
export default function AttributeGroupsPage() {
  const purchase = useQuery({
    queryKey: ['catalog', 'purchase-attributes', 'all'],
    queryFn: purchaseAttributesApi.all,
  });
  const screen = useQuery({ queryKey: ['catalog', 'screen-attributes', 'all'], queryFn: screenAttributesApi.all });
  const options = [
    {
      label: LC('Kind:purchase'),
      options: (purchase.data?.items ?? []).map((a) => ({ value: `purchase:${a.id}`, label: a.name })),
    },
    {
      label: LC('Kind:screen'),
      options: (screen.data?.items ?? []).map((a) => ({ value: `screen:${a.id}`, label: a.name })),
    },
  ];
  return (
    <ResourcePage<AttributeGroupDto, ReturnType<typeof schema>>
      {...catalogResource('AttributeGroup', 'AttributeGroups')}
      api={attributeGroupsApi}
      defaultSorting="name asc"
      formWidth={600}
      label={(r) => r.name}
      columns={[
        { key: 'name', title: LC('DisplayName:Name'), dataIndex: 'name', sortField: 'name' },
        {
          key: 'items',
          title: LC('DisplayName:Items'),
          dataIndex: 'items',
          render: (items: AttributeGroupDto['items']) =>
            items.map((i) => (
              <Tag key={i.id} color={i.kind === 'purchase' ? 'blue' : undefined}>
                {i.attributeName}
                {i.required ? ' *' : ''}
              </Tag>
            )),
        },
        { key: 'description', title: LC('DisplayName:Description'), dataIndex: 'description', ellipsis: true },
      ]}
      schema={schema}
      blank={{ name: '', items: [] }}
      toForm={(r) => ({
        ...r,
        items: r.items.map((i) => ({ id: i.id, ref: `${i.kind}:${i.attributeId}`, required: i.required })),
      })}
      fields={
        <>
          <TextField name="name" label={LC('DisplayName:Name')} autoFocus data-testid="attribute-group-name" />
          <CrudField name="description" label={LC('DisplayName:Description')}>
            <Input.TextArea rows={2} />
          </CrudField>
          <RowList
            name="items"
            label={LC('DisplayName:Items')}
            addText={LC('AddAttribute')}
            blank={{ required: false }}
            testid="attribute-group-items"
            row={(f) => (
              <>
                <Form.Item name={[f.name, 'ref']} rules={[attributeRule()]}>
                  <Select options={options} style={{ width: 240 }} placeholder={LC('DisplayName:Attribute')} />
                </Form.Item>
                <Form.Item name={[f.name, 'required']} valuePropName="checked">
                  <Checkbox>{LC('DisplayName:Required')}</Checkbox>
                </Form.Item>
              </>
            )}
          />
        </>
      }
    />
  );
}
