import { matchPath } from 'react-router';
import type { MenuDto, MenuMeta } from '../../lib/abp/types.ts';
import { holdsAnyRole } from '../../lib/access.tsx';

/** A route of the signed-in area, built from the server menu (plus the shell's static routes). */
export interface AppRoute {
  id: string;
  name: string;
  /** Absolute path ('/admin/users'), or the URL itself for external links. */
  path: string;
  displayName: string;
  /** Page registry key; undefined for a group (layout) entry. */
  component?: string;
  redirect?: string;
  meta: MenuMeta;
  external: boolean;
  /** False when meta.roles names roles/permissions the user holds none of. */
  allowed: boolean;
  /** The user's startup (home) menu. */
  startup: boolean;
  parentId: string | null;
  children: AppRoute[];
}

const GROUP_COMPONENTS = /^(layout|routeview|parentview|blank)(\/index)?$/i;
const EXTERNAL = /^(https?:|mailto:|tel:)/i;

export const isExternal = (path: string) => EXTERNAL.test(path);

export function isGroupComponent(component: string | null | undefined): boolean {
  return !component || GROUP_COMPONENTS.test(component.trim());
}

function joinPath(parent: string, child: string): string {
  if (isExternal(child)) return child;
  if (child.startsWith('/')) return normalize(child);
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return normalize(`${base}${child}`);
}

function normalize(path: string): string {
  const p = `/${path}`.replace(/\/{2,}/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

function sortKey(m: MenuDto): string {
  return m.code ?? '';
}

/**
 * Builds the route tree from the flat menu list (by parentId). Static routes come first; a menu
 * route with the same path replaces a static one (keeping its affix flag).
 */
export function buildRouteTree(menus: MenuDto[], staticMenus: MenuDto[], held: ReadonlySet<string>): AppRoute[] {
  const menuTree = toTree(menus, held);
  const menuPaths = new Map<string, AppRoute>();
  walk(menuTree, (r) => menuPaths.set(r.path, r));
  const staticTree = toTree(staticMenus, held);
  const pruned = prune(staticTree, (r) => {
    const replacement = menuPaths.get(r.path);
    if (!replacement) return false;
    if (r.meta.affix && replacement.meta.affix === undefined) replacement.meta = { ...replacement.meta, affix: true };
    // a static group survives when only some of its children are replaced
    return r.children.length === 0 || replacement.children.length > 0;
  });
  return [...pruned, ...menuTree];
}

function toTree(menus: MenuDto[], held: ReadonlySet<string>): AppRoute[] {
  const byParent = new Map<string | null, MenuDto[]>();
  const ids = new Set(menus.map((m) => m.id));
  for (const m of menus) {
    const parent = m.parentId && ids.has(m.parentId) ? m.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(m);
    byParent.set(parent, list);
  }
  const build = (parentId: string | null, parentPath: string, parentAllowed: boolean): AppRoute[] =>
    (byParent.get(parentId) ?? [])
      .slice()
      .sort((a, b) => sortKey(a).localeCompare(sortKey(b)))
      .map((m) => {
        const path = joinPath(parentPath, m.path || '');
        const meta = { ...(m.meta ?? {}) };
        const allowed = parentAllowed && holdsAnyRole(meta.roles, held);
        const route: AppRoute = {
          id: m.id,
          name: m.name,
          path,
          displayName: m.displayName || m.name,
          component: isGroupComponent(m.component) ? undefined : m.component!.trim(),
          redirect: m.redirect || undefined,
          meta,
          external: isExternal(path),
          allowed,
          startup: Boolean(m.startup),
          parentId,
          children: [],
        };
        route.children = build(m.id, isExternal(path) ? parentPath : path, allowed);
        return route;
      });
  return build(null, '/', true);
}

function prune(routes: AppRoute[], drop: (r: AppRoute) => boolean): AppRoute[] {
  return routes.filter((r) => !drop(r)).map((r) => ({ ...r, children: prune(r.children, drop) }));
}

export function walk(routes: AppRoute[], visit: (r: AppRoute, parents: AppRoute[]) => void, parents: AppRoute[] = []) {
  for (const r of routes) {
    visit(r, parents);
    walk(r.children, visit, [...parents, r]);
  }
}

export interface RouteMatch {
  route: AppRoute;
  /** Ancestors first, the route last. */
  chain: AppRoute[];
  params: Record<string, string | undefined>;
}

/** Finds the route for a path: exact static segments win over parameters. */
export function matchRoute(tree: AppRoute[], pathname: string): RouteMatch | undefined {
  const path = normalize(pathname);
  let best: RouteMatch | undefined;
  let bestScore = -1;
  walk(tree, (r, parents) => {
    if (r.external) return;
    const m = matchPath({ path: r.path, end: true }, path);
    if (!m) return;
    const score =
      r.path.split('/').filter((s) => s && !s.startsWith(':') && s !== '*').length * 2 + (r.component ? 1 : 0);
    if (score > bestScore) {
      bestScore = score;
      best = { route: r, chain: [...parents, r], params: m.params };
    }
  });
  return best;
}

/** The visible, allowed children of a route (sidebar rules). */
export function visibleChildren(route: AppRoute): AppRoute[] {
  return route.children.filter((c) => c.allowed && !c.meta.hidden);
}

/**
 * Where `/` leads: the user's startup menu when it is a page they may open (`allowed` covers
 * its parents too), else the dashboard (spec §2).
 */
export function homePath(tree: AppRoute[]): string {
  let home: string | undefined;
  walk(tree, (r) => {
    if (home === undefined && r.startup && r.allowed && r.component && !r.external && !r.path.includes(':')) {
      home = r.path;
    }
  });
  return home ?? '/dashboard';
}

/** Where a group route (no page of its own) sends the user. */
export function groupTarget(route: AppRoute): string | undefined {
  if (route.redirect && route.redirect !== 'noRedirect') return route.redirect;
  const first = visibleChildren(route).find((c) => !c.external);
  if (!first) return undefined;
  return first.component ? first.path : (groupTarget(first) ?? first.path);
}
