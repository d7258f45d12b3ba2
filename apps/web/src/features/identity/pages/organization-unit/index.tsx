import { DeleteOutlined, DragOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { organizationUnitUpdateInput } from '@seller/contracts/identity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Dropdown,
  Empty,
  Input,
  type MenuProps,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import type { DataNode, TreeProps } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormOverlay, TextField } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { usePagedQuery } from '../../../../components/list/index.ts';
import { QueryTable } from '../../../../components/SmallTable.tsx';
import { dropRows, useTreeExpansion } from '../../../../components/useTreeExpansion.ts';
import { useAccess } from '../../../../lib/access.tsx';
import type { TreeOption } from '../../../../lib/tree.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  L,
  type OrganizationUnitDto,
  type RoleDto,
  toUnitTree,
  type UnitNode,
  type UserDto,
  unitsApi,
} from '../../api.ts';

const P = 'AbpIdentity.OrganizationUnits';
const PAGE = 10;
/** The server's own rule for a unit's name (`@seller/contracts/identity`). */
const nameSchema = organizationUnitUpdateInput.pick({ displayName: true });

type NameDialog =
  | { mode: 'create'; parent: OrganizationUnitDto | null }
  | { mode: 'rename'; unit: OrganizationUnitDto };

/** /admin/organization-unit: the unit tree (create child, rename, move by drag or dialog, delete) and members. */
export default function OrganizationUnitPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const access = useAccess();
  const client = useQueryClient();
  const canManage = access.can(`${P}.ManageOrganizationUnits`);
  const units = useQuery({ queryKey: ['identity', 'units'], queryFn: unitsApi.all });
  const list = units.data?.items ?? [];
  const tree = useMemo(() => toUnitTree(list), [list]);
  const [selected, setSelected] = useState<OrganizationUnitDto | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [moving, setMoving] = useState<OrganizationUnitDto | null>(null);
  const [moveTarget, setMoveTarget] = useState<string>('__root');
  const [deleting, setDeleting] = useState<OrganizationUnitDto | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['identity', 'units'] });
  const expansion = useTreeExpansion(list);
  const current = selected ? (list.find((u) => u.id === selected.id) ?? null) : null;

  const move = async (unit: OrganizationUnitDto, parentId: string | null) => {
    await unitsApi.move(unit.id, parentId);
    message.success(t('crud.saved'));
    await refresh();
  };

  const actions: MenuProps['items'] = [
    { key: 'add', icon: <PlusOutlined />, label: L('AddSubUnit') },
    { key: 'rename', icon: <EditOutlined />, label: L('Rename') },
    { key: 'move', icon: <DragOutlined />, label: L('Move') },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined />, label: t('crud.delete'), danger: true },
  ];
  const onAction = (u: OrganizationUnitDto, key: string) => {
    if (key === 'add') setNameDialog({ mode: 'create', parent: u });
    else if (key === 'rename') setNameDialog({ mode: 'rename', unit: u });
    else if (key === 'move') {
      setMoveTarget(u.parentId ?? '__root');
      setMoving(u);
    } else if (key === 'delete') setDeleting(u);
  };

  const toData = (nodes: UnitNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <Space size={4} data-testid={`unit-${n.displayName}`}>
          <span>{n.displayName}</span>
          {canManage && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: actions,
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  onAction(n, key);
                },
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={L('More')}
                onClick={(e) => e.stopPropagation()}
                data-testid={`unit-actions-${n.displayName}`}
              />
            </Dropdown>
          )}
        </Space>
      ),
      children: toData(n.children),
    }));

  const onDrop: TreeProps['onDrop'] = (info) => {
    const drop = dropRows(list, info);
    if (!drop) return;
    const { dragged, target } = drop;
    const parentId = info.dropToGap ? target.parentId : target.id;
    if ((dragged.parentId ?? null) === (parentId ?? null)) return;
    void move(dragged, parentId ?? null).catch(() => {});
  };

  /** Units a unit may move under: not itself nor its descendants. */
  const moveOptions = useMemo(() => {
    if (!moving) return [];
    const build = (nodes: UnitNode[]): TreeOption[] =>
      nodes
        .filter((n) => n.id !== moving.id && !n.code.startsWith(`${moving.code}.`))
        .map((n) => ({ value: n.id, title: n.displayName, children: build(n.children) }));
    return [{ value: '__root', title: L('MoveToRoot'), children: [] }, ...build(tree)];
  }, [moving, tree]);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card
          title={L('OrganizationUnits')}
          extra={
            canManage && (
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setNameDialog({ mode: 'create', parent: null })}
                data-testid="unit-add-root"
              >
                {L('AddRootUnit')}
              </Button>
            )
          }
          data-testid="units-tree"
        >
          {units.isLoading ? (
            <Spin />
          ) : tree.length === 0 ? (
            <Empty description={L('NoUnits')} />
          ) : (
            <>
              {canManage && (
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {L('DragToMoveHint')}
                </Typography.Paragraph>
              )}
              <Tree
                blockNode
                {...expansion}
                draggable={canManage ? { icon: false } : false}
                onDrop={onDrop}
                treeData={toData(tree)}
                selectedKeys={current ? [current.id] : []}
                onSelect={(keys) => setSelected(list.find((u) => u.id === keys[0]) ?? null)}
              />
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card title={current ? `${L('Members')} - ${current.displayName}` : L('Members')} data-testid="unit-members">
          {current ? <Members unit={current} /> : <Empty description={L('SelectUnitHint')} />}
        </Card>
      </Col>

      <FormOverlay
        mode="modal"
        open={!!nameDialog}
        title={nameDialog?.mode === 'rename' ? L('Rename') : L('NewUnit')}
        schema={nameSchema}
        initialValues={nameDialog?.mode === 'rename' ? { displayName: nameDialog.unit.displayName } : undefined}
        onSubmit={async ({ displayName }) => {
          if (!nameDialog) return;
          if (nameDialog.mode === 'rename')
            await unitsApi.rename(nameDialog.unit.id, displayName, nameDialog.unit.concurrencyStamp);
          else await unitsApi.create(displayName, nameDialog.parent?.id);
          await refresh();
        }}
        onClose={() => setNameDialog(null)}
        testid="unit-form"
      >
        {nameDialog?.mode === 'create' && nameDialog.parent && (
          <Typography.Paragraph type="secondary">
            {L('DisplayName:ParentUnit')}: {nameDialog.parent.displayName}
          </Typography.Paragraph>
        )}
        <TextField name="displayName" label={L('DisplayName:DisplayName')} autoFocus data-testid="unit-displayName" />
      </FormOverlay>

      <Modal
        open={!!moving}
        title={`${L('Move')} - ${moving?.displayName ?? ''}`}
        onCancel={() => setMoving(null)}
        okText={L('Move')}
        cancelText={t('common.cancel')}
        onOk={async () => {
          if (!moving) return;
          await move(moving, moveTarget === '__root' ? null : moveTarget);
          setMoving(null);
        }}
        destroyOnHidden
      >
        <span>{L('MoveTo')}</span>
        <TreeSelect
          style={{ width: '100%', marginTop: 8 }}
          treeDefaultExpandAll
          value={moveTarget}
          onChange={setMoveTarget}
          treeData={moveOptions}
          data-testid="unit-move-target"
        />
      </Modal>

      <Modal
        open={!!deleting}
        title={t('crud.deleteTitle')}
        okText={t('crud.delete')}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'unit-delete-confirm' } }}
        cancelText={t('common.cancel')}
        onCancel={() => setDeleting(null)}
        onOk={async () => {
          if (!deleting) return;
          await unitsApi.remove(deleting.id);
          message.success(t('crud.deleted'));
          if (selected?.id === deleting.id) setSelected(null);
          setDeleting(null);
          await refresh();
        }}
      >
        <p>{L('DeleteUnitConfirm', deleting?.displayName ?? '')}</p>
        <Typography.Text type="danger">{t('crud.deleteWarning')}</Typography.Text>
      </Modal>
    </Row>
  );
}

