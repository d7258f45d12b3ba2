import { DownOutlined, LockOutlined, SafetyOutlined, TagsOutlined, UnlockOutlined } from '@ant-design/icons';
import { userCreateInput, userList, userUpdateInput } from '@seller/contracts/identity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dropdown, Input, type MenuProps, Modal, Select, Space, Switch, Tag, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudField, DeleteAction, EditAction, FormOverlay, TextField } from '../../../../components/crud/index.ts';
import { ImpersonateButton } from '../../../../components/impersonation/ImpersonateButton.tsx';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { treeOptions } from '../../../../lib/tree.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { L, toUnitTree, USERS_URL, type UserDto, unitsApi, usersApi } from '../../api.ts';
import { GrantEditors, type GrantTarget } from '../../components/GrantEditors.tsx';

const P = 'AbpIdentity.Users';

/** The server's own rules (`@seller/contracts/identity`); the password policy is checked server-side. */
const schema = { create: userCreateInput, update: userUpdateInput };

type Editing = { user?: UserDto; values: Record<string, unknown> };

const LOCK_CHOICES = [
  { seconds: 300, label: () => L('LockDuration:Minutes', 5) },
  { seconds: 3600, label: () => L('LockDuration:Hours', 1) },
  { seconds: 86400, label: () => L('LockDuration:Days', 1) },
  { seconds: 7 * 86400, label: () => L('LockDuration:Days', 7) },
  { seconds: 30 * 86400, label: () => L('LockDuration:Days', 30) },
];

const isLocked = (u: UserDto) => u.lockoutEnabled && !!u.lockoutEnd && dayjs(u.lockoutEnd).isAfter(dayjs());

