import { supplierInput } from '@seller/contracts/catalog';
import { Checkbox, Col, Input, Row, Select, Tag } from 'antd';
import type { ReactNode } from 'react';
import { CrudField, ResourcePage } from '../../../../components/crud/index.ts';
import {
  catalogResource,
  LC,
  optionLabel,
  paymentTypeOptions,
  type SupplierDto,
  settlementCycleOptions,
  settlementFormOptions,
  suppliersApi,
} from '../../api.ts';

const schema = () => supplierInput;

const L = (key: string) => LC(`DisplayName:${key}`);

/** Two form fields per row. */
const pair = (...cells: ReactNode[]) => (
  <Row gutter={12}>
    {cells.map((cell, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed layout cells
      <Col span={12} key={i}>
        {cell}
      </Col>
    ))}
  </Row>
);

/** /product/supplier: suppliers with contact, address and payment terms. */
export default function SuppliersPage() {
  return (
    <ResourcePage<SupplierDto, ReturnType<typeof schema>>
      {...catalogResource('Supplier', 'Suppliers')}
      api={suppliersApi}
      defaultSorting="code asc"
      exportName={LC('Suppliers')}
      formWidth={680}
      label={(r) => r.code}
      columns={[
        { key: 'code', title: L('Code'), dataIndex: 'code', sortField: 'code' },
        {
          key: 'fullName',
          title: L('FullName'),
          dataIndex: 'fullName',
          sortField: 'fullName',
          render: (v: string, r) => (
            <>
              {v} {r.isDefault && <Tag color="blue">{L('IsDefault')}</Tag>}
            </>
          ),
        },
        { key: 'grade', title: L('Grade'), dataIndex: 'grade', sortField: 'grade' },
        { key: 'contactPerson', title: L('ContactPerson'), dataIndex: 'contactPerson', sortField: 'contactPerson' },
        { key: 'phone', title: L('Phone'), dataIndex: 'phone' },
        {
          key: 'settlementForm',
          title: L('SettlementForm'),
          dataIndex: 'settlementForm',
          render: (v: number | null) => optionLabel('SettlementForm', v),
        },
        {
          key: 'settlementCycle',
          title: L('SettlementCycle'),
          dataIndex: 'settlementCycle',
          render: (v: number | null) => optionLabel('SettlementCycle', v),
        },
        {
          key: 'paymentType',
          title: L('PaymentType'),
          dataIndex: 'paymentType',
          render: (v: number | null) => optionLabel('PaymentType', v),
        },
        {
          key: 'address',
          title: L('Address'),
          defaultHidden: true,
          render: (_v, r) => [r.province, r.city, r.address].filter(Boolean).join(' '),
        },
        { key: 'qq', title: L('Qq'), dataIndex: 'qq', defaultHidden: true },
        { key: 'wangwang', title: L('Wangwang'), dataIndex: 'wangwang', defaultHidden: true },
        { key: 'payeeAccount', title: L('PayeeAccount'), dataIndex: 'payeeAccount', defaultHidden: true },
      ]}
      schema={schema}
      blank={{ code: '', fullName: '', isDefault: false }}
      toForm={(r) => r}
      fields={
        <>
          {pair(
            <CrudField name="code" label={L('Code')}>
              <Input autoFocus data-testid="supplier-code" />
            </CrudField>,
            <CrudField name="grade" label={L('Grade')}>
              <Input />
            </CrudField>,
          )}
          <CrudField name="fullName" label={L('FullName')}>
            <Input data-testid="supplier-full-name" />
          </CrudField>
          {pair(
            <CrudField name="contactPerson" label={L('ContactPerson')}>
              <Input />
            </CrudField>,
            <CrudField name="phone" label={L('Phone')}>
              <Input />
            </CrudField>,
          )}
          {pair(
            <CrudField name="qq" label={L('Qq')}>
              <Input />
            </CrudField>,
            <CrudField name="wangwang" label={L('Wangwang')}>
              <Input />
            </CrudField>,
          )}
          {pair(
            <CrudField name="wechat" label={L('Wechat')}>
              <Input />
            </CrudField>,
            <CrudField name="email" label={L('Email')}>
              <Input />
            </CrudField>,
          )}
          {pair(
            <CrudField name="province" label={L('Province')}>
              <Input />
            </CrudField>,
            <CrudField name="city" label={L('City')}>
              <Input />
            </CrudField>,
          )}
          <CrudField name="address" label={L('Address')}>
            <Input />
          </CrudField>
          {pair(
            <CrudField name="settlementForm" label={L('SettlementForm')}>
              <Select allowClear options={settlementFormOptions()} data-testid="supplier-settlement-form" />
            </CrudField>,
            <CrudField name="settlementCycle" label={L('SettlementCycle')}>
              <Select allowClear options={settlementCycleOptions()} />
            </CrudField>,
          )}
          {pair(
            <CrudField name="paymentType" label={L('PaymentType')}>
              <Select allowClear options={paymentTypeOptions()} />
            </CrudField>,
            <CrudField name="payeeAccount" label={L('PayeeAccount')}>
              <Input />
            </CrudField>,
          )}
          {pair(
            <CrudField name="accountName" label={L('AccountName')}>
              <Input />
            </CrudField>,
            <CrudField name="bank" label={L('Bank')}>
              <Input />
            </CrudField>,
          )}
          <CrudField name="isDefault" label={L('IsDefault')} valuePropName="checked">
            <Checkbox />
          </CrudField>
          <CrudField name="remark" label={L('Remark')}>
            <Input.TextArea rows={2} />
          </CrudField>
        </>
      }
    />
  );
}