/** Members of one unit: users and roles tabs, each paged with add/remove. */
function Members({ unit }: { unit: OrganizationUnitDto }) {
  const access = useAccess();
  return (
    <Tabs
      items={[
        {
          key: 'users',
          label: L('Users'),
          children: <MemberList kind="users" unit={unit} canEdit={access.can(`${P}.ManageMembers`)} />,
        },
        {
          key: 'roles',
          label: L('Roles'),
          children: <MemberList kind="roles" unit={unit} canEdit={access.can(`${P}.ManageRoles`)} />,
        },
      ]}
    />
  );
}

type Member = UserDto | RoleDto;
const memberName = (m: Member) => ('userName' in m ? m.userName : m.name);

function MemberList({ kind, unit, canEdit }: { kind: 'users' | 'roles'; unit: OrganizationUnitDto; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const key = ['identity', 'unit-members', kind, unit.id];
  const {
    query: members,
    setPage,
    pagination,
  } = usePagedQuery<Member>([...key, filter], PAGE, (page, signal) => {
    const q = { ...page, filter: filter || undefined };
    return kind === 'users' ? unitsApi.users(unit.id, q, signal) : unitsApi.roles(unit.id, q, signal);
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });

  return (
    <>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Input.Search
          allowClear
          placeholder={kind === 'users' ? L('SearchUsers') : L('DisplayName:RoleName')}
          onSearch={(v) => {
            setFilter(v.trim());
            setPage(1);
          }}
          style={{ width: 260 }}
        />
        {canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid={`unit-add-${kind}`}>
            {kind === 'users' ? L('AddMember') : L('AddRoleToUnit')}
          </Button>
        )}
      </Space>
      <QueryTable<Member>
        query={members}
        rowKey="id"
        locale={{ emptyText: t('crud.empty') }}
        pagination={pagination}
        columns={[
          {
            key: 'name',
            title: kind === 'users' ? L('DisplayName:UserName') : L('DisplayName:RoleName'),
            render: (_v, m) => <span data-testid={`unit-member-${memberName(m)}`}>{memberName(m)}</span>,
          },
          ...(kind === 'users'
            ? [
                {
                  key: 'email',
                  title: L('DisplayName:Email'),
                  render: (_v: unknown, m: Member) => (m as UserDto).email,
                },
              ]
            : []),
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('crud.actions'),
                  width: 100,
                  render: (_v: unknown, m: Member) => (
                    <Popconfirm
                      title={L('RemoveMemberConfirm', memberName(m))}
                      okText={L('RemoveMember')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={async () => {
                        if (kind === 'users') await unitsApi.removeUser(unit.id, m.id);
                        else await unitsApi.removeRole(unit.id, m.id);
                        message.success(t('crud.deleted'));
                        await refresh();
                      }}
                    >
                      <LinkButton danger data-testid={`unit-remove-${memberName(m)}`}>
                        {L('RemoveMember')}
                      </LinkButton>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && (
        <AddMembers
          kind={kind}
          unit={unit}
          onClose={() => setAdding(false)}
          onAdded={async () => {
            setAdding(false);
            message.success(t('crud.saved'));
            await refresh();
          }}
        />
      )}
    </>
  );
}

function AddMembers({
  kind,
  unit,
  onClose,
  onAdded,
}: {
  kind: 'users' | 'roles';
  unit: OrganizationUnitDto;
  onClose(): void;
  onAdded(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const q = { skipCount: 0, maxResultCount: 50, filter: search || undefined };
  const candidates = useQuery({
    queryKey: ['identity', 'unit-candidates', kind, unit.id, search],
    queryFn: () =>
      (kind === 'users' ? unitsApi.unaddedUsers(unit.id, q) : unitsApi.unaddedRoles(unit.id, q)) as Promise<{
        items: Member[];
      }>,
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      open
      title={kind === 'users' ? L('AddMember') : L('AddRoleToUnit')}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: picked.length === 0, loading: busy, ...{ 'data-testid': 'unit-add-confirm' } }}
      onOk={async () => {
        setBusy(true);
        try {
          if (kind === 'users') await unitsApi.addUsers(unit.id, picked);
          else await unitsApi.addRoles(unit.id, picked);
          await onAdded();
        } catch {
          // notified by the HTTP client
        } finally {
          setBusy(false);
        }
      }}
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        value={picked}
        onChange={setPicked}
        loading={candidates.isFetching}
        placeholder={kind === 'users' ? L('SearchUsers') : L('DisplayName:RoleName')}
        options={(candidates.data?.items ?? []).map((m) => ({ value: m.id, label: memberName(m) }))}
        data-testid={`unit-candidates-${kind}`}
      />
    </Modal>
  );
}
