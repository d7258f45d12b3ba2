import { PlatformType } from '@seller/contracts/constants';
import { trimmedOrUndefined } from '@seller/contracts/fields';
import { menuMetaFields, menuUpdateInput } from '@seller/contracts/menus';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Divider, Input, InputNumber, Row, Select, Switch, TreeSelect } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CrudField, FormOverlay } from '../../../components/crud/index.ts';
import {
  flagsOf,
  identityLookups,
  LP,
  layoutsApi,
  type MenuInput,
  type MenuItemDto,
  type MenuTreeNode,
  menusApi,
  platformFlags,
  typeOf,
} from '../api.ts';

/** What the drawer edits: a menu, or a new one under `parentId`. */
export type MenuEditing = { menu: MenuItemDto } | { parentId: string | null };

/**
 * The server's menu input, with the platform type as flags and the known meta members as fields
 * of their own (an empty text is no member).
 */
function menuSchema() {
  const metaText = (field: z.ZodType<string | undefined>) => z.preprocess(trimmedOrUndefined, field);
  return menuUpdateInput.omit({ platformType: true, meta: true }).extend({
    platformFlags: z.array(z.number()).min(1, LP('DisplayName:PlatformType')),
    metaTitle: metaText(menuMetaFields.title),
    metaIcon: metaText(menuMetaFields.icon),
    metaActiveMenu: metaText(menuMetaFields.activeMenu),
    metaHidden: z.boolean().default(false),
    metaAffix: z.boolean().default(false),
    metaNoCache: z.boolean().default(false),
    metaHideBreadcrumb: z.boolean().default(false),
    metaAlwaysShow: z.boolean().default(false),
    metaRoles: menuMetaFields.roles.default([]),
    // one permission is sent as `permission`, several as `permissions`
    metaPermissions: menuMetaFields.permissions.default([]),
  });
}

type Values = z.output<ReturnType<typeof menuSchema>>;

function toValues(e: MenuEditing): Partial<z.input<ReturnType<typeof menuSchema>>> {
  if (!('menu' in e)) {
    return { parentId: e.parentId, platformFlags: flagsOf(PlatformType.Web), sort: 0, component: '' };
  }
  const m = e.menu;
  const meta = m.meta ?? {};
  return {
    parentId: m.parentId,
    layoutId: m.layoutId,
    name: m.name,
    displayName: m.displayName,
    path: m.path,
    component: m.component,
    redirect: m.redirect,
    description: m.description,
    sort: m.sort,
    platformFlags: flagsOf(m.platformType),
    isPublic: m.isPublic,
    metaTitle: meta.title ?? null,
    metaIcon: meta.icon ?? null,
    metaActiveMenu: meta.activeMenu ?? null,
    metaHidden: !!meta.hidden,
    metaAffix: !!meta.affix,
    metaNoCache: !!meta.noCache,
    metaHideBreadcrumb: meta.breadcrumb === false,
    metaAlwaysShow: !!meta.alwaysShow,
    metaRoles: meta.roles ?? [],
    metaPermissions: [...(meta.permission ? [meta.permission] : []), ...(meta.permissions ?? [])],
    concurrencyStamp: m.concurrencyStamp,
  };
}

/** Form values → the API body; meta keys the form does not know are kept as they were. */
function toInput(v: Values, previous: MenuItemDto | undefined): MenuInput {
  const {
    title: _t,
    icon: _i,
    activeMenu: _a,
    hidden: _h,
    affix: _f,
    noCache: _n,
    breadcrumb: _b,
    alwaysShow: _s,
    roles: _r,
    permission: _p,
    permissions: _ps,
    ...otherMeta
  } = previous?.meta ?? {};
  const meta: Record<string, unknown> = { ...otherMeta };
  if (v.metaTitle) meta.title = v.metaTitle;
  if (v.metaIcon) meta.icon = v.metaIcon;
  if (v.metaActiveMenu) meta.activeMenu = v.metaActiveMenu;
  if (v.metaHidden) meta.hidden = true;
  if (v.metaAffix) meta.affix = true;
  if (v.metaNoCache) meta.noCache = true;
  if (v.metaHideBreadcrumb) meta.breadcrumb = false;
  if (v.metaAlwaysShow) meta.alwaysShow = true;
  if (v.metaRoles.length) meta.roles = v.metaRoles;
  if (v.metaPermissions.length === 1) meta.permission = v.metaPermissions[0];
  else if (v.metaPermissions.length > 1) meta.permissions = v.metaPermissions;
  return {
    parentId: v.parentId ?? null,
    layoutId: v.layoutId ?? null,
    name: v.name,
    displayName: v.displayName,
    path: v.path,
    component: v.component,
    redirect: v.redirect,
    description: v.description,
    sort: v.sort,
    platformType: typeOf(v.platformFlags),
    isPublic: v.isPublic,
    meta,
    concurrencyStamp: v.concurrencyStamp,
  };
}

const descendantsOf = (node: MenuTreeNode): string[] =>
  (node.children ?? []).flatMap((c) => [c.id, ...descendantsOf(c)]);

interface Props {
  editing: MenuEditing | null;
  tree: MenuTreeNode[];
  onClose(): void;
  onSaved(menu: MenuItemDto): void;
}

/** Create or edit a menu: route fields, platform type flags, public flag and route meta. */
/** A field in half the form's width (the whole on a narrow screen). */
function HalfField({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <Col xs={24} md={12}>
      <CrudField name={name} label={label}>
        {children}
      </CrudField>
    </Col>
  );
}

