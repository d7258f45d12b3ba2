import { PlusOutlined } from '@ant-design/icons';
import { CrmPermissions } from '@seller/contracts';
import { contactInput } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Form, Input, Modal, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { applyServerErrors, DangerConfirmButton, parseForm, TextField } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { QueryTable } from '../../../../components/SmallTable.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { CL, type Contact, type Customer, customerKeys, customersApi } from '../../api/customers.ts';
import { DATE_TIME } from './parts.tsx';

interface Values {
  name?: string;
  post?: string;
  master?: boolean;
  sex?: 1 | 2;
  mobile?: string;
  telephone?: string;
  email?: string;
  wechat?: string;
  remark?: string;
  contactNextTime?: Dayjs | null;
}

/** A customer's contacts: the list, new and edit in a dialog (checked by the contract's schema), delete after confirming. */
export function ContactsTab({ customer }: { customer: Customer }) {
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const key = [...customerKeys.detail(customer.id), 'contacts'];
  const contacts = useQuery({ queryKey: key, queryFn: () => customersApi.contacts(customer.id) });
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const mayWrite = access.can(`${CrmPermissions.Customers}.Update`) && customer.access.write;
  const refresh = () => client.invalidateQueries({ queryKey: customerKeys.detail(customer.id) });

  const openForm = (c: Contact | 'new') => {
    setEditing(c);
    form.resetFields();
    if (c !== 'new') {
      form.setFieldsValue({
        name: c.name,
        post: c.post ?? undefined,
        master: c.master,
        sex: (c.sex as 1 | 2 | null) ?? undefined,
        mobile: c.mobile ?? undefined,
        telephone: c.telephone ?? undefined,
        email: c.email ?? undefined,
        wechat: c.wechat ?? undefined,
        remark: c.remark ?? undefined,
        contactNextTime: c.contactNextTime ? dayjs(c.contactNextTime) : null,
      });
    }
  };
  const save = async () => {
    const v = form.getFieldsValue();
    const input = parseForm(
      contactInput,
      {
        ...v,
        master: !!v.master,
        contactNextTime: v.contactNextTime ? v.contactNextTime.toISOString() : undefined,
        concurrencyStamp: editing && editing !== 'new' ? editing.concurrencyStamp : undefined,
      },
      form,
    );
    if (!input) return;
    setSaving(true);
    try {
      await customersApi.saveContact(customer.id, editing === 'new' || !editing ? null : editing.id, input);
      message.success(CL('Saved'));
      setEditing(null);
      await refresh();
    } catch (e) {
      if (!applyServerErrors(form, e)) throw e;
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {mayWrite && (
        <Button
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          data-testid="contact-new"
          onClick={() => openForm('new')}
        >
          {CL('AddContact')}
        </Button>
      )}
      <QueryTable<Contact>
        query={contacts}
        rowKey="id"
        scroll={{ x: 'max-content' }}
        data-testid="contacts-table"
        columns={[
          {
            key: 'name',
            title: CL('ContactName'),
            render: (_v, c) => (
              <Space size={4}>
                {c.name}
                {c.master && <Tag color="gold">{CL('Master')}</Tag>}
              </Space>
            ),
          },
          { key: 'post', title: CL('Post'), dataIndex: 'post' },
          { key: 'mobile', title: CL('Mobile'), dataIndex: 'mobile' },
          { key: 'email', title: CL('Email'), dataIndex: 'email' },
          { key: 'wechat', title: CL('Wechat'), dataIndex: 'wechat' },
          {
            key: 'next',
            title: CL('ContactNextTime'),
            render: (_v, c) => (c.contactNextTime ? dayjs(c.contactNextTime).format(DATE_TIME) : '—'),
          },
          ...(mayWrite
            ? [
                {
                  key: 'actions',
                  title: '',
                  width: 140,
                  render: (_v: unknown, c: Contact) => (
                    <Space size={0}>
                      <LinkButton data-testid={`contact-edit-${c.id}`} onClick={() => openForm(c)}>
                        {CL('Edit')}
                      </LinkButton>
                      <DangerConfirmButton
                        title={CL('ConfirmDeleteContact', c.name)}
                        testid={`contact-delete-${c.id}`}
                        confirmTestid={`contact-delete-ok-${c.id}`}
                        link
                        onConfirm={async () => {
                          await customersApi.removeContact(customer.id, c.id);
                          message.success(CL('Deleted'));
                          await refresh();
                        }}
                      >
                        {CL('Delete')}
                      </DangerConfirmButton>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? CL('AddContact') : CL('EditContact')}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={saving}
        okButtonProps={{ 'data-testid': 'contact-save' } as never}
        forceRender
      >
        <Form form={form} layout="vertical" data-testid="contact-form">
          <Form.Item name="name" label={CL('ContactName')} required>
            <Input maxLength={64} data-testid="contact-name" />
          </Form.Item>
          <Space wrap>
            <TextField name="post" label={CL('Post')} maxLength={64} />
            <Form.Item name="sex" label={CL('Sex')}>
              <Select
                allowClear
                style={{ width: 100 }}
                options={[
                  { value: 1, label: CL('Sex:1') },
                  { value: 2, label: CL('Sex:2') },
                ]}
              />
            </Form.Item>
            <Form.Item name="master" valuePropName="checked" label=" ">
              <Checkbox>{CL('Master')}</Checkbox>
            </Form.Item>
          </Space>
          <Space wrap>
            <TextField name="mobile" label={CL('Mobile')} maxLength={32} data-testid="contact-mobile" />
            <TextField name="telephone" label={CL('Telephone')} maxLength={32} />
          </Space>
          <Space wrap>
            <TextField name="email" label={CL('Email')} maxLength={256} data-testid="contact-email" />
            <TextField name="wechat" label={CL('Wechat')} maxLength={64} />
          </Space>
          <Form.Item name="contactNextTime" label={CL('ContactNextTime')}>
            <DatePicker showTime format={DATE_TIME} />
          </Form.Item>
          <Form.Item name="remark" label={CL('Remark')}>
            <Input.TextArea maxLength={512} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
