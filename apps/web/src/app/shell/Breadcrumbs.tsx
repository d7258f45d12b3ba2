import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localize } from '../../lib/i18n/index.ts';
import { type AppRoute, type RouteMatch, walk } from '../routes/route-table.ts';
import { useRoutes } from '../routes/store.ts';

interface Crumb {
  key: string;
  title: string;
  to?: string;
}

const isDashboard = (r: AppRoute) => r.name.toLowerCase() === 'dashboard' || r.path === '/dashboard';

/**
 * Spec §2: Dashboard first unless the page is Dashboard; only routes with a title that are not
 * hidden from breadcrumbs; the last crumb and 'noRedirect' ones are not clickable.
 */
export function breadcrumbTrail(match: RouteMatch | undefined, dashboardTitle: string): Crumb[] {
  if (!match) return [];
  const chain = match.chain.filter((r) => r.meta.title && r.meta.breadcrumb !== false);
  const crumbs: Crumb[] = chain.map((r) => ({
    key: r.path,
    title: localize(r.meta.title),
    to: r.redirect === 'noRedirect' ? undefined : (r.redirect ?? r.path),
  }));
  if (!chain.some(isDashboard)) crumbs.unshift({ key: '/dashboard', title: dashboardTitle, to: '/dashboard' });
  if (crumbs.length > 0) crumbs[crumbs.length - 1] = { ...crumbs[crumbs.length - 1], to: undefined };
  return crumbs;
}

/** The Dashboard's title as its menu (and so its tab) gives it. */
export function dashboardTitle(tree: AppRoute[], fallback: string): string {
  let title: string | undefined;
  walk(tree, (r) => {
    if (title === undefined && isDashboard(r)) title = localize(r.meta.title) || r.displayName;
  });
  return title || fallback;
}

export function Breadcrumbs({ match }: { match?: RouteMatch }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const tree = useRoutes((s) => s.tree);
  const crumbs = breadcrumbTrail(match, dashboardTitle(tree, t('layout.dashboard')));
  return (
    <Breadcrumb
      data-testid="breadcrumb"
      className="app-breadcrumb"
      items={crumbs.map((c) => ({
        key: c.key,
        title: c.to ? (
          <a
            href={c.to}
            onClick={(e) => {
              e.preventDefault();
              navigate(c.to!);
            }}
          >
            {c.title}
          </a>
        ) : (
          <span className="no-redirect">{c.title}</span>
        ),
      }))}
    />
  );
}
