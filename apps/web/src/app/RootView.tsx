import { Button, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useRouteError } from 'react-router';
import { useAbp } from '../lib/abp/config-store.ts';
import { logError } from '../lib/error-log.ts';
import { pageTitle, routeTitle } from './page-title.ts';
import { matchRoute } from './routes/route-table.ts';
import { useRoutes } from './routes/store.ts';

export interface RouteHandle {
  title?: string;
}

/** The root route: keeps document.title in step with the route (spec §2). */
export function RootView() {
  const location = useLocation();
  const matches = useMatches();
  const tree = useRoutes((s) => s.tree);
  const config = useAbp((s) => s.config);
  const { i18n } = useTranslation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language re-titles after a language switch
  useEffect(() => {
    const handleTitle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
      | RouteHandle
      | undefined;
    let title = handleTitle?.title ? routeTitle(handleTitle.title) : '';
    if (!title) {
      const match = matchRoute(tree, location.pathname);
      if (match) title = routeTitle(match.route.meta.title, match.route.displayName);
    }
    document.title = pageTitle(title, config);
  }, [location.pathname, matches, tree, config, i18n.language]);

  return <Outlet />;
}

export function BootFallback() {
  return (
    <div style={{ display: 'flex', height: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

/** Router-level error boundary: logs the error and offers a reload. */
export function RouteErrorView() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    logError('route', error);
  }, [error]);
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h2>{t('error.hasError')}</h2>
      <p style={{ color: '#8c8c8c' }}>
        {error instanceof Error ? error.message : String((error as { statusText?: string })?.statusText ?? '')}
      </p>
      <Button type="primary" onClick={() => location.assign('/')}>
        {t('common.backHome')}
      </Button>
    </div>
  );
}
