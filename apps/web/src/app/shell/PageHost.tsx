import { Result, Spin } from 'antd';
import { Activity, Component, type ErrorInfo, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { logError } from '../../lib/error-log.ts';
import { localize } from '../../lib/i18n/index.ts';
import { PageRouteContext, type PageRouteInfo } from '../../lib/page-context.ts';
import { resolvePage } from '../routes/page-registry.tsx';
import { type AppRoute, matchRoute, type RouteMatch } from '../routes/route-table.ts';
import { useRoutes } from '../routes/store.ts';
import { useTabs } from './tabs-store.ts';

const reportedMissing = new Set<string>();

/** A menu component key this build does not have: a clear state, reported once to the error log. */
function MissingPage({ component }: { component: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (reportedMissing.has(component)) return;
    reportedMissing.add(component);
    logError('route', new Error(`Page component not found in this version: ${component}`));
  }, [component]);
  return (
    <Result
      status="warning"
      data-testid="page-missing"
      title={t('error.pageMissingTitle')}
      subTitle={t('error.pageMissingMessage', { component })}
    />
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode; title: string }, { error?: Error }> {
  state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    logError('render', Object.assign(error, { stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}` }));
  }

  render() {
    if (this.state.error) {
      return <Result status="error" title={this.props.title} subTitle={this.state.error.message} />;
    }
    return this.props.children;
  }
}

function PageFrame({ match, info }: { match: RouteMatch; info: PageRouteInfo }) {
  const { t } = useTranslation();
  const key = match.route.component!;
  const Page = resolvePage(key);
  return (
    <PageRouteContext value={info}>
      <PageErrorBoundary title={t('error.pageCrashed')}>
        {Page ? (
          <Suspense
            fallback={
              <div className="app-page-loading">
                <Spin />
              </div>
            }
          >
            <Page />
          </Suspense>
        ) : (
          <MissingPage component={key} />
        )}
      </PageErrorBoundary>
    </PageRouteContext>
  );
}

interface Slot {
  path: string;
  search: string;
  match: RouteMatch;
  active: boolean;
}

export const routeTitleOf = (r: AppRoute) => localize(r.meta.title) || r.displayName;

/**
 * Shows the active page and keeps visited pages alive in <Activity mode="hidden"> (state kept,
 * effects paused) unless the route says noCache. Refresh bumps the key (re-mount); closing the tab
 * removes the slot (cache dropped).
 */
export function PageHost({ match }: { match?: RouteMatch }) {
  const location = useLocation();
  const views = useTabs((s) => s.views);
  const refreshKeys = useTabs((s) => s.refreshKeys);
  const tree = useRoutes((s) => s.tree);

  const slots = useMemo(() => {
    const list: Slot[] = [];
    for (const v of views) {
      if (v.noCache || v.path === location.pathname) continue;
      const m = matchRoute(tree, v.path);
      if (m?.route.component)
        list.push({ path: v.path, search: v.fullPath.slice(v.path.length), match: m, active: false });
    }
    if (match?.route.component) {
      const idx = views.findIndex((v) => v.path === location.pathname);
      const slot = { path: location.pathname, search: location.search, match, active: true };
      // keep the active page at its tab position so React keeps (not re-creates) it
      const before =
        idx === -1 ? list.length : views.slice(0, idx).filter((v) => list.some((s) => s.path === v.path)).length;
      list.splice(before, 0, slot);
    }
    return list;
  }, [views, tree, match, location.pathname, location.search]);

  return (
    <>
      {slots.map((s) => (
        <Activity key={`${s.path}#${refreshKeys[s.path] ?? 0}`} mode={s.active ? 'visible' : 'hidden'}>
          <PageFrame
            match={s.match}
            info={{
              name: s.match.route.name,
              pathname: s.path,
              search: s.search,
              params: s.match.params,
              title: routeTitleOf(s.match.route),
            }}
          />
        </Activity>
      ))}
    </>
  );
}
