import { createBrowserRouter, type MiddlewareFunction, redirect } from 'react-router';
import { auth } from '../features/auth/index.ts';
import { dashboard } from '../features/dashboard/index.ts';
import { errors } from '../features/errors/index.ts';
import { useAbp } from '../lib/abp/config-store.ts';
import type { PageLoader } from '../lib/feature.ts';
import { HttpError } from '../lib/http/errors.ts';
import { tr } from '../lib/i18n/index.ts';
import { registerShellPrefetch } from '../lib/prefetch.ts';
import { useSession } from '../lib/session/store.ts';
import { getUiApi } from '../lib/ui-bridge.ts';
import { loadSession } from './bootstrap.ts';
import { decideAccess, decideAfterLoad, decideNavigation } from './guard.ts';
import { BootFallback, RootView, RouteErrorView } from './RootView.tsx';
import { isProductPage } from './routes/route-access.ts';
import { useRoutes } from './routes/store.ts';
import { useTabs } from './shell/tabs-store.ts';

const sessionLoaded = () => Boolean(useAbp.getState().config) && useRoutes.getState().ready;

/** Spec §2 navigation guard, run before every navigation. */
const guard: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  const fullPath = url.pathname + url.search;
  const decision = decideNavigation({
    pathname: url.pathname,
    search: url.search,
    hasToken: Boolean(useSession.getState().accessToken),
    configLoaded: sessionLoaded(),
  });
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (decision.kind === 'load') {
    let ok = true;
    try {
      await loadSession();
    } catch (e) {
      ok = false;
      useSession.getState().clearTokens();
      useAbp.getState().clear();
      useRoutes.getState().clear();
      // HTTP failures were already notified by the client; anything else: its message or 'Has Error'
      if (!(e instanceof HttpError)) {
        getUiApi()?.message.error(e instanceof Error && e.message ? e.message : tr('error.hasError'));
      }
    }
    const next = decideAfterLoad(ok, fullPath);
    if (next.kind === 'redirect') throw redirect(next.to);
  }
};

/** Inside the layout: which page, redirect, 401/403 or 404 the path resolves to. */
const access: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  const decision = decideAccess(useRoutes.getState().tree, url.pathname, isProductPage);
  if (decision.kind === 'redirect') {
    if (decision.refresh) useTabs.getState().refresh(decision.refresh);
    throw redirect(decision.to + url.search);
  }
  if (decision.kind === 'forbidden') throw redirect('/401');
  if (decision.kind === 'not-found') throw redirect('/404');
};

const page = (load: PageLoader) => async () => ({
  Component: (await load()).default,
});

/** A page outside the layout (sign-in, errors): its path, its title key and its lazily loaded module. */
const publicRoute = (path: string, title: string, load: PageLoader) => ({ path, handle: { title }, lazy: page(load) });

registerShellPrefetch(() => {
  void import('./shell/Layout.tsx');
  void dashboard.pages['dashboard/index']();
});

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      middleware: [guard],
      Component: RootView,
      HydrateFallback: BootFallback,
      ErrorBoundary: RouteErrorView,
      children: [
        publicRoute('/login', 'login.title', auth.pages['auth/login']),
        publicRoute('/register', 'register.title', auth.pages['auth/register']),
        publicRoute('/reset-password', 'reset.title', auth.pages['auth/reset-password']),
        publicRoute('/auth-redirect', 'login.title', auth.pages['auth/auth-redirect']),
        publicRoute('/404', 'error.notFoundTitle', errors.pages['errors/404']),
        publicRoute('/401', 'error.noPermissionTitle', errors.pages['errors/401']),
        {
          id: 'layout',
          path: '/',
          middleware: [access],
          lazy: page(() => import('./shell/Layout.tsx')),
          children: [
            { index: true, Component: Empty },
            { path: '*', Component: Empty },
          ],
        },
      ],
    },
  ]);
}

/** Layout children render nothing: the layout's page host shows (and keeps alive) the pages. */
function Empty() {
  return null;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
