import { Form, Input, InputNumber, Tag } from 'antd';
import { z } from 'zod';
import { CrudField } from '../../../../components/crud/index.ts';
import { LC, type PurchaseAttributeDto, purchaseAttributesApi } from '../../api.ts';
import { MasterDataPage } from '../../components/MasterDataPage.tsx';
import { RowList } from '../../components/RowList.tsx';
import { code, optionalText, ruleOf, sort, text } from '../../form.ts';

const valueSchema = () =>
  z.object({
    id: z.string().optional(),
    value: text('Value', 128),
    valueEn: optionalText('ValueEn', 128),
    code: code('ValueCode', 8),
  });

const schema = () =>
  z.object({
    name: text('Name', 128),
    nameEn: optionalText('NameEn', 128),
    sort: sort(),
    values: z
      .array(valueSchema())
      .nullish()
      .transform((v) => (v ?? []).map((x, i) => ({ ...x, sort: i }))),
  });

/** /product/purchase-attributes: variant-defining attributes and their values with SKU codes. */
export default function PurchaseAttributesPage() {
  const item = valueSchema().shape;
  return (
    <MasterDataPage<PurchaseAttributeDto, ReturnType<typeof schema>>
      testid="purchase-attributes"
      entity="PurchaseAttribute"
      title="PurchaseAttributes"
      permission="Catalog.PurchaseAttributes"
      api={purchaseAttributesApi}
      defaultSorting="sort asc"
      formWidth={640}
      label={(r) => r.name}
      columns={[
        { key: 'name', title: LC('DisplayName:Name'), dataIndex: 'name', sortField: 'name' },
        { key: 'nameEn', title: LC('DisplayName:NameEn'), dataIndex: 'nameEn' },
        {
          key: 'values',
          title: LC('DisplayName:Values'),
          dataIndex: 'values',
          render: (values: PurchaseAttributeDto['values']) =>
            values.map((v) => (
              <Tag key={v.id}>
                {v.value} · {v.code}
              </Tag>
            )),
        },
        { key: 'sort', title: LC('DisplayName:Sort'), dataIndex: 'sort', sortField: 'sort' },
      ]}
      schema={schema}
      blank={{ name: '', sort: 0, values: [] }}
      toForm={(r) => r}
      fields={
        <>
          <CrudField name="name" label={LC('DisplayName:Name')}>
            <Input autoFocus data-testid="purchase-attribute-name" />
          </CrudField>
          <CrudField name="nameEn" label={LC('DisplayName:NameEn')}>
            <Input />
          </CrudField>
          <CrudField name="sort" label={LC('DisplayName:Sort')}>
            <InputNumber style={{ width: 160 }} />
          </CrudField>
          <RowList
            name="values"
            label={LC('DisplayName:Values')}
            addText={LC('AddValue')}
            blank={{ value: '', code: '' }}
            testid="purchase-attribute-values"
            row={(f) => (
              <>
                <Form.Item name={[f.name, 'value']} rules={[ruleOf(item.value)]}>
                  <Input placeholder={LC('DisplayName:Value')} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'valueEn']} rules={[ruleOf(item.valueEn)]}>
                  <Input placeholder={LC('DisplayName:ValueEn')} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'code']} rules={[ruleOf(item.code)]}>
                  <Input placeholder={LC('DisplayName:ValueCode')} style={{ width: 110 }} maxLength={8} />
                </Form.Item>
              </>
            )}
          />
        </>
      }
    />
  );
}
