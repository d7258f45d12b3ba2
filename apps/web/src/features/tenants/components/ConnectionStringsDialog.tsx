import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { connectionStringInput } from '@seller/contracts/tenants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Form, Input, Modal, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, DeleteIconConfirm, EditIconButton, zodRule } from '../../../components/crud/index.ts';
import { QueryTable } from '../../../components/SmallTable.tsx';
import { useUi } from '../../../lib/ui-bridge.ts';
import { type ConnectionCheck, type ConnectionString, LT, TENANTS_URL, type TenantDto, tenantsApi } from '../api.ts';

interface Props {
  tenant: TenantDto | null;
  onClose(): void;
}

/** Hides the password of a database URL in the list (the edit field shows it in full). */
const maskUrl = (value: string) => value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');

/**
 * A tenant's connection strings: list with a reachability check per entry, add/edit/delete.
 * Saving `Default` moves the tenant to that database (the server checks, migrates, seeds). The
 * fields are checked with the server's connection string input schema before sending.
 */
export function ConnectionStringsDialog({ tenant, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ConnectionString>();
  const [checks, setChecks] = useState<Record<string, ConnectionCheck | 'checking'>>({});
  const [draftCheck, setDraftCheck] = useState<ConnectionCheck | 'checking' | null>(null);
  const id = tenant?.id ?? '';

  const list = useQuery({
    queryKey: ['tenants', id, 'connection-strings'],
    queryFn: () => tenantsApi.connectionStrings(id),
    enabled: !!tenant,
  });

  const refreshAll = async () => {
    await queryClient.invalidateQueries({ queryKey: ['tenants'] });
    // the list shows whether the tenant has its own database
    await queryClient.invalidateQueries({ queryKey: [TENANTS_URL] });
  };

  const save = useMutation({
    mutationFn: (v: ConnectionString) =>
      tenantsApi.setConnectionString(id, { name: v.name.trim(), value: v.value.trim() }),
    onSuccess: async (saved) => {
      message.success(LT('Saved'));
      form.resetFields();
      setDraftCheck(null);
      setChecks((c) => ({ ...c, [saved.name]: { name: saved.name, reachable: true, message: null } }));
      await refreshAll();
    },
    onError: (e) => applyServerErrors(form, e),
  });

  const check = async (name: string) => {
    setChecks((c) => ({ ...c, [name]: 'checking' }));
    try {
      const result = await tenantsApi.checkConnectionString(id, name);
      setChecks((c) => ({ ...c, [name]: result }));
    } catch {
      setChecks((c) => {
        const { [name]: _, ...rest } = c;
        return rest;
      });
    }
  };

  const testDraft = async () => {
    const value = (form.getFieldValue('value') as string | undefined)?.trim();
    if (!value) {
      await form.validateFields(['value']).catch(() => undefined);
      return;
    }
    setDraftCheck('checking');
    try {
      setDraftCheck(await tenantsApi.checkValue(value));
    } catch {
      setDraftCheck(null);
    }
  };

  const status = (name: string) => {
    const c = checks[name];
    if (c === 'checking') return <Tag>{LT('Check')}…</Tag>;
    if (!c) return <Tag data-testid={`connection-status-${name}`}>{LT('NotChecked')}</Tag>;
    return c.reachable ? (
      <Tag color="success" icon={<CheckCircleOutlined />} data-testid={`connection-status-${name}`}>
        {LT('Reachable')}
      </Tag>
    ) : (
      <Tooltip title={c.message}>
        <Tag color="error" icon={<CloseCircleOutlined />} data-testid={`connection-status-${name}`}>
          {LT('NotReachable')}
        </Tag>
      </Tooltip>
    );
  };

  return (
    <Modal
      open={!!tenant}
      title={LT('ConnectionStringsOf', tenant?.name ?? '')}
      onCancel={() => {
        form.resetFields();
        setChecks({});
        setDraftCheck(null);
        onClose();
      }}
      footer={null}
      width={820}
      destroyOnHidden
    >
      <div data-testid="connections-dialog">
        <Alert type="info" showIcon title={LT('ConnectionStringsHint')} style={{ marginBottom: 12 }} />
        <QueryTable<ConnectionString>
          query={list}
          rowKey="name"
          locale={{ emptyText: t('crud.empty') }}
          columns={[
            { key: 'name', title: LT('DisplayName:ConnectionName'), dataIndex: 'name', width: 140 },
            {
              key: 'value',
              title: LT('DisplayName:ConnectionValue'),
              dataIndex: 'value',
              render: (v: string) => <code style={{ wordBreak: 'break-all' }}>{maskUrl(v)}</code>,
            },
            { key: 'status', title: '', width: 120, render: (_v, r) => status(r.name) },
            {
              key: 'actions',
              title: t('crud.actions'),
              width: 200,
              render: (_v, r) => (
                <Space size={0}>
                  <Button
                    type="link"
                    loading={checks[r.name] === 'checking'}
                    onClick={() => void check(r.name)}
                    data-testid={`connection-check-${r.name}`}
                  >
                    {LT('Check')}
                  </Button>
                  <EditIconButton onClick={() => form.setFieldsValue({ name: r.name, value: r.value })} />
                  <DeleteIconConfirm
                    title={LT('DeleteConnectionString', r.name)}
                    description={
                      r.name === 'Default' ? LT('DeleteDefaultConnectionString', maskUrl(r.value)) : undefined
                    }
                    onConfirm={async () => {
                      await tenantsApi.deleteConnectionString(id, r.name);
                      message.success(t('crud.deleted'));
                      await refreshAll();
                    }}
                    testid={`connection-delete-${r.name}`}
                  />
                </Space>
              ),
            },
          ]}
        />
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          initialValues={{ name: 'Default', value: '' }}
          onFinish={(v) => save.mutate(v)}
          onValuesChange={() => setDraftCheck(null)}
        >
          <Space.Compact block style={{ alignItems: 'flex-start', gap: 8 }}>
            <Form.Item
              name="name"
              label={LT('DisplayName:ConnectionName')}
              rules={[zodRule(connectionStringInput, 'name', LT('DisplayName:ConnectionName'))]}
              style={{ width: 180 }}
            >
              <AutoComplete options={[{ value: 'Default' }]} data-testid="connection-name" />
            </Form.Item>
            <Form.Item
              name="value"
              label={LT('DisplayName:ConnectionValue')}
              rules={[zodRule(connectionStringInput, 'value', LT('DisplayName:ConnectionValue'))]}
              style={{ flex: 1 }}
              extra={LT('DefaultConnectionStringHint')}
            >
              <Input placeholder="postgres://user:password@host:5432/database" data-testid="connection-value" />
            </Form.Item>
          </Space.Compact>
          <Space>
            <Button onClick={() => void testDraft()} loading={draftCheck === 'checking'} data-testid="connection-test">
              {LT('Check')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="connection-save">
              {t('common.save')}
            </Button>
            {draftCheck && draftCheck !== 'checking' && (
              <span data-testid="connection-test-result">
                {draftCheck.reachable ? (
                  <Tag color="success">{LT('Reachable')}</Tag>
                ) : (
                  <Tag color="error">
                    {LT('NotReachable')}: {draftCheck.message}
                  </Tag>
                )}
              </span>
            )}
          </Space>
        </Form>
      </div>
    </Modal>
  );
}
