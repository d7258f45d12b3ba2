import type { AppRoute } from './routes/route-table.ts';
import { groupTarget, homePath, matchRoute } from './routes/route-table.ts';

/** Paths open without a token (spec §2: routes without login). */
export const WHITE_LIST = ['/login', '/register', '/reset-password', '/auth-redirect', '/404', '/401'];

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Token present, configuration not loaded: load it, then repeat the navigation. */
  | { kind: 'load' };

export interface GuardInput {
  pathname: string;
  /** Query string including '?', or ''. */
  search: string;
  hasToken: boolean;
  configLoaded: boolean;
}

export const loginWithRedirect = (fullPath: string) => `/login?redirect=${encodeURIComponent(fullPath)}`;

/** Spec §2 "Navigation guard", as a pure function of the session state. */
export function decideNavigation({ pathname, search, hasToken, configLoaded }: GuardInput): GuardDecision {
  if (hasToken) {
    if (pathname === '/login') return { kind: 'redirect', to: '/' };
    if (!configLoaded) return { kind: 'load' };
    return { kind: 'allow' };
  }
  if (WHITE_LIST.includes(pathname)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginWithRedirect(pathname + search) };
}

/** After the load step: success repeats the navigation, failure sends the user to sign in. */
export function decideAfterLoad(ok: boolean, fullPath: string): GuardDecision {
  return ok ? { kind: 'redirect', to: fullPath } : { kind: 'redirect', to: loginWithRedirect(fullPath) };
}

export type AccessDecision =
  | { kind: 'page'; route: AppRoute }
  /** `refresh`: the page at that path is mounted anew (/redirect/{path}). */
  | { kind: 'redirect'; to: string; refresh?: string }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

const REDIRECT = /^\/redirect(?:\/|$)/;

/**
 * Which page a signed-in path shows: the user's home page for `/`, the page behind
 * `/redirect/{path}` (re-rendered), a route of the user's menus they may open, a group's redirect,
 * or else one rule for every module: a page of the product the user may not open (not allowed by
 * meta.roles, or not in their menus) is the 401 page, an unknown path 404.
 */
export function decideAccess(
  tree: AppRoute[],
  pathname: string,
  isProductPage: (pathname: string) => boolean,
): AccessDecision {
  if (pathname === '/' || pathname === '') return { kind: 'redirect', to: homePath(tree) };
  if (REDIRECT.test(pathname)) {
    const to = `/${pathname.replace(REDIRECT, '')}`;
    return { kind: 'redirect', to, refresh: to };
  }
  const match = matchRoute(tree, pathname);
  if (match) {
    if (!match.chain.every((r) => r.allowed)) return { kind: 'forbidden' };
    if (!match.route.component) {
      const to = groupTarget(match.route);
      return to && to !== pathname ? { kind: 'redirect', to } : { kind: 'not-found' };
    }
    return { kind: 'page', route: match.route };
  }
  return isProductPage(pathname) ? { kind: 'forbidden' } : { kind: 'not-found' };
}
