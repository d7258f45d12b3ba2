import { SidebarColors } from '@seller/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { Layout as AntLayout, Drawer } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDevice } from '../../lib/device.ts';
import { queryClient } from '../../lib/query.ts';
import { useSession } from '../../lib/session/store.ts';
import { type AppRoute, matchRoute, walk } from '../routes/route-table.ts';
import { useRoutes } from '../routes/store.ts';
import { ImpersonationBanner } from './ImpersonationBanner.tsx';
import { PageHost, routeTitleOf } from './PageHost.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';
import { TopBar } from './TopBar.tsx';
import { type TabView, useTabs } from './tabs-store.ts';
import './shell.css';

const SIDEBAR_WIDTH = 210;
const SIDEBAR_COLLAPSED = 54;

const tabOf = (r: AppRoute, path: string, search: string): TabView => ({
  path,
  fullPath: path + search,
  name: r.name,
  title: r.meta.title ?? r.displayName,
  affix: Boolean(r.meta.affix),
  noCache: Boolean(r.meta.noCache),
});

/** The signed-in shell: sidebar (drawer on mobile), top bar (with the settings button), tab bar, kept-alive pages. */
export default function Layout() {
  const location = useLocation();
  const tree = useRoutes((s) => s.tree);
  const device = useDevice();
  const mobile = device === 'mobile';
  const sidebarOpened = useSession((s) => s.sidebarOpened);
  const settings = useSession((s) => s.settings);
  const [mobileOpen, setMobileOpen] = useState(false);
  useTranslation(); // re-render on language change (titles)

  const match = useMemo(() => matchRoute(tree, location.pathname), [tree, location.pathname]);

  // spec §4: route changes close the sidebar on mobile
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every path change
  useEffect(() => {
    if (mobile) setMobileOpen(false);
  }, [location.pathname, mobile]);

  // affixed routes (Dashboard) always have a tab
  useEffect(() => {
    const affix: TabView[] = [];
    walk(tree, (r) => {
      if (r.meta.affix && r.component && r.allowed && !r.path.includes(':')) affix.push(tabOf(r, r.path, ''));
    });
    useTabs.getState().setAffix(affix);
  }, [tree]);

  // visited named routes become tabs
  useEffect(() => {
    if (match?.route.component && match.route.name) {
      useTabs.getState().addView(tabOf(match.route, location.pathname, location.search));
    }
  }, [match, location.pathname, location.search]);

  const title = match ? routeTitleOf(match.route) : '';

  const collapsed = !mobile && !sidebarOpened;
  const toggle = () => (mobile ? setMobileOpen((o) => !o) : useSession.getState().setSidebarOpened(!sidebarOpened));
  const vars = {
    '--sidebar-bg': SidebarColors.background,
    '--sidebar-text': SidebarColors.text,
    '--sidebar-active': settings.sidebarTextTheme ? settings.theme : SidebarColors.active,
    '--theme-color': settings.theme,
  } as CSSProperties;

  return (
    <QueryClientProvider client={queryClient}>
      <AntLayout className={`app-layout${mobile ? ' mobile' : ''}`} style={vars}>
        {mobile ? (
          <Drawer
            open={mobileOpen}
            placement="left"
            size={SIDEBAR_WIDTH}
            closable={false}
            onClose={() => setMobileOpen(false)}
            styles={{ body: { padding: 0, background: SidebarColors.background } }}
          >
            <div data-testid="mobile-drawer" className="app-mobile-drawer">
              <Sidebar tree={tree} match={match} collapsed={false} />
            </div>
          </Drawer>
        ) : (
          <AntLayout.Sider
            className="app-sider"
            width={SIDEBAR_WIDTH}
            collapsedWidth={SIDEBAR_COLLAPSED}
            collapsed={collapsed}
            trigger={null}
            collapsible
          >
            <Sidebar tree={tree} match={match} collapsed={collapsed} />
          </AntLayout.Sider>
        )}
        <AntLayout className="app-main">
          <header className={`app-header${settings.fixedHeader ? ' fixed' : ''}`}>
            <TopBar match={match} device={device} sidebarOpen={mobile ? mobileOpen : sidebarOpened} onToggle={toggle} />
            {settings.tagsView && <TagsView />}
            <ImpersonationBanner />
          </header>
          <AntLayout.Content className="app-content">
            <h1 className="app-page-title" data-testid="page-title">
              {title}
            </h1>
            <PageHost match={match} />
          </AntLayout.Content>
        </AntLayout>
      </AntLayout>
    </QueryClientProvider>
  );
}
