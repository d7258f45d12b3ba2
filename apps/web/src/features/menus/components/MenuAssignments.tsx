import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Col, Empty, Form, Row, Segmented, Select, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../lib/access.tsx';
import { localize } from '../../../lib/i18n/index.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import {
  identityLookups,
  LP,
  type MenuItemDto,
  type MenuTreeNode,
  menusApi,
  nodesById,
  platformFlags,
  platformShortcuts,
  toTree,
} from '../api.ts';

type Target = 'role' | 'user';

const descendants = (node: MenuTreeNode): string[] => (node.children ?? []).flatMap((c) => [c.id, ...descendants(c)]);

/**
 * Assigns menus to a role or a user (PUT /by-role, /by-user with menuIds) and picks the
 * startup menu. Checking a menu checks its children; parents of checked menus are shown
 * anyway (the server adds them).
 */
export function MenuAssignments({ menus }: { menus: MenuItemDto[] }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const { can, canAny } = useAccess();
  const canRoles = canAny(['Platform.Menus.ManageRoles', 'AbpIdentity.Roles.ManageMenus']);
  const canUsers = can('Platform.Menus.ManageUsers');
  const [target, setTarget] = useState<Target>(canRoles ? 'role' : 'user');
  const [role, setRole] = useState<string>('');
  /** What is typed in the role box; looked up when chosen, on Enter or on leaving the box. */
  const [roleDraft, setRoleDraft] = useState<string>('');
  const [user, setUser] = useState<{ id: string; label: string } | null>(null);
  const [userSearch, setUserSearch] = useState('');
  const [platformType, setPlatformType] = useState(56);
  const [checked, setChecked] = useState<string[]>([]);
  const [startup, setStartup] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const roles = useQuery({
    queryKey: ['identity', 'roles', 'all'],
    queryFn: () => identityLookups.roles(),
    retry: false,
  });
  const users = useQuery({
    queryKey: ['identity', 'users', 'lookup', userSearch],
    queryFn: () => identityLookups.users(userSearch),
    enabled: target === 'user',
    retry: false,
  });
  const key = target === 'role' ? role.trim() : (user?.id ?? '');
  const assigned = useQuery({
    queryKey: ['menus', 'assigned', target, key, platformType],
    queryFn: () => (target === 'role' ? menusApi.byRole(key, platformType) : menusApi.byUser(key, platformType)),
    enabled: !!key,
    retry: false,
  });

  useEffect(() => {
    const items = assigned.data?.items ?? [];
    setChecked(items.map((m) => m.id));
    setStartup(items.find((m) => m.startup)?.id ?? null);
  }, [assigned.data]);

  const visible = useMemo(
    () => menus.filter((m) => platformType === 0 || (m.platformType & platformType) !== 0),
    [menus, platformType],
  );
  const tree = useMemo(() => toTree(visible), [visible]);
  const byId = useMemo(() => new Map(visible.map((m) => [m.id, m])), [visible]);
  const nodeById = useMemo(() => nodesById(tree), [tree]);

  const treeData = useMemo(() => {
    const map = (nodes: MenuTreeNode[]): DataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <span data-testid={`assign-node-${n.name}`}>
            {localize(n.meta?.title) || n.displayName}{' '}
            {n.isPublic && (
              <Tag color="green" style={{ marginInlineStart: 4 }}>
                {LP('Public')}
              </Tag>
            )}
            {startup === n.id && <Tag color="gold">{LP('Startup')}</Tag>}
          </span>
        ),
        children: n.children ? map(n.children) : undefined,
      }));
    return map(tree);
  }, [tree, startup]);

  const onCheck = (
    keys: { checked: React.Key[] } | React.Key[],
    info: { node: { key: React.Key }; checked: boolean },
  ) => {
    const next = new Set((Array.isArray(keys) ? keys : keys.checked).map(String));
    const node = nodeById.get(String(info.node.key));
    for (const id of node ? descendants(node) : []) {
      if (info.checked) next.add(id);
      else next.delete(id);
    }
    setChecked([...next]);
    if (startup && !next.has(startup)) setStartup(null);
  };

  const save = async () => {
    setSaving(true);
    try {
      if (target === 'role') await menusApi.setRoleMenus(key, checked, startup);
      else await menusApi.setUserMenus(key, checked, startup);
      message.success(LP('AssignmentsSaved'));
      await assigned.refetch();
    } catch {
      // notified by the HTTP client
    } finally {
      setSaving(false);
    }
  };

  const startupOptions = checked
    .map((id) => byId.get(id))
    .filter((m): m is MenuItemDto => !!m && !!m.component && !/^layout$/i.test(m.component))
    .map((m) => ({ value: m.id, label: `${localize(m.meta?.title) || m.displayName} (${m.path})` }));

  return (
    <div data-testid="menu-assignments">
      <Alert type="info" showIcon title={LP('AssignmentsHint')} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item label={LP('AssignTo')}>
              <Segmented<Target>
                value={target}
                onChange={(v) => setTarget(v)}
                options={[
                  { value: 'role', label: LP('Role'), disabled: !canRoles },
                  { value: 'user', label: LP('User'), disabled: !canUsers },
                ]}
                data-testid="assign-target"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            {target === 'role' ? (
              <Form.Item label={LP('Role')}>
                <AutoComplete
                  value={roleDraft}
                  onChange={(v) => setRoleDraft(v)}
                  onSelect={(v: string) => {
                    setRoleDraft(v);
                    setRole(v);
                  }}
                  onBlur={() => setRole(roleDraft)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') setRole(roleDraft);
                  }}
                  placeholder={LP('SelectRole')}
                  options={(roles.data?.items ?? []).map((r) => ({ value: r.name }))}
                  filterOption={(input, option) =>
                    String(option?.value ?? '')
                      .toLowerCase()
                      .includes(input.toLowerCase())
                  }
                  data-testid="assign-role"
                />
              </Form.Item>
            ) : (
              <Form.Item label={LP('User')}>
                <Select
                  showSearch={{ filterOption: false, onSearch: setUserSearch }}
                  value={user?.id}
                  placeholder={LP('SelectUser')}
                  loading={users.isFetching}
                  onChange={(id, option) =>
                    setUser({ id, label: String((option as { label?: string } | undefined)?.label ?? id) })
                  }
                  options={(users.data?.items ?? []).map((u) => ({
                    value: u.id,
                    label: u.name ? `${u.userName} (${u.name})` : u.userName,
                  }))}
                  notFoundContent={users.isError ? t('crud.empty') : undefined}
                  data-testid="assign-user"
                />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={LP('DisplayName:PlatformType')}>
              <Select
                value={platformType}
                onChange={setPlatformType}
                options={[...platformShortcuts, ...platformFlags].map((f) => ({
                  value: f.value,
                  label: LP(`Platform:${f.key}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {!key ? (
        <Empty description={target === 'role' ? LP('SelectRole') : LP('SelectUser')} />
      ) : assigned.isError ? (
        <Alert type="warning" showIcon title={assigned.error.message} data-testid="assign-error" />
      ) : (
        <Spin spinning={assigned.isFetching}>
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            key={`${target}:${key}:${platformType}:${visible.length}`}
            treeData={treeData}
            checkedKeys={checked}
            onCheck={onCheck as never}
            selectable={false}
            style={{ maxHeight: 480, overflow: 'auto', marginBottom: 16 }}
          />
          <Form layout="vertical">
            <Form.Item label={LP('StartupMenu')} extra={LP('StartupMenuHint')}>
              <Select
                allowClear
                value={startup ?? undefined}
                onChange={(v) => setStartup(v ?? null)}
                options={startupOptions}
                style={{ maxWidth: 420 }}
                data-testid="assign-startup"
              />
            </Form.Item>
          </Form>
          <Space>
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="assign-save">
              {LP('SaveAssignments')}
            </Button>
          </Space>
        </Spin>
      )}
    </div>
  );
}
