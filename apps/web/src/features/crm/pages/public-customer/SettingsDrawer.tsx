import { PlusOutlined } from '@ant-design/icons';
import { customerLimitInput, customerLimitTypes, poolConfigInput } from '@seller/contracts/crm';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Form, InputNumber, Popconfirm, Select, Space, Spin, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, CrudField, FormOverlay, parseForm } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { QueryTable } from '../../../../components/SmallTable.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { type CustomerLimit, PL, type PoolConfigInput, poolApi, poolKeys } from '../../api/pool.ts';

/** The rules form: on/off, the two periods, the reminder. */
function RulesCard() {
  const { t } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  const [form] = Form.useForm<PoolConfigInput>();
  const [saving, setSaving] = useState(false);
  const config = useQuery({ queryKey: poolKeys.config, queryFn: () => poolApi.config() });
  useEffect(() => {
    if (config.data)
      form.setFieldsValue({ ...config.data, concurrencyStamp: config.data.concurrencyStamp ?? undefined });
  }, [config.data, form]);

  const save = async () => {
    const values = parseForm(poolConfigInput, form.getFieldsValue(true), form);
    if (!values) return;
    setSaving(true);
    try {
      await poolApi.saveConfig(values);
      message.success(PL('Page:Saved'));
      await client.invalidateQueries({ queryKey: poolKeys.config });
    } catch (e) {
      if (!applyServerErrors(form, e)) throw e;
    } finally {
      setSaving(false);
    }
  };

  if (config.isLoading) return <Spin />;
  return (
    <Card size="small" title={PL('Page:Settings')}>
      <Form form={form} layout="vertical" data-testid="pool-config-form">
        <Form.Item name="enabled" label={PL('Page:Enabled')} valuePropName="checked">
          <Switch data-testid="pool-config-enabled" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="contactExpireDays" label={PL('Page:ContactExpireDays')} required>
            <InputNumber min={1} max={3650} data-testid="pool-config-contact" />
          </Form.Item>
          <Form.Item name="dealExpireDays" label={PL('Page:DealExpireDays')} required>
            <InputNumber min={1} max={3650} data-testid="pool-config-deal" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="notifyEnabled" label={PL('Page:NotifyEnabled')} valuePropName="checked">
            <Switch data-testid="pool-config-notify" />
          </Form.Item>
          <Form.Item name="notifyDays" label={PL('Page:NotifyDays')} required>
            <InputNumber min={1} max={365} data-testid="pool-config-notify-days" />
          </Form.Item>
        </Space>
        <div>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="pool-config-save">
            {t('common.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** The limits table with its form (a modal) and delete after confirming. */
function LimitsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const limits = useQuery({ queryKey: poolKeys.limits, queryFn: () => poolApi.limits() });
  const units = useQuery({ queryKey: poolKeys.units, queryFn: () => poolApi.units() });
  const users = useQuery({ queryKey: poolKeys.users(''), queryFn: ({ signal }) => poolApi.users(undefined, signal) });
  const [editing, setEditing] = useState<CustomerLimit | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: poolKeys.limits });

  const userOptions = new Map<string, string>();
  for (const u of users.data?.items ?? []) userOptions.set(u.id, u.name ?? u.userName);
  if (editing && editing !== 'new') for (const u of editing.users) userOptions.set(u.id, u.name ?? u.userName);

  return (
    <Card
      size="small"
      title={PL('Page:Limits')}
      style={{ marginTop: 16 }}
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="pool-limit-new">
          {PL('Page:NewLimit')}
        </Button>
      }
    >
      <QueryTable<CustomerLimit>
        query={limits}
        rowKey="id"
        scroll={{ x: 'max-content' }}
        data-testid="pool-limits"
        columns={[
          { key: 'type', title: PL('Page:LimitType'), render: (_v, l) => <Tag>{PL(`Page:LimitType:${l.type}`)}</Tag> },
          {
            key: 'who',
            title: `${PL('Page:LimitUsers')} / ${PL('Page:LimitUnits')}`,
            render: (_v, l) =>
              [...l.users.map((u) => u.name ?? u.userName), ...l.organizationUnits.map((o) => o.displayName)].join(
                ', ',
              ) || '—',
          },
          { key: 'maxCount', title: PL('Page:MaxCount'), dataIndex: 'maxCount' },
          {
            key: 'deal',
            title: PL('Page:DealCountEnabled'),
            render: (_v, l) => (l.dealCountEnabled ? PL('Page:Yes') : PL('Page:No')),
          },
          {
            key: 'actions',
            title: t('crud.actions'),
            render: (_v, l) => (
              <Space size={0}>
                <LinkButton onClick={() => setEditing(l)} data-testid={`pool-limit-edit-${l.id}`}>
                  {t('crud.edit')}
                </LinkButton>
                <Popconfirm
                  title={PL('Page:DeleteLimit')}
                  onConfirm={async () => {
                    await poolApi.deleteLimit(l.id);
                    await refresh();
                  }}
                  okButtonProps={{ 'data-testid': `pool-limit-delete-ok-${l.id}` } as never}
                >
                  <LinkButton danger data-testid={`pool-limit-delete-${l.id}`}>
                    {t('crud.delete')}
                  </LinkButton>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormOverlay
        mode="modal"
        open={editing !== null}
        title={editing === 'new' ? PL('Page:NewLimit') : PL('Page:EditLimit')}
        schema={customerLimitInput}
        testid="pool-limit-form"
        initialValues={
          editing && editing !== 'new'
            ? {
                type: editing.type,
                userIds: editing.userIds,
                organizationUnitIds: editing.organizationUnitIds,
                maxCount: editing.maxCount,
                dealCountEnabled: editing.dealCountEnabled,
                concurrencyStamp: editing.concurrencyStamp,
              }
            : { type: 'OWNER', userIds: [], organizationUnitIds: [], dealCountEnabled: false }
        }
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (editing && editing !== 'new') await poolApi.updateLimit(editing.id, values);
          else await poolApi.createLimit(values);
          await refresh();
        }}
      >
        <CrudField name="type" label={PL('Page:LimitType')}>
          <Select
            data-testid="pool-limit-type"
            options={customerLimitTypes.map((v) => ({ value: v, label: PL(`Page:LimitType:${v}`) }))}
          />
        </CrudField>
        <CrudField name="userIds" label={PL('Page:LimitUsers')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="pool-limit-users"
            options={[...userOptions].map(([value, label]) => ({ value, label }))}
          />
        </CrudField>
        <CrudField name="organizationUnitIds" label={PL('Page:LimitUnits')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="pool-limit-units"
            options={(units.data?.items ?? []).map((o) => ({ value: o.id, label: o.displayName }))}
          />
        </CrudField>
        <CrudField name="maxCount" label={PL('Page:MaxCount')}>
          <InputNumber min={0} max={1_000_000} data-testid="pool-limit-max" />
        </CrudField>
        <CrudField name="dealCountEnabled" label={PL('Page:DealCountEnabled')} valuePropName="checked">
          <Switch data-testid="pool-limit-deal" />
        </CrudField>
      </FormOverlay>
    </Card>
  );
}

/** Pool rules and limits (Crm.Pool.Settings). */
export function SettingsDrawer({ onClose }: { onClose(): void }) {
  return (
    <Drawer open onClose={onClose} title={PL('Page:Settings')} size="large" data-testid="pool-settings-drawer">
      <RulesCard />
      <LimitsCard />
    </Drawer>
  );
}
