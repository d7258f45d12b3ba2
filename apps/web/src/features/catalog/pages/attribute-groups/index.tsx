import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Select, Tag } from 'antd';
import { z } from 'zod';
import { CrudField } from '../../../../components/crud/index.ts';
import { localize } from '../../../../lib/i18n/index.ts';
import {
  type AttributeGroupDto,
  type AttributeKind,
  attributeGroupsApi,
  LC,
  purchaseAttributesApi,
  screenAttributesApi,
} from '../../api.ts';
import { MasterDataPage } from '../../components/MasterDataPage.tsx';
import { RowList } from '../../components/RowList.tsx';
import { optionalText, ruleOf, text } from '../../form.ts';

/** A group item in the form: the attribute as `<kind>:<id>` (one select over both kinds). */
const itemSchema = () =>
  z.object({
    id: z.string().optional(),
    ref: z.string(localize('Field:Required', LC('DisplayName:Attribute'))).min(1),
    required: z.boolean().nullish(),
  });

const schema = () =>
  z.object({
    name: text('Name', 128),
    description: optionalText('Description', 512),
    items: z
      .array(itemSchema())
      .nullish()
      .transform((items) =>
        (items ?? []).map(({ id, ref, required }, sort) => {
          const [kind, attributeId] = ref.split(':') as [AttributeKind, string];
          return { id, kind, attributeId, required: !!required, sort };
        }),
      ),
  });

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
  const item = itemSchema().shape;
  return (
    <MasterDataPage<AttributeGroupDto, ReturnType<typeof schema>>
      testid="attribute-groups"
      entity="AttributeGroup"
      title="AttributeGroups"
      permission="Catalog.AttributeGroups"
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
          <CrudField name="name" label={LC('DisplayName:Name')}>
            <Input autoFocus data-testid="attribute-group-name" />
          </CrudField>
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
                <Form.Item name={[f.name, 'ref']} rules={[ruleOf(item.ref)]}>
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
