import { ApiOutlined, AppstoreOutlined, PoweroffOutlined } from '@ant-design/icons';
import { tenantCreateInput, tenantList, tenantUpdateInput } from '@seller/contracts/tenants';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Space, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Access,
  CrudField,
  DeleteIconConfirm,
  EditAction,
  FormOverlay,
  TextField,
} from '../../../../components/crud/index.ts';
import { IconButton } from '../../../../components/IconButton.tsx';
import { ImpersonateButton } from '../../../../components/impersonation/ImpersonateButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LT, TENANTS_URL, type TenantDto, tenantsApi } from '../../api.ts';
import { ConnectionStringsDialog } from '../../components/ConnectionStringsDialog.tsx';
import { FeaturesDialog } from '../../components/FeaturesDialog.tsx';

const P = 'AbpTenantManagement.Tenants';
/** The server's own rules (`@seller/contracts/tenants`); the server also checks the password policy. */
const schema = { create: tenantCreateInput, update: tenantUpdateInput };

const EMPTY_TENANT = { name: '', adminEmailAddress: '', adminPassword: '', defaultConnectionString: '' };

/** /admin/tenants (host side): tenant list, create/edit/activate/delete, connection strings, features. */
export default function TenantsPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TenantDto | null>(null);
  const [connections, setConnections] = useState<TenantDto | null>(null);
  const [features, setFeatures] = useState<TenantDto | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [TENANTS_URL] });
  const editValues = useMemo(
    () =>
      editing
        ? { name: editing.name, isActive: editing.isActive, concurrencyStamp: editing.concurrencyStamp }
        : undefined,
    [editing],
  );

  const toggle = async (tenant: TenantDto) => {
    await tenantsApi.update(tenant.id, {
      name: tenant.name,
      isActive: !tenant.isActive,
      concurrencyStamp: tenant.concurrencyStamp,
    });
    message.success(LT('Saved'));
    await refresh();
  };

  return (
    <>
      <ListPage<TenantDto>
        list={tenantList}
        url={TENANTS_URL}
        testid="tenants"
        render={{
          name: (r) => <span data-testid={`tenant-row-${r.name}`}>{r.name}</span>,
          isActive: (r) => (r.isActive ? <Tag color="success">{LT('Active')}</Tag> : <Tag>{LT('Inactive')}</Tag>),
          hasOwnDatabase: (r) =>
            r.hasOwnDatabase ? <Tag color="processing">{LT('OwnDatabase')}</Tag> : <Tag>{LT('SharedDatabase')}</Tag>,
        }}
        onCreate={() => setCreating(true)}
        createPermission={`${P}.Create`}
        actionsWidth={330}
        rowActions={(r) => (
          <Space size={0} wrap={false}>
            <ImpersonateButton tenantId={r.id} userName={`admin@${r.name}`} testid={`tenant-impersonate-${r.name}`} />
            <EditAction permission={`${P}.Update`} onClick={() => setEditing(r)} testid={`tenant-edit-${r.name}`}>
              {LT('Edit')}
            </EditAction>
            <Access permission={`${P}.Update`}>
              <IconButton
                title={r.isActive ? LT('Deactivate') : LT('Activate')}
                type="link"
                size="small"
                icon={<PoweroffOutlined />}
                danger={r.isActive}
                onClick={() => void toggle(r)}
                data-testid={`tenant-toggle-${r.name}`}
              />
            </Access>
            <Access permission={`${P}.ManageConnectionStrings`}>
              <IconButton
                title={LT('ConnectionStrings')}
                type="link"
                size="small"
                icon={<ApiOutlined />}
                onClick={() => setConnections(r)}
                data-testid={`tenant-connections-${r.name}`}
              />
            </Access>
            <Access permission={`${P}.ManageFeatures`}>
              <IconButton
                title={LT('Features')}
                type="link"
                size="small"
                icon={<AppstoreOutlined />}
                onClick={() => setFeatures(r)}
                data-testid={`tenant-features-${r.name}`}
              />
            </Access>
            <Access permission={`${P}.Delete`}>
              <DeleteIconConfirm
                title={LT('DeleteTenant', r.name)}
                description={<div style={{ maxWidth: 360 }}>{LT('DeleteTenantDetails')}</div>}
                onConfirm={async () => {
                  await tenantsApi.remove(r.id);
                  message.success(t('crud.deleted'));
                  await refresh();
                }}
                testid={`tenant-delete-${r.name}`}
                confirmTestid="tenant-delete-confirm"
              />
            </Access>
          </Space>
        )}
      />

      <FormOverlay
        open={creating}
        title={LT('NewTenant')}
        schema={schema.create}
        initialValues={EMPTY_TENANT}
        onSubmit={async (v) => {
          await tenantsApi.create(v);
          await refresh();
        }}
        onClose={() => setCreating(false)}
        testid="tenant-form"
      >
        <TextField name="name" label={LT('DisplayName:Name')} autoFocus data-testid="tenant-name" autoComplete="off" />
        <TextField
          name="adminEmailAddress"
          label={LT('DisplayName:AdminEmailAddress')}
          type="email"
          data-testid="tenant-admin-email"
          autoComplete="off"
        />
        <CrudField name="adminPassword" label={LT('DisplayName:AdminPassword')} extra={LT('AdminPasswordHint')}>
          <Input.Password data-testid="tenant-admin-password" autoComplete="new-password" />
        </CrudField>
        <CrudField
          name="defaultConnectionString"
          label={LT('DisplayName:DefaultConnectionString')}
          extra={LT('DefaultConnectionStringHint')}
        >
          <Input data-testid="tenant-connection" placeholder="postgres://user:password@host:5432/database" />
        </CrudField>
      </FormOverlay>

      <FormOverlay
        open={!!editing}
        title={`${LT('Edit')} ${editing?.name ?? ''}`}
        schema={schema.update}
        initialValues={editValues}
        onSubmit={async (v) => {
          await tenantsApi.update(editing!.id, v);
          await refresh();
        }}
        onClose={() => setEditing(null)}
        testid="tenant-edit-form"
      >
        <TextField name="name" label={LT('DisplayName:Name')} data-testid="tenant-edit-name" />
        <CrudField name="isActive" label={LT('DisplayName:IsActive')} valuePropName="checked">
          <Switch data-testid="tenant-edit-active" />
        </CrudField>
      </FormOverlay>

      <ConnectionStringsDialog tenant={connections} onClose={() => setConnections(null)} />
      <FeaturesDialog tenant={features} onClose={() => setFeatures(null)} />
    </>
  );
}
