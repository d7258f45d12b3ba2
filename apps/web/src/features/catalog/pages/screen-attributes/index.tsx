import { Form, Input, InputNumber, Tag } from 'antd';
import { z } from 'zod';
import { CrudField } from '../../../../components/crud/index.ts';
import { LC, type ScreenAttributeDto, screenAttributesApi } from '../../api.ts';
import { MasterDataPage } from '../../components/MasterDataPage.tsx';
import { RowList } from '../../components/RowList.tsx';
import { optionalText, ruleOf, sort, text } from '../../form.ts';

const optionSchema = () =>
  z.object({ id: z.string().optional(), value: text('Value', 128), valueEn: optionalText('ValueEn', 128) });

const schema = () =>
  z.object({
    name: text('Name', 128),
    nameEn: optionalText('NameEn', 128),
    sort: sort(),
    options: z
      .array(optionSchema())
      .nullish()
      .transform((v) => (v ?? []).map((x, i) => ({ ...x, sort: i }))),
  });

/** /product/screen-attributes: filterable attributes (material, season) and their options. */
export default function ScreenAttributesPage() {
  const item = optionSchema().shape;
  return (
    <MasterDataPage<ScreenAttributeDto, ReturnType<typeof schema>>
      testid="screen-attributes"
      entity="ScreenAttribute"
      title="ScreenAttributes"
      permission="Catalog.ScreenAttributes"
      api={screenAttributesApi}
      defaultSorting="sort asc"
      formWidth={600}
      label={(r) => r.name}
      columns={[
        { key: 'name', title: LC('DisplayName:Name'), dataIndex: 'name', sortField: 'name' },
        { key: 'nameEn', title: LC('DisplayName:NameEn'), dataIndex: 'nameEn' },
        {
          key: 'options',
          title: LC('DisplayName:Options'),
          dataIndex: 'options',
          render: (options: ScreenAttributeDto['options']) => options.map((o) => <Tag key={o.id}>{o.value}</Tag>),
        },
        { key: 'sort', title: LC('DisplayName:Sort'), dataIndex: 'sort', sortField: 'sort' },
      ]}
      schema={schema}
      blank={{ name: '', sort: 0, options: [] }}
      toForm={(r) => r}
      fields={
        <>
          <CrudField name="name" label={LC('DisplayName:Name')}>
            <Input autoFocus data-testid="screen-attribute-name" />
          </CrudField>
          <CrudField name="nameEn" label={LC('DisplayName:NameEn')}>
            <Input />
          </CrudField>
          <CrudField name="sort" label={LC('DisplayName:Sort')}>
            <InputNumber style={{ width: 160 }} />
          </CrudField>
          <RowList
            name="options"
            label={LC('DisplayName:Options')}
            addText={LC('AddOption')}
            blank={{ value: '' }}
            testid="screen-attribute-options"
            row={(f) => (
              <>
                <Form.Item name={[f.name, 'value']} rules={[ruleOf(item.value)]}>
                  <Input placeholder={LC('DisplayName:Value')} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'valueEn']} rules={[ruleOf(item.valueEn)]}>
                  <Input placeholder={LC('DisplayName:ValueEn')} style={{ width: 180 }} />
                </Form.Item>
              </>
            )}
          />
        </>
      }
    />
  );
}
