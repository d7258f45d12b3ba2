import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { claimInput } from '@seller/contracts/identity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, DeleteIconConfirm, EditIconButton, zodRule } from '../../../components/crud/index.ts';
import { QueryTable } from '../../../components/SmallTable.tsx';
import { HttpError } from '../../../lib/http/index.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { type ClaimDto, claimsApi, L } from '../api.ts';

export interface ClaimsEditorProps {
  open: boolean;
  kind: 'users' | 'roles';
  id: string;
  displayName: string;
  onClose(): void;
}

/**
 * Claims of a user or role: list, add, change the value, delete. The server checks each value
 * against its claim type (required, value type, regex); its field errors show on the form. The
 * form checks the shared claim input schema (type given, value length) before sending.
 */
export function ClaimsEditor({ open, kind, id, displayName, onClose }: ClaimsEditorProps) {
  const { t } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  const owner = `/api/identity/${kind}/${id}`;
  const key = ['claims', kind, id];
  const claims = useQuery({ queryKey: key, queryFn: () => claimsApi.list(owner), enabled: open && !!id });
  const types = useQuery({ queryKey: ['claim-types', kind], queryFn: () => claimsApi.types(kind), enabled: open });
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<ClaimDto | null>(null);
  const [busy, setBusy] = useState(false);
  const selectedType = Form.useWatch('claimType', form) as string | undefined;
  const typeInfo = types.data?.items.find((c) => c.name === selectedType);

  const refresh = () => client.invalidateQueries({ queryKey: key });
  const submit = async (values: { claimType: string; claimValue: string }) => {
    setBusy(true);
    try {
      if (editing) await claimsApi.update(owner, editing.claimType, editing.claimValue, values.claimValue ?? '');
      else await claimsApi.add(owner, values.claimType, values.claimValue ?? '');
      message.success(t('crud.saved'));
      setEditing(null);
      form.resetFields();
      await refresh();
    } catch (e) {
      // the server names claimValue (add) or newClaimValue (update): both belong on the value field
      applyServerErrors(form, e);
      const v =
        e instanceof HttpError ? e.validationErrors.find((x) => x.members?.includes('newClaimValue')) : undefined;
      if (v) form.setFields([{ name: 'claimValue', errors: [v.message] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`${L('Claims')} - ${displayName}`}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => void submit(v)}
        style={{ marginBottom: 12, rowGap: 8 }}
        data-testid="claim-form"
      >
        <Form.Item name="claimType" rules={[zodRule(claimInput, 'claimType', L('DisplayName:ClaimType'))]}>
          <Select
            style={{ width: 200 }}
            placeholder={L('DisplayName:ClaimType')}
            disabled={!!editing}
            showSearch
            options={(types.data?.items ?? []).map((c) => ({ value: c.name, label: c.name }))}
            data-testid="claim-type"
          />
        </Form.Item>
        <Form.Item
          name="claimValue"
          rules={[zodRule(claimInput, 'claimValue', L('DisplayName:ClaimValue'))]}
          extra={typeInfo?.regexDescription ?? typeInfo?.description ?? undefined}
          style={{ minWidth: 240 }}
        >
          <Input placeholder={L('DisplayName:ClaimValue')} data-testid="claim-value" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} icon={editing ? <EditOutlined /> : <PlusOutlined />}>
            {editing ? t('common.save') : L('AddClaim')}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                setEditing(null);
                form.resetFields();
              }}
            >
              {t('common.cancel')}
            </Button>
          )}
        </Space>
      </Form>
      <QueryTable<ClaimDto>
        query={claims}
        rowKey="id"
        locale={{ emptyText: t('crud.empty') }}
        columns={[
          { key: 'type', title: L('DisplayName:ClaimType'), dataIndex: 'claimType' },
          {
            key: 'value',
            title: L('DisplayName:ClaimValue'),
            dataIndex: 'claimValue',
            render: (v: string) => <Typography.Text>{v}</Typography.Text>,
          },
          {
            key: 'actions',
            title: t('crud.actions'),
            width: 140,
            render: (_v, c) => (
              <Space size={0}>
                <EditIconButton
                  onClick={() => {
                    setEditing(c);
                    form.setFieldsValue({ claimType: c.claimType, claimValue: c.claimValue });
                  }}
                />
                <DeleteIconConfirm
                  onConfirm={async () => {
                    await claimsApi.remove(owner, c.claimType, c.claimValue);
                    message.success(t('crud.deleted'));
                    await refresh();
                  }}
                />
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
