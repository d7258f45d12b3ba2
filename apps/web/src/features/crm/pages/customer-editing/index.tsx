import { customerIndustries, customerInput, customerLevels, customerSources } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Modal, Row, Select, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CountrySelect } from '../../../../components/CountrySelect.tsx';
import { applyServerErrors, CrudField, parseForm, TextField } from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { CL, type Customer, type CustomerInput, customerKeys, customersApi, dictOptions } from '../../api/customers.ts';
import { tagOptions, useCustomerTags } from '../customer/parts.tsx';

type Values = Partial<Record<Exclude<keyof CustomerInput, 'tagIds' | 'concurrencyStamp'>, unknown>> & {
  tagIds?: string[];
};
type Duplicate = Awaited<ReturnType<typeof customersApi.duplicates>>['items'][number];

const valuesOf = (c: Customer): Values => ({
  name: c.name,
  mobile: c.mobile ?? undefined,
  telephone: c.telephone ?? undefined,
  email: c.email ?? undefined,
  qq: c.qq ?? undefined,
  wechat: c.wechat ?? undefined,
  country: c.country ?? undefined,
  detailAddress: c.detailAddress ?? undefined,
  industry: c.industry ?? undefined,
  level: c.level ?? undefined,
  source: c.source ?? undefined,
  remark: c.remark ?? undefined,
  tagIds: c.tags.map((t) => t.id),
});

/**
 * The customer form as its own page (`/crm/customer-editing`; `?id=` edits, no query creates):
 * the fields of domain §6.1 and the tags, checked with the contract's schema. Before saving it
 * asks the server for customers with the same name, mobile or e-mail and, when there are any,
 * lists them (those the user may not see by their owner only) and saves only once confirmed.
 */
export default function CustomerEditingPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const customer = useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: () => customersApi.get(id!),
    enabled: !!id,
  });
  if (!id) return <CustomerForm />;
  if (customer.isError) return <Empty description={CL('NotFound')} />;
  if (!customer.data) return <Spin />;
  return <CustomerForm key={customer.data.id} customer={customer.data} />;
}

function CustomerForm({ customer }: { customer?: Customer }) {
  const { message } = useUi();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const tags = useCustomerTags();
  const [saving, setSaving] = useState(false);
  const [duplicates, setDuplicates] = useState<{ items: Duplicate[]; input: CustomerInput } | null>(null);

  const save = async (input: CustomerInput) => {
    setSaving(true);
    try {
      const saved = customer ? await customersApi.update(customer.id, input) : await customersApi.create(input);
      message.success(CL('Saved'));
      setDuplicates(null);
      client.setQueryData(customerKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: customerKeys.list });
      navigate(`/crm/customer?id=${saved.id}`);
    } catch (e) {
      setDuplicates(null);
      if (!applyServerErrors(form, e)) throw e;
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    const v = form.getFieldsValue();
    const input = parseForm(
      customerInput,
      { ...v, tagIds: v.tagIds ?? [], concurrencyStamp: customer?.concurrencyStamp },
      form,
    );
    if (!input) return;
    setSaving(true);
    try {
      const found = await customersApi.duplicates({
        name: input.name,
        mobile: input.mobile,
        email: input.email,
        excludeId: customer?.id,
      });
      if (found.items.length) {
        setDuplicates({ items: found.items, input });
        return;
      }
    } finally {
      setSaving(false);
    }
    await save(input);
  };

  const back = () => navigate(customer ? `/crm/customer?id=${customer.id}` : '/crm/customer');
  return (
    <Card
      title={customer ? `${CL('EditCustomer')}: ${customer.name}` : CL('NewCustomer')}
      extra={
        <Space>
          <Button onClick={back} data-testid="customer-form-back">
            {CL('Back')}
          </Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="customer-form-submit">
            {CL('Save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="customer-form"
        initialValues={customer ? valuesOf(customer) : { level: 2, tagIds: [] }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={CL('Name')} required>
              <Input maxLength={128} data-testid="customer-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="tagIds" label={CL('Tags')}>
              <Select
                mode="multiple"
                allowClear
                data-testid="customer-form-tags"
                options={tagOptions(tags.data?.items)}
                optionFilterProp="title"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <TextField name="mobile" label={CL('Mobile')} maxLength={32} data-testid="customer-form-mobile" />
          </Col>
          <Col xs={24} md={8}>
            <TextField name="telephone" label={CL('Telephone')} maxLength={32} />
          </Col>
          <Col xs={24} md={8}>
            <TextField name="email" label={CL('Email')} maxLength={256} data-testid="customer-form-email" />
          </Col>
          <Col xs={24} md={8}>
            <TextField name="qq" label={CL('Qq')} maxLength={15} />
          </Col>
          <Col xs={24} md={8}>
            <TextField name="wechat" label={CL('Wechat')} maxLength={64} />
          </Col>
          <Col xs={24} md={8}>
            <CrudField name="country" label={CL('Country')}>
              <CountrySelect data-testid="customer-form-country" />
            </CrudField>
          </Col>
          <Col xs={24}>
            <TextField name="detailAddress" label={CL('DetailAddress')} maxLength={512} />
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="industry" label={CL('Industry')}>
              <Select allowClear options={dictOptions(customerIndustries)} data-testid="customer-form-industry" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="level" label={CL('Level')}>
              <Select allowClear options={dictOptions(customerLevels)} data-testid="customer-form-level" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="source" label={CL('Source')}>
              <Select allowClear options={dictOptions(customerSources)} data-testid="customer-form-source" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={CL('Remark')}>
              <Input.TextArea maxLength={1024} rows={3} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Modal
        open={!!duplicates}
        title={CL('Duplicates')}
        onCancel={() => setDuplicates(null)}
        onOk={() => duplicates && save(duplicates.input)}
        okText={CL('SaveAnyway')}
        cancelText={CL('Cancel')}
        confirmLoading={saving}
        okButtonProps={{ 'data-testid': 'customer-duplicates-save' } as never}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={CL('DuplicatesHint')} style={{ marginBottom: 12 }} />
        <List
          size="small"
          data-testid="customer-duplicates"
          dataSource={duplicates?.items ?? []}
          renderItem={(d, i) => (
            <List.Item key={d.id ?? `hidden-${i}`}>
              <Space wrap size={4}>
                {d.visible ? (
                  <strong>{d.name}</strong>
                ) : (
                  <span>{CL('DuplicateHidden', d.ownerName ?? CL('Pool'))}</span>
                )}
                {d.visible && d.mobile && <span>{d.mobile}</span>}
                {d.visible && d.email && <span>{d.email}</span>}
                {d.visible && (d.ownerName ? <Tag>{d.ownerName}</Tag> : <Tag>{CL('Pool')}</Tag>)}
                {d.inPool && !d.visible && <Tag>{CL('DuplicateInPool')}</Tag>}
                <span>
                  {CL('MatchedOn')}:{' '}
                  {d.matchedOn.map((m) => CL(m === 'name' ? 'Name' : m === 'mobile' ? 'Mobile' : 'Email')).join(', ')}
                </span>
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    </Card>
  );
}
