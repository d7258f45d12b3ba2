import { warehouseContactInput, warehouseInput } from '@seller/contracts/logistics';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import {
  activeColumn,
  CrudField,
  creationTimeColumn,
  defaultTaggedColumn,
  ResourcePage,
  resourceTitles,
  TextField,
  zodValueRule,
} from '../../../../components/crud/index.ts';
import { LL, type WarehouseDto, warehousesApi, warehouseTypeLabel, warehouseTypeOptions } from '../../api.ts';

const schema = () => warehouseInput;

const L = (key: string) => LL(`DisplayName:${key}`);

/** /physical/Warehouse: warehouses, one of them the tenant's default. */
export default function WarehousesPage() {
  return (
    <ResourcePage<WarehouseDto, ReturnType<typeof schema>>
      testid="warehouses"
      queryKey={['logistics', 'warehouses']}
      {...resourceTitles(LL, 'Warehouses', 'New:Warehouse', 'Edit:Warehouse')}
      permission="Logistics.Warehouses"
      api={warehousesApi}
      defaultSorting="code asc"
      exportName={LL('Warehouses')}
      label={(r) => r.code}
      columns={[
        { key: 'code', title: L('Code'), dataIndex: 'code', sortField: 'code' },
        defaultTaggedColumn('name', L('Name'), L('IsDefault')),
        {
          key: 'type',
          title: L('Type'),
          dataIndex: 'type',
          sortField: 'type',
          fit: { texts: warehouseTypeOptions().map((o) => o.label) },
          render: warehouseTypeLabel,
        },
        { key: 'countryCode', title: L('CountryCode'), dataIndex: 'countryCode', sortField: 'countryCode' },
        { key: 'address', title: L('Address'), dataIndex: 'address', ellipsis: true },
        {
          key: 'contact',
          title: L('ContactName'),
          render: (_v, r) => [r.contact?.name, r.contact?.phone].filter(Boolean).join(' '),
        },
        activeColumn(L('IsActive'), { active: LL('Active'), inactive: LL('Inactive') }),
        creationTimeColumn(L('CreationTime')),
      ]}
      schema={schema}
      blank={{ code: '', name: '', type: 'OWN', countryCode: '', isDefault: false, isActive: true }}
      toForm={(r) => r}
      fields={
        <>
          <Row gutter={12}>
            <Col span={12}>
              <TextField name="code" label={L('Code')} autoFocus data-testid="warehouse-code" />
            </Col>
            <Col span={12}>
              <CrudField name="type" label={L('Type')}>
                <Select options={warehouseTypeOptions()} data-testid="warehouse-type" />
              </CrudField>
            </Col>
          </Row>
          <TextField name="name" label={L('Name')} data-testid="warehouse-name" />
          <TextField
            name="countryCode"
            label={L('CountryCode')}
            extra={LL('CountryCodeHint')}
            maxLength={2}
            data-testid="warehouse-country"
          />
          <CrudField name="address" label={L('Address')}>
            <Input.TextArea rows={2} />
          </CrudField>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name={['contact', 'name']} label={L('ContactName')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name={['contact', 'phone']}
                label={L('ContactPhone')}
                rules={[zodValueRule(warehouseContactInput.shape.phone)]}
              >
                <Input data-testid="warehouse-phone" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col span={12}>
              <CrudField name="isDefault" label={L('IsDefault')} valuePropName="checked" extra={LL('DefaultHint')}>
                <Switch data-testid="warehouse-default" />
              </CrudField>
            </Col>
            <Col span={12}>
              <CrudField name="isActive" label={L('IsActive')} valuePropName="checked">
                <Switch data-testid="warehouse-active" />
              </CrudField>
            </Col>
          </Row>
        </>
      }
    />
  );
}
