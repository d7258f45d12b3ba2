import { EditOutlined, SafetyOutlined, StarOutlined, TagsOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Space, Switch, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  Access,
  type CrudColumn,
  CrudField,
  CrudPage,
  DeleteAction,
  FormOverlay,
} from '../../../../components/crud/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { L, type RoleDto, rolesApi } from '../../api.ts';
import { ClaimsEditor } from '../../components/ClaimsEditor.tsx';
import { PermissionEditor } from '../../components/PermissionEditor.tsx';

const P = 'AbpIdentity.Roles';

function schema() {
  return z.object({
    name: z.string(L('RoleNameRequired')).trim().min(1, L('RoleNameRequired')).max(256),
    isDefault: z.boolean().default(false),
    isPublic: z.boolean().default(true),
    concurrencyStamp: z.string().optional(),
  });
}

/**
 * /admin/roles: list, create/edit (default and public flags; static roles keep their name),
 * set/unset default (`PUT /api/identity/roles/{id}/set-default`), claims, permissions.
 */
export default function RolesPage() {
  const { t, i18n } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const roleSchema = useMemo(schema, [i18n.language]);
  const [editing, setEditing] = useState<{ role?: RoleDto; values: Record<string, unknown> } | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<RoleDto | null>(null);
  const [claimsOf, setClaimsOf] = useState<RoleDto | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['identity', 'roles'] });

  const save = async (values: z.output<ReturnType<typeof schema>>) => {
    if (editing?.role) await rolesApi.update(editing.role.id, values);
    else await rolesApi.create(values);
    await refresh();
    await client.invalidateQueries({ queryKey: ['identity', 'assignable-roles'] });
  };

  const columns: CrudColumn<RoleDto>[] = [
    {
      key: 'name',
      title: L('DisplayName:RoleName'),
      dataIndex: 'name',
      sortField: 'name',
      render: (v: string, r) => (
        <Space size={4} data-testid={`role-row-${v}`}>
          {v}
          {r.isStatic && <Tag color="purple">{L('Static')}</Tag>}
          {r.isDefault && <Tag color="blue">{L('Default')}</Tag>}
          {r.isPublic && <Tag color="green">{L('Public')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'isDefault',
      title: L('DisplayName:IsDefault'),
      dataIndex: 'isDefault',
      sortField: 'isDefault',
      render: (v: boolean) => (v ? '✓' : ''),
    },
    {
      key: 'isPublic',
      title: L('DisplayName:IsPublic'),
      dataIndex: 'isPublic',
      sortField: 'isPublic',
      render: (v: boolean) => (v ? '✓' : ''),
    },
    {
      key: 'creationTime',
      title: L('CreationTime'),
      dataIndex: 'creationTime',
      sortField: 'creationTime',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];

  return (
    <>
      <CrudPage<RoleDto>
        testid="roles"
        queryKey={['identity', 'roles']}
        rowKey="id"
        defaultSorting="name asc"
        request={(q, signal) => rolesApi.list(q, signal)}
        columns={columns}
        onCreate={() => setEditing({ values: { isDefault: false, isPublic: true } })}
        createPermission={`${P}.Create`}
        actionsWidth={300}
        rowActions={(r) => (
          <Space size={0} wrap={false}>
            <Access permission={`${P}.Update`}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing({ role: r, values: { ...r } })}
                data-testid={`role-edit-${r.name}`}
              >
                {L('Edit')}
              </Button>
              <Tooltip title={r.isDefault ? L('UnsetDefault') : L('SetAsDefault')}>
                <Button
                  type="link"
                  size="small"
                  icon={<StarOutlined />}
                  aria-label={r.isDefault ? L('UnsetDefault') : L('SetAsDefault')}
                  data-testid={`role-default-${r.name}`}
                  onClick={async () => {
                    await rolesApi.setDefault(r.id, !r.isDefault);
                    message.success(t('crud.saved'));
                    await refresh();
                  }}
                />
              </Tooltip>
            </Access>
            <Access permission={`${P}.ManagePermissions`}>
              <Button
                type="link"
                size="small"
                icon={<SafetyOutlined />}
                onClick={() => setPermissionsOf(r)}
                data-testid={`role-permissions-${r.name}`}
              >
                {L('Permissions')}
              </Button>
            </Access>
            <Access permission={`${P}.ManageClaims`}>
              <Tooltip title={L('Claims')}>
                <Button
                  type="link"
                  size="small"
                  icon={<TagsOutlined />}
                  aria-label={L('Claims')}
                  onClick={() => setClaimsOf(r)}
                />
              </Tooltip>
            </Access>
            {!r.isStatic && (
              <DeleteAction
                permission={`${P}.Delete`}
                testid={`role-delete-${r.name}`}
                onConfirm={async () => {
                  await rolesApi.remove(r.id);
                  await refresh();
                }}
              />
            )}
          </Space>
        )}
      />

      <FormOverlay
        open={!!editing}
        title={editing?.role ? L('EditRole') : L('NewRole')}
        schema={roleSchema}
        initialValues={editing?.values as never}
        onSubmit={save}
        onClose={() => setEditing(null)}
        testid="role-form"
      >
        {editing?.role?.isStatic && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={L('StaticRoleHint')} />
        )}
        <CrudField name="name" label={L('DisplayName:RoleName')}>
          <Input disabled={editing?.role?.isStatic} data-testid="role-name" />
        </CrudField>
        <Space size="large">
          <CrudField name="isDefault" label={L('DisplayName:IsDefault')} valuePropName="checked">
            <Switch data-testid="role-isDefault" />
          </CrudField>
          <CrudField name="isPublic" label={L('DisplayName:IsPublic')} valuePropName="checked">
            <Switch data-testid="role-isPublic" />
          </CrudField>
        </Space>
      </FormOverlay>

      {permissionsOf && (
        <PermissionEditor
          open
          providerName="R"
          providerKey={permissionsOf.name}
          displayName={permissionsOf.name}
          onClose={() => setPermissionsOf(null)}
        />
      )}
      {claimsOf && (
        <ClaimsEditor
          open
          kind="roles"
          id={claimsOf.id}
          displayName={claimsOf.name}
          onClose={() => setClaimsOf(null)}
        />
      )}
    </>
  );
}
