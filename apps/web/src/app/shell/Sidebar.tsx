import { SidebarColors } from '@seller/contracts/constants';
import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon.tsx';
import { featureValue, useAbp } from '../../lib/abp/config-store.ts';
import { FeatureNames } from '../../lib/abp/types.ts';
import { localize } from '../../lib/i18n/index.ts';
import { useSession } from '../../lib/session/store.ts';
import { siteName } from '../page-title.ts';
import { type AppRoute, groupTarget, type RouteMatch, visibleChildren } from '../routes/route-table.ts';

type Item = NonNullable<MenuProps['items']>[number];

const label = (r: AppRoute) => localize(r.meta.title) || r.displayName;

function leaf(r: AppRoute, icon?: string): Item {
  return {
    key: r.external ? `external:${r.path}` : r.path,
    icon: <MenuIcon name={r.meta.icon ?? icon} />,
    // the whole label on hover where the sidebar's width cuts it short
    label: (
      <span data-testid={`menu-${r.name}`} title={label(r)}>
        {label(r)}
      </span>
    ),
  };
}

/**
 * Sidebar rules (spec §2): hidden items and routes the user may not open are left out; a single
 * visible child collapses into one link; a group without visible children is dropped.
 */
export function menuItems(routes: AppRoute[]): Item[] {
  const out: Item[] = [];
  for (const r of routes) {
    if (!r.allowed || r.meta.hidden) continue;
    const kids = visibleChildren(r);
    if (kids.length === 0) {
      if (r.component || r.external || groupTarget(r)) out.push(leaf(r));
      continue;
    }
    if (kids.length === 1 && !r.meta.alwaysShow && visibleChildren(kids[0]).length === 0) {
      out.push(leaf(kids[0], r.meta.icon));
      continue;
    }
    out.push({
      key: r.path,
      icon: <MenuIcon name={r.meta.icon} />,
      label: (
        <span data-testid={`menu-${r.name}`} title={label(r)}>
          {label(r)}
        </span>
      ),
      children: menuItems(r.children),
    });
  }
  return out;
}

export function Sidebar({ tree, match, collapsed }: { tree: AppRoute[]; match?: RouteMatch; collapsed: boolean }) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const config = useAbp((s) => s.config);
  const settings = useSession((s) => s.settings);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels are localized at build time of the items
  const items = useMemo(() => menuItems(tree), [tree, i18n.language, config]);
  const selected = match?.route.meta.activeMenu || match?.route.path;
  const chainKeys = useMemo(() => (match ? match.chain.slice(0, -1).map((r) => r.path) : []), [match]);
  const [openKeys, setOpenKeys] = useState<string[]>(chainKeys);

  useEffect(() => {
    if (!collapsed) setOpenKeys((keys) => Array.from(new Set([...keys, ...chainKeys])));
  }, [chainKeys, collapsed]);

  const logo = featureValue(config, FeatureNames.logo);
  const name = siteName(config);
  const activeColor = settings.sidebarTextTheme ? settings.theme : SidebarColors.active;

  return (
    <div className="app-sidebar" data-testid="sidebar">
      {settings.sidebarLogo && (
        <a
          className="app-sidebar-logo"
          href="/"
          onClick={(e) => {
            e.preventDefault();
            navigate('/');
          }}
        >
          {logo ? <img src={logo} alt="" /> : <img src="/favicon.svg" alt="" />}
          {!collapsed && <span>{name}</span>}
        </a>
      )}
      <ConfigProvider
        theme={{
          components: {
            Menu: {
              darkItemBg: SidebarColors.background,
              darkSubMenuItemBg: '#1f2d3d',
              darkPopupBg: SidebarColors.background,
              darkItemColor: SidebarColors.text,
              darkItemHoverColor: '#ffffff',
              darkItemHoverBg: '#263445',
              darkItemSelectedBg: '#263445',
              darkItemSelectedColor: activeColor,
              itemHeight: 50,
            },
          },
        }}
      >
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={selected ? [selected] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys as string[])}
          onClick={({ key }) => {
            const k = String(key);
            if (k.startsWith('external:')) {
              window.open(k.slice('external:'.length), '_blank', 'noopener');
              return;
            }
            navigate(k);
          }}
        />
      </ConfigProvider>
    </div>
  );
}