/** /admin/users: list, create/edit, lock/unlock, roles, claims, organization units, permissions. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [locking, setLocking] = useState<UserDto | null>(null);
  const [lockSeconds, setLockSeconds] = useState(3600);
  const [grantsOf, setGrantsOf] = useState<GrantTarget | null>(null);
  const canUnits = access.can('AbpIdentity.OrganizationUnits') && access.can(`${P}.ManageOrganizationUnits`);

  const roles = useQuery({ queryKey: ['identity', 'assignable-roles'], queryFn: usersApi.assignableRoles });
  const units = useQuery({ queryKey: ['identity', 'units'], queryFn: unitsApi.all, enabled: canUnits });
  const unitTree = useMemo(() => treeOptions(toUnitTree(units.data?.items ?? []), (n) => n.displayName), [units.data]);
  const refresh = () => client.invalidateQueries({ queryKey: [USERS_URL] });

  const openEdit = async (user: UserDto) => {
    const [held, heldUnits] = await Promise.all([
      usersApi.roles(user.id),
      canUnits ? usersApi.units(user.id) : Promise.resolve(undefined),
    ]);
    setEditing({
      user,
      values: {
        ...user,
        password: '',
        roleNames: held.items.map((r) => r.name),
        organizationUnitIds: heldUnits?.items.map((u) => u.id),
      },
    });
  };

  const openCreate = () =>
    setEditing({
      values: {
        isActive: true,
        lockoutEnabled: true,
        roleNames: (roles.data?.items ?? []).filter((r) => r.isDefault).map((r) => r.name),
        organizationUnitIds: canUnits ? [] : undefined,
      },
    });

  const save = async (values: Record<string, unknown>) => {
    const body = {
      ...values,
      phoneNumber: values.phoneNumber || null,
      password: values.password || undefined,
      organizationUnitIds: canUnits ? values.organizationUnitIds : undefined,
    } as never;
    if (editing?.user) await usersApi.update(editing.user.id, body);
    else await usersApi.create(body);
    await refresh();
  };

  const moreItems = (u: UserDto): MenuProps['items'] => {
    const items: NonNullable<MenuProps['items']> = [];
    if (access.can(`${P}.ManagePermissions`))
      items.push({ key: 'permissions', icon: <SafetyOutlined />, label: L('Permissions') });
    if (access.can(`${P}.ManageClaims`)) items.push({ key: 'claims', icon: <TagsOutlined />, label: L('Claims') });
    if (access.can(`${P}.Update`))
      items.push(
        isLocked(u)
          ? { key: 'unlock', icon: <UnlockOutlined />, label: L('Unlock') }
          : { key: 'lock', icon: <LockOutlined />, label: L('Lock'), disabled: !u.lockoutEnabled },
      );
    return items;
  };

  const onMore = async (u: UserDto, key: string) => {
    // a user's permissions are keyed by its id
    if (key === 'permissions' || key === 'claims')
      setGrantsOf({ editor: key, id: u.id, permissionKey: u.id, displayName: u.userName });
    else if (key === 'lock') setLocking(u);
    else if (key === 'unlock') {
      await usersApi.unlock(u.id);
      message.success(L('Unlocked'));
      await refresh();
    }
  };

  return (
    <>
      <ListPage<UserDto>
        list={userList}
        url={USERS_URL}
        testid="users"
        render={{
          userName: (u) => (
            <span data-testid={`user-row-${u.userName}`} title={u.userName}>
              {u.userName}
            </span>
          ),
          name: (u) => [u.surname, u.name].filter(Boolean).join(' '),
          isActive: (u) => (
            <Space size={4} wrap>
              {u.isActive ? <Tag color="success">{L('Active')}</Tag> : <Tag>{L('Inactive')}</Tag>}
              {isLocked(u) && (
                <Tag color="error" icon={<LockOutlined />} title={dayjs(u.lockoutEnd).format('YYYY-MM-DD HH:mm')}>
                  {L('Locked')}
                </Tag>
              )}
            </Space>
          ),
        }}
        onCreate={openCreate}
        createPermission={`${P}.Create`}
        rowActions={(u) => {
          const more = moreItems(u) ?? [];
          return (
            <Space size={0} wrap={false}>
              <EditAction
                permission={`${P}.Update`}
                onClick={() => void openEdit(u)}
                testid={`user-edit-${u.userName}`}
              >
                {L('Edit')}
              </EditAction>
              {more.length > 0 && (
                <Dropdown menu={{ items: more, onClick: ({ key }) => void onMore(u, key) }} trigger={['click']}>
                  <LinkButton data-testid={`user-more-${u.userName}`}>
                    {L('More')} <DownOutlined />
                  </LinkButton>
                </Dropdown>
              )}
              <ImpersonateButton userId={u.id} userName={u.userName} testid={`user-impersonate-${u.userName}`} />
              <DeleteAction
                permission={`${P}.Delete`}
                testid={`user-delete-${u.userName}`}
                onConfirm={async () => {
                  await usersApi.remove(u.id);
                  await refresh();
                }}
              />
            </Space>
          );
        }}
      />

      <FormOverlay
        open={!!editing}
        title={editing?.user ? L('EditUser') : L('NewUser')}
        schema={editing?.user ? schema.update : schema.create}
        initialValues={editing?.values as never}
        onSubmit={save}
        onClose={() => setEditing(null)}
        width={560}
        testid="user-form"
      >
        <TextField name="userName" label={L('DisplayName:UserName')} autoComplete="off" data-testid="user-userName" />
        <Space.Compact block style={{ gap: 12 }}>
          <div style={{ flex: 1 }}>
            <TextField name="surname" label={L('DisplayName:Surname')} data-testid="user-surname" />
          </div>
          <div style={{ flex: 1 }}>
            <TextField name="name" label={L('DisplayName:Name')} data-testid="user-name" />
          </div>
        </Space.Compact>
        <TextField name="email" label={L('DisplayName:Email')} type="email" data-testid="user-email" />
        <TextField name="phoneNumber" label={L('DisplayName:PhoneNumber')} data-testid="user-phoneNumber" />
        <CrudField
          name="password"
          label={L('DisplayName:Password')}
          extra={editing?.user ? L('DisplayName:PasswordHint') : undefined}
        >
          <Input.Password autoComplete="new-password" data-testid="user-password" />
        </CrudField>
        <CrudField name="roleNames" label={L('DisplayName:RoleNames')}>
          <Select
            mode="multiple"
            allowClear
            loading={roles.isLoading}
            options={(roles.data?.items ?? []).map((r) => ({ value: r.name, label: r.name }))}
            data-testid="user-roles"
          />
        </CrudField>
        {canUnits && (
          <CrudField name="organizationUnitIds" label={L('UserOrganizationUnits')}>
            <TreeSelect
              multiple
              allowClear
              treeDefaultExpandAll
              treeData={unitTree}
              loading={units.isLoading}
              data-testid="user-units"
            />
          </CrudField>
        )}
        <Space size="large">
          <CrudField name="isActive" label={L('DisplayName:IsActive')} valuePropName="checked">
            <Switch data-testid="user-isActive" />
          </CrudField>
          <CrudField name="lockoutEnabled" label={L('DisplayName:LockoutEnabled')} valuePropName="checked">
            <Switch data-testid="user-lockoutEnabled" />
          </CrudField>
        </Space>
      </FormOverlay>

      <Modal
        open={!!locking}
        title={`${L('LockUser')} - ${locking?.userName ?? ''}`}
        onCancel={() => setLocking(null)}
        okText={L('Lock')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'user-lock-confirm' } }}
        onOk={async () => {
          if (!locking) return;
          await usersApi.lock(locking.id, lockSeconds);
          message.success(L('LockedMessage'));
          setLocking(null);
          await refresh();
        }}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>{L('LockDuration')}</span>
          <Select
            style={{ width: '100%' }}
            value={lockSeconds}
            onChange={setLockSeconds}
            options={LOCK_CHOICES.map((c) => ({ value: c.seconds, label: c.label() }))}
            data-testid="user-lock-duration"
          />
        </Space>
      </Modal>

      <GrantEditors kind="users" target={grantsOf} onClose={() => setGrantsOf(null)} />
    </>
  );
}