export function MenuForm({ editing, tree, onClose, onSaved }: Props) {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const schema = useMemo(menuSchema, [i18n.language]);
  const initial = useMemo(() => (editing ? toValues(editing) : undefined), [editing]);
  const layouts = useQuery({ queryKey: ['layouts', 'all'], queryFn: () => layoutsApi.all(), enabled: !!editing });
  const roles = useQuery({
    queryKey: ['identity', 'roles', 'all'],
    queryFn: () => identityLookups.roles(),
    enabled: !!editing,
    retry: false,
  });
  const current = editing && 'menu' in editing ? editing.menu : undefined;

  // a menu cannot move under itself or its children
  const parentTree = useMemo(() => {
    const excluded = new Set<string>();
    if (current) {
      const find = (nodes: MenuTreeNode[]): MenuTreeNode | undefined => {
        for (const n of nodes) {
          if (n.id === current.id) return n;
          const hit = find(n.children ?? []);
          if (hit) return hit;
        }
        return undefined;
      };
      const self = find(tree);
      if (self) for (const id of [self.id, ...descendantsOf(self)]) excluded.add(id);
    }
    type Option = { value: string; title: string; disabled?: boolean; children?: Option[] };
    const map = (nodes: MenuTreeNode[]): Option[] =>
      nodes.map((n) => ({
        value: n.id,
        title: `${n.displayName} (${n.name})`,
        disabled: excluded.has(n.id),
        children: n.children ? map(n.children) : undefined,
      }));
    return map(tree);
  }, [tree, current]);

  return (
    <FormOverlay
      open={!!editing}
      title={current ? LP('EditMenu', current.displayName) : LP('NewMenu')}
      schema={schema}
      initialValues={initial}
      width={760}
      onSubmit={async (v) => {
        const input = toInput(v, current);
        const saved = current ? await menusApi.update(current.id, input) : await menusApi.create(input);
        onSaved(saved);
      }}
      onClose={onClose}
      testid="menu-form"
    >
      <Row gutter={16}>
        <HalfField name="parentId" label={LP('DisplayName:Parent')}>
          <TreeSelect allowClear treeData={parentTree} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </HalfField>
        <Col xs={24} md={12}>
          <CrudField name="layoutId" label={LP('DisplayName:Layout')}>
            <Select
              allowClear
              loading={layouts.isLoading}
              options={(layouts.data?.items ?? []).map((l) => ({ value: l.id, label: `${l.displayName} (${l.name})` }))}
            />
          </CrudField>
        </Col>
        <HalfField name="name" label={LP('DisplayName:Name')}>
          <Input autoFocus data-testid="menu-name" />
        </HalfField>
        <HalfField name="displayName" label={LP('DisplayName:DisplayName')}>
          <Input data-testid="menu-display-name" />
        </HalfField>
        <HalfField name="path" label={LP('DisplayName:Path')}>
          <Input data-testid="menu-path" placeholder="/admin or users" />
        </HalfField>
        <HalfField name="component" label={LP('DisplayName:Component')}>
          <Input data-testid="menu-component" placeholder="Layout · admin/users/index" />
        </HalfField>
        <HalfField name="redirect" label={LP('DisplayName:Redirect')}>
          <Input />
        </HalfField>
        <HalfField name="sort" label={LP('DisplayName:Sort')}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </HalfField>
        <Col span={24}>
          <CrudField name="platformFlags" label={LP('DisplayName:PlatformType')}>
            <Checkbox.Group
              options={platformFlags.map((f) => ({ value: f.value, label: LP(`Platform:${f.key}`) }))}
              data-testid="menu-platform"
            />
          </CrudField>
        </Col>
        <Col span={24}>
          <CrudField name="isPublic" label={LP('DisplayName:IsPublic')} valuePropName="checked">
            <Switch data-testid="menu-public" />
          </CrudField>
        </Col>
        <Col span={24}>
          <CrudField name="description" label={LP('DisplayName:Description')}>
            <Input.TextArea rows={2} />
          </CrudField>
        </Col>
      </Row>
      <Divider titlePlacement="start">{LP('DisplayName:Meta')}</Divider>
      <Row gutter={16}>
        <HalfField name="metaTitle" label={LP('Meta:Title')}>
          <Input data-testid="menu-meta-title" placeholder="Menus::Users" />
        </HalfField>
        <HalfField name="metaIcon" label={LP('Meta:Icon')}>
          <Input placeholder="UserOutlined" />
        </HalfField>
        <HalfField name="metaActiveMenu" label={LP('Meta:ActiveMenu')}>
          <Input placeholder="/admin/users" />
        </HalfField>
        <Col xs={24} md={12}>
          <CrudField name="metaRoles" label={LP('Meta:Roles')}>
            <Select
              mode="tags"
              tokenSeparators={[',']}
              options={(roles.data?.items ?? []).map((r) => ({ value: r.name, label: r.name }))}
            />
          </CrudField>
        </Col>
        <Col span={24}>
          <CrudField name="metaPermissions" label={LP('Meta:Permissions')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="AbpIdentity.Users" />
          </CrudField>
        </Col>
        {(
          [
            ['metaHidden', 'Meta:Hidden'],
            ['metaAffix', 'Meta:Affix'],
            ['metaNoCache', 'Meta:NoCache'],
            ['metaHideBreadcrumb', 'Meta:Breadcrumb'],
            ['metaAlwaysShow', 'Meta:AlwaysShow'],
          ] as const
        ).map(([name, label]) => (
          <Col xs={12} md={8} key={name}>
            <CrudField name={name} label={LP(label)} valuePropName="checked">
              <Switch size="small" data-testid={`menu-${name}`} />
            </CrudField>
          </Col>
        ))}
      </Row>
    </FormOverlay>
  );
}
