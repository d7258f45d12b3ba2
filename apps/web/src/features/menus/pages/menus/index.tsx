import { DeleteOutlined, EyeInvisibleOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Tooltip,
  Tree,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, EditAction, PrimaryAction, RowAction } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { MenuIcon } from '../../../../components/MenuIcon.tsx';
import { useAccess } from '../../../../lib/access.tsx';
import { localize } from '../../../../lib/i18n/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  LP,
  type MenuItemDto,
  type MenuTreeNode,
  menusApi,
  nodesById,
  platformFlags,
  platformLabel,
  platformShortcuts,
  toTree,
} from '../../api.ts';
import { MenuAssignments } from '../../components/MenuAssignments.tsx';
import { type MenuEditing, MenuForm } from '../../components/MenuForm.tsx';

const P = 'Platform.Menus';

const countDescendants = (n: MenuTreeNode): number =>
  (n.children ?? []).reduce((sum, c) => sum + 1 + countDescendants(c), 0);

/** /container/menus: the menu tree editor and the assignment of menus to roles and users. */
export default function MenusPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const { canAny } = useAccess();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const [platformType, setPlatformType] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);

  const query = useQuery({ queryKey: ['menus', 'all'], queryFn: () => menusApi.all() });
  const all = useMemo(() => query.data?.items ?? [], [query.data]);
  const fullTree = useMemo(() => toTree(all), [all]);

  /** Client-side filter: matching menus plus their ancestors. */
  const visible = useMemo(() => {
    const byId = new Map(all.map((m) => [m.id, m]));
    const f = filter.trim().toLowerCase();
    const matches = all.filter(
      (m) =>
        (platformType === 0 || (m.platformType & platformType) !== 0) &&
        (!f ||
          [m.name, m.displayName, m.path, m.component, localize(m.meta?.title)].some((s) =>
            s?.toLowerCase().includes(f),
          )),
    );
    const keep = new Set<string>();
    for (const m of matches) {
      for (
        let cur: MenuItemDto | undefined = m;
        cur && !keep.has(cur.id);
        cur = cur.parentId ? byId.get(cur.parentId) : undefined
      )
        keep.add(cur.id);
    }
    return all.filter((m) => keep.has(m.id));
  }, [all, filter, platformType]);
  const tree = useMemo(() => toTree(visible), [visible]);

  const nodeById = useMemo(() => nodesById(fullTree), [fullTree]);
  const current = selected ? nodeById.get(selected) : undefined;

  const treeData = useMemo(() => {
    const map = (nodes: MenuTreeNode[]): DataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <span data-testid={`menu-node-${n.name}`}>
            <MenuIcon name={n.meta?.icon} /> {localize(n.meta?.title) || n.displayName}{' '}
            <span style={{ color: 'var(--ant-color-text-tertiary, #999)' }}>{n.name}</span>
            {n.isPublic && (
              <Tag color="green" style={{ marginInlineStart: 6 }}>
                {LP('Public')}
              </Tag>
            )}
            {n.meta?.hidden && <EyeInvisibleOutlined style={{ marginInlineStart: 6 }} />}
          </span>
        ),
        children: n.children ? map(n.children) : undefined,
      }));
    return map(tree);
  }, [tree]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['menus'] });

  const remove = async (m: MenuTreeNode) => {
    await menusApi.remove(m.id);
    message.success(t('crud.deleted'));
    setSelected(null);
    await refresh();
  };

  const details = current && (
    <Card
      size="small"
      title={`${localize(current.meta?.title) || current.displayName} · ${current.name}`}
      data-testid="menu-details"
      extra={
        <Space size={0} wrap>
          <RowAction
            permission={`${P}.Create`}
            icon={<PlusOutlined />}
            onClick={() => setEditing({ parentId: current.id })}
            testid="menu-add-child"
          >
            {LP('NewChildMenu')}
          </RowAction>
          <EditAction permission={`${P}.Update`} onClick={() => setEditing({ menu: current })} testid="menu-edit" />
          <Access permission={`${P}.Delete`}>
            <Popconfirm
              title={LP('DeleteMenu', current.displayName)}
              description={<div style={{ maxWidth: 320 }}>{LP('DeleteMenuDetails', countDescendants(current))}</div>}
              okText={t('crud.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(current)}
            >
              <LinkButton danger icon={<DeleteOutlined />} data-testid="menu-delete">
                {t('crud.delete')}
              </LinkButton>
            </Popconfirm>
          </Access>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'code', label: LP('DisplayName:Code'), children: current.code },
          { key: 'path', label: LP('DisplayName:Path'), children: current.path },
          { key: 'component', label: LP('DisplayName:Component'), children: current.component || '-' },
          { key: 'redirect', label: LP('DisplayName:Redirect'), children: current.redirect || '-' },
          { key: 'platform', label: LP('DisplayName:PlatformType'), children: platformLabel(current.platformType) },
          { key: 'sort', label: LP('DisplayName:Sort'), children: current.sort },
          {
            key: 'public',
            label: LP('Public'),
            children: current.isPublic ? t('common.yes') : t('common.no'),
          },
          { key: 'title', label: LP('Meta:Title'), children: current.meta?.title || '-' },
          { key: 'icon', label: LP('Meta:Icon'), children: current.meta?.icon || '-' },
          {
            key: 'flags',
            label: LP('DisplayName:Meta'),
            span: 2,
            children: (
              <Space size={4} wrap>
                {(['hidden', 'affix', 'noCache', 'alwaysShow'] as const)
                  .filter((k) => current.meta?.[k])
                  .map((k) => (
                    <Tag key={k}>{k}</Tag>
                  ))}
                {current.meta?.breadcrumb === false && <Tag>breadcrumb: false</Tag>}
                {current.meta?.activeMenu && <Tag>activeMenu: {current.meta.activeMenu}</Tag>}
                {(current.meta?.roles ?? []).map((r) => (
                  <Tag key={`r-${r}`} color="blue">
                    {r}
                  </Tag>
                ))}
                {[current.meta?.permission, ...(current.meta?.permissions ?? [])].filter(Boolean).map((p) => (
                  <Tag key={`p-${p}`} color="purple">
                    {p}
                  </Tag>
                ))}
              </Space>
            ),
          },
          ...(current.description
            ? [{ key: 'description', label: LP('DisplayName:Description'), span: 2, children: current.description }]
            : []),
        ]}
      />
    </Card>
  );

  const treeTab = (
    <Row gutter={16}>
      <Col xs={24} lg={11}>
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('crud.searchPlaceholder')}
            onSearch={setFilter}
            onChange={(e) => !e.target.value && setFilter('')}
            style={{ width: 220 }}
            data-testid="menus-search"
          />
          <Select
            value={platformType}
            onChange={setPlatformType}
            style={{ width: 170 }}
            options={[
              { value: 0, label: LP('AllPlatforms') },
              ...[...platformShortcuts.filter((s) => s.value !== 510), ...platformFlags].map((f) => ({
                value: f.value,
                label: LP(`Platform:${f.key}`),
              })),
            ]}
          />
          <PrimaryAction
            permission={`${P}.Create`}
            icon={<PlusOutlined />}
            onClick={() => setEditing({ parentId: null })}
            testid="menu-create"
          >
            {LP('NewMenu')}
          </PrimaryAction>
          <Tooltip title={t('crud.refresh')}>
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label={t('crud.refresh')} />
          </Tooltip>
          <LinkButton onClick={() => setExpanded(null)}>{LP('ExpandAll')}</LinkButton>
          <LinkButton onClick={() => setExpanded([])}>{LP('CollapseAll')}</LinkButton>
        </Space>
        <Spin spinning={query.isLoading}>
          {treeData.length ? (
            <Tree
              showLine
              blockNode
              treeData={treeData}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected(keys[0] ? String(keys[0]) : null)}
              expandedKeys={expanded ?? visible.map((m) => m.id)}
              onExpand={(keys) => setExpanded(keys)}
              style={{ maxHeight: 640, overflow: 'auto' }}
              data-testid="menu-tree"
            />
          ) : (
            <Empty description={t('crud.empty')} />
          )}
        </Spin>
      </Col>
      <Col xs={24} lg={13}>
        {details ?? <Empty description={LP('NoMenuSelected')} />}
      </Col>
    </Row>
  );

  const canAssign = canAny([
    'Platform.Menus.ManageRoles',
    'AbpIdentity.Roles.ManageMenus',
    'Platform.Menus.ManageUsers',
  ]);

  return (
    <Card data-testid="menus-page">
      <Tabs
        items={[
          { key: 'tree', label: <span data-testid="menus-tab-tree">{LP('MenuTree')}</span>, children: treeTab },
          ...(canAssign
            ? [
                {
                  key: 'assign',
                  label: <span data-testid="menus-tab-assign">{LP('Assignments')}</span>,
                  children: <MenuAssignments menus={all} />,
                },
              ]
            : []),
        ]}
      />
      <MenuForm
        editing={editing}
        tree={fullTree}
        onClose={() => setEditing(null)}
        onSaved={async (m) => {
          setSelected(m.id);
          await refresh();
        }}
      />
    </Card>
  );
}
