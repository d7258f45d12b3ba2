import { SafetyOutlined, StarOutlined, TagsOutlined } from '@ant-design/icons';
import { roleList, roleUpdateInput } from '@seller/contracts/identity';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Access,
  CrudField,
  DeleteAction,
  EditAction,
  FormOverlay,
  RowAction,
  TextField,
} from '../../../../components/crud/index.ts';
import { IconButton } from '../../../../components/IconButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { L, ROLES_URL, type RoleDto, type RoleUpdateInput, rolesApi } from '../../api.ts';
import { GrantEditors, type GrantTarget } from '../../components/GrantEditors.tsx';

const P = 'AbpIdentity.Roles';

/** The server's own rules (`@seller/contracts/identity`); the stamp is sent back on edit. */
const roleSchema = roleUpdateInput;

/**
 * /admin/roles: list, create/edit (default and public flags; static roles keep their name),
 * set/unset default (`PUT /api/identity/roles/{id}/set-default`), claims, permissions.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ role?: RoleDto; values: Record<string, unknown> } | null>(null);
  const [grantsOf, setGrantsOf] = useState<GrantTarget | null>(null);
  // a role's permissions are keyed by its name
  const openGrants = (editor: GrantTarget['editor'], r: RoleDto) =>
    setGrantsOf({ editor, id: r.id, permissionKey: r.name, displayName: r.name });
  const refresh = () => client.invalidateQueries({ queryKey: [ROLES_URL] });

  const save = async (values: RoleUpdateInput) => {
    if (editing?.role) await rolesApi.update(editing.role.id, values);
    else await rolesApi.create(values);
    await refresh();
    await client.invalidateQueries({ queryKey: ['identity', 'assignable-roles'] });
  };

  return (
    <>
      <ListPage<RoleDto>
        list={roleList}
        url={ROLES_URL}
        testid="roles"
        render={{
          name: (r) => (
            <Space size={4} data-testid={`role-row-${r.name}`}>
              {r.name}
              {r.isStatic && <Tag color="purple">{L('Static')}</Tag>}
              {r.isDefault && <Tag color="blue">{L('Default')}</Tag>}
              {r.isPublic && <Tag color="green">{L('Public')}</Tag>}
            </Space>
          ),
          isDefault: (r) => (r.isDefault ? '✓' : ''),
          isPublic: (r) => (r.isPublic ? '✓' : ''),
          isStatic: (r) => (r.isStatic ? '✓' : ''),
        }}
        onCreate={() => setEditing({ values: { isDefault: false, isPublic: true } })}
        createPermission={`${P}.Create`}
        actionsWidth={300}
        rowActions={(r) => (
          <Space size={0} wrap={false}>
            <EditAction
              permission={`${P}.Update`}
              onClick={() => setEditing({ role: r, values: { ...r } })}
              testid={`role-edit-${r.name}`}
            >
              {L('Edit')}
            </EditAction>
            <Access permission={`${P}.Update`}>
              <IconButton
                title={r.isDefault ? L('UnsetDefault') : L('SetAsDefault')}
                type="link"
                size="small"
                icon={<StarOutlined />}
                data-testid={`role-default-${r.name}`}
                onClick={async () => {
                  await rolesApi.setDefault(r.id, !r.isDefault);
                  message.success(t('crud.saved'));
                  await refresh();
                }}
              />
            </Access>
            <RowAction
              permission={`${P}.ManagePermissions`}
              icon={<SafetyOutlined />}
              onClick={() => openGrants('permissions', r)}
              testid={`role-permissions-${r.name}`}
            >
              {L('Permissions')}
            </RowAction>
            <Access permission={`${P}.ManageClaims`}>
              <IconButton
                title={L('Claims')}
                type="link"
                size="small"
                icon={<TagsOutlined />}
                onClick={() => openGrants('claims', r)}
              />
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
        <TextField
          name="name"
          label={L('DisplayName:RoleName')}
          disabled={editing?.role?.isStatic}
          data-testid="role-name"
        />
        <Space size="large">
          <CrudField name="isDefault" label={L('DisplayName:IsDefault')} valuePropName="checked">
            <Switch data-testid="role-isDefault" />
          </CrudField>
          <CrudField name="isPublic" label={L('DisplayName:IsPublic')} valuePropName="checked">
            <Switch data-testid="role-isPublic" />
          </CrudField>
        </Space>
      </FormOverlay>

      <GrantEditors kind="roles" target={grantsOf} onClose={() => setGrantsOf(null)} />
    </>
  );
}
