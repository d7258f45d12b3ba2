import { supplierInput } from '@seller/contracts/catalog';
import { Checkbox, Col, Input, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { CrudField, defaultTaggedColumn, ResourcePage, TextField } from '../../../../components/crud/index.ts';
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

/** A plain text field, labelled by its member's display name (`contactPerson`: `DisplayName:ContactPerson`). */
const textField = (name: keyof SupplierDto & string) => (
  <TextField name={name} label={L(name.charAt(0).toUpperCase() + name.slice(1))} />
);

/** A column of one of the payment terms' options (settlement form, cycle, payment type), shown by its label. */
const optionColumn = (key: 'settlementForm' | 'settlementCycle' | 'paymentType') => {
  const options = key.charAt(0).toUpperCase() + key.slice(1);
  return { key, title: L(options), dataIndex: key, render: (v: number | null) => optionLabel(options, v) };
};

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
        defaultTaggedColumn('fullName', L('FullName'), L('IsDefault')),
        { key: 'grade', title: L('Grade'), dataIndex: 'grade', sortField: 'grade' },
        { key: 'contactPerson', title: L('ContactPerson'), dataIndex: 'contactPerson', sortField: 'contactPerson' },
        { key: 'phone', title: L('Phone'), dataIndex: 'phone' },
        optionColumn('settlementForm'),
        optionColumn('settlementCycle'),
        optionColumn('paymentType'),
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
          {pair(<TextField name="code" label={L('Code')} autoFocus data-testid="supplier-code" />, textField('grade'))}
          <TextField name="fullName" label={L('FullName')} data-testid="supplier-full-name" />
          {pair(textField('contactPerson'), textField('phone'))}
          {pair(textField('qq'), textField('wangwang'))}
          {pair(textField('wechat'), textField('email'))}
          {pair(textField('province'), textField('city'))}
          {textField('address')}
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
            textField('payeeAccount'),
          )}
          {pair(textField('accountName'), textField('bank'))}
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
