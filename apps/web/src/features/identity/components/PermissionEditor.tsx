import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Modal, Space, Spin, Tabs, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../../lib/ui-bridge.ts';
import { L, type PermissionGroup, type PermissionList, permissionsApi } from '../api.ts';

export interface PermissionEditorProps {
  open: boolean;
  /** R = role (key: role name), U = user (key: user id). */
  providerName: 'R' | 'U';
  providerKey: string;
  /** Shown in the title. */
  displayName: string;
  onClose(): void;
}

/** Grants of the provider itself; for a user, grants that come only from roles are read-only. */
function ownGrants(list: PermissionList, providerName: string): Set<string> {
  const own = new Set<string>();
  for (const g of list.groups)
    for (const p of g.permissions) if (p.grantedProviders.some((x) => x.providerName === providerName)) own.add(p.name);
  return own;
}

function inheritedFrom(list: PermissionList, providerName: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const g of list.groups)
    for (const p of g.permissions) {
      const roles = p.grantedProviders.filter((x) => x.providerName !== providerName).map((x) => x.providerKey);
      if (roles.length) map.set(p.name, roles);
    }
  return map;
}

/** Descendants of `name` within a group. */
function descendants(group: PermissionGroup, name: string): string[] {
  const out: string[] = [];
  const walk = (parent: string) => {
    for (const p of group.permissions)
      if (p.parentName === parent) {
        out.push(p.name);
        walk(p.name);
      }
  };
  walk(name);
  return out;
}

function ancestors(group: PermissionGroup, name: string): string[] {
  const byName = new Map(group.permissions.map((p) => [p.name, p]));
  const out: string[] = [];
  let parent = byName.get(name)?.parentName;
  while (parent) {
    out.push(parent);
    parent = byName.get(parent)?.parentName;
  }
  return out;
}

/**
 * The permission tree of a role or a user, one tab per group (contract §10 permission
 * management). Ticking a parent ticks its children, ticking a child ticks its parents, and
 * un-ticking a parent clears its children. On a user, grants inherited from roles show ticked
 * and disabled with the role names.
 */
export function PermissionEditor({ open, providerName, providerKey, displayName, onClose }: PermissionEditorProps) {
  const { t } = useTranslation();
  const { message } = useUi();
  const client = useQueryClient();
  const key = ['permissions', providerName, providerKey];
  const query = useQuery({
    queryKey: key,
    queryFn: () => permissionsApi.get(providerName, providerKey),
    enabled: open && !!providerKey,
  });
  const [granted, setGranted] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const data = query.data;
  useEffect(() => {
    if (data) setGranted(ownGrants(data, providerName));
  }, [data, providerName]);
  const inherited = useMemo(() => (data ? inheritedFrom(data, providerName) : new Map()), [data, providerName]);

  const toggle = (group: PermissionGroup, name: string, on: boolean) => {
    setGranted((prev) => {
      const next = new Set(prev);
      if (on) {
        next.add(name);
        for (const d of descendants(group, name)) next.add(d);
        for (const a of ancestors(group, name)) next.add(a);
      } else {
        next.delete(name);
        for (const d of descendants(group, name)) next.delete(d);
      }
      return next;
    });
  };

  const setGroup = (group: PermissionGroup, on: boolean) =>
    setGranted((prev) => {
      const next = new Set(prev);
      for (const p of group.permissions) {
        if (on) next.add(p.name);
        else next.delete(p.name);
      }
      return next;
    });

  const treeOf = (group: PermissionGroup): DataNode[] => {
    const build = (parent: string | null): DataNode[] =>
      group.permissions
        .filter((p) => (p.parentName ?? null) === parent)
        .map((p) => {
          const roles = inherited.get(p.name) as string[] | undefined;
          const onlyInherited = !!roles && !granted.has(p.name);
          return {
            key: p.name,
            title: (
              <span data-testid={`perm-${p.name}`}>
                {p.displayName}
                {roles && (
                  <Tag style={{ marginInlineStart: 8 }} color="blue">
                    {L('GrantedByRole', roles.join(', '))}
                  </Tag>
                )}
              </span>
            ),
            disableCheckbox: onlyInherited,
            children: build(p.name),
          };
        });
    return build(null);
  };

  const save = async () => {
    if (!data) return;
    const before = ownGrants(data, providerName);
    const changes = data.groups
      .flatMap((g) => g.permissions)
      .filter((p) => before.has(p.name) !== granted.has(p.name))
      .map((p) => ({ name: p.name, isGranted: granted.has(p.name) }));
    setSaving(true);
    try {
      if (changes.length) await permissionsApi.update(providerName, providerKey, changes);
      message.success(L('PermissionsSaved'));
      await client.invalidateQueries({ queryKey: ['permissions'] });
      onClose();
    } catch {
      // notified by the HTTP client
    } finally {
      setSaving(false);
    }
  };

  const groups = data?.groups ?? [];
  return (
    <Modal
      open={open}
      title={L('PermissionsOf', displayName)}
      onCancel={onClose}
      width={860}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="permissions-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <div data-testid="permission-editor">
        {query.isLoading ? (
          <Spin />
        ) : groups.length === 0 ? (
          <Empty />
        ) : (
          <Tabs
            tabPlacement="start"
            style={{ minHeight: 360 }}
            items={groups.map((g) => {
              const all = g.permissions.every((p) => granted.has(p.name) || inherited.has(p.name));
              const some = g.permissions.some((p) => granted.has(p.name));
              const count = g.permissions.filter((p) => granted.has(p.name) || inherited.has(p.name)).length;
              return {
                key: g.name,
                label: (
                  <span data-testid={`perm-group-${g.name}`}>
                    {g.displayName} ({count})
                  </span>
                ),
                children: (
                  <div style={{ maxHeight: 480, overflow: 'auto' }}>
                    <Checkbox
                      checked={all}
                      indeterminate={!all && some}
                      onChange={(e) => setGroup(g, e.target.checked)}
                      data-testid={`perm-group-all-${g.name}`}
                    >
                      {L('SelectAll')}
                    </Checkbox>
                    <Tree
                      checkable
                      checkStrictly
                      selectable={false}
                      defaultExpandAll
                      treeData={treeOf(g)}
                      checkedKeys={{
                        checked: g.permissions
                          .filter((p) => granted.has(p.name) || inherited.has(p.name))
                          .map((p) => p.name),
                        halfChecked: [],
                      }}
                      onCheck={(_keys, info) => toggle(g, String(info.node.key), info.checked)}
                    />
                  </div>
                ),
              };
            })}
          />
        )}
      </div>
    </Modal>
  );
}
