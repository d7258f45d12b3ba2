import { describe, expect, it } from 'vitest';
import type { MenuDto } from '../lib/abp/types.ts';
import { decideAccess, decideAfterLoad, decideNavigation, loginWithRedirect } from './guard.ts';
import { buildRouteTree } from './routes/route-table.ts';
import { staticLayoutMenus } from './routes/static-routes.ts';

const base = { search: '', hasToken: false, configLoaded: false };

describe('navigation guard (spec §2)', () => {
  it('sends a signed-in user on /login to the root', () => {
    expect(decideNavigation({ ...base, pathname: '/login', hasToken: true, configLoaded: true })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideNavigation({ ...base, pathname: '/login', hasToken: true })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('loads configuration when there is a token but no configuration', () => {
    expect(decideNavigation({ ...base, pathname: '/admin/users', hasToken: true })).toEqual({ kind: 'load' });
  });

  it('lets a loaded session through', () => {
    expect(decideNavigation({ ...base, pathname: '/admin/users', hasToken: true, configLoaded: true })).toEqual({
      kind: 'allow',
    });
  });

  it('repeats the navigation after a successful load, else goes to login with a redirect', () => {
    expect(decideAfterLoad(true, '/admin/users?x=1')).toEqual({ kind: 'redirect', to: '/admin/users?x=1' });
    expect(decideAfterLoad(false, '/admin/users?x=1')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fadmin%2Fusers%3Fx%3D1',
    });
  });

  it('sends a user without a token to /login with the target', () => {
    expect(decideNavigation({ ...base, pathname: '/dashboard', search: '?a=b' })).toEqual({
      kind: 'redirect',
      to: loginWithRedirect('/dashboard?a=b'),
    });
  });

  it('lets anonymous users open the routes without login', () => {
    for (const pathname of ['/login', '/register', '/reset-password', '/auth-redirect', '/404', '/401']) {
      expect(decideNavigation({ ...base, pathname })).toEqual({ kind: 'allow' });
    }
  });
});

const menu = (m: Partial<MenuDto> & Pick<MenuDto, 'id' | 'path' | 'name'>): MenuDto => ({
  parentId: null,
  displayName: m.name,
  component: 'Layout',
  meta: { title: m.name },
  ...m,
});

const menus: MenuDto[] = [
  menu({ id: 'admin', path: '/admin', name: 'Admin', redirect: 'noRedirect', code: '00001' }),
  menu({
    id: 'users',
    parentId: 'admin',
    path: 'users',
    name: 'Users',
    component: 'admin/users/index',
    code: '00001.00001',
  }),
  menu({
    id: 'roles',
    parentId: 'admin',
    path: 'roles',
    name: 'Roles',
    component: 'admin/roles/index',
    code: '00001.00002',
    meta: { title: 'Roles', roles: ['AbpIdentity.Roles'] },
  }),
  menu({ id: 'user', parentId: 'admin', path: 'users/:id', name: 'UserDetail', component: 'admin/users/detail' }),
];

/** The product's pages, as the route catalogue names them (route-access.ts). */
const exists = (p: string) => ['/admin/tenants', '/admin/roles', '/product/brach'].includes(p);

describe('route access', () => {
  const held = new Set(['AbpIdentity.Users']);
  const tree = buildRouteTree(menus, staticLayoutMenus, held);

  it('sends / to the dashboard', () => {
    expect(decideAccess(tree, '/', exists)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('sends / to the startup (home) menu instead, when the user may open it', () => {
    const withHome = (id: string) => menus.map((m) => (m.id === id ? { ...m, startup: true } : m));
    const home = (id: string) => decideAccess(buildRouteTree(withHome(id), staticLayoutMenus, held), '/', exists);
    expect(home('users')).toEqual({ kind: 'redirect', to: '/admin/users' });
    // not a page the user may open (roles not held), a group, or a route with parameters: the dashboard
    for (const id of ['roles', 'admin', 'user']) expect(home(id)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('opens a page of the menu, with parameters', () => {
    const d = decideAccess(tree, '/admin/users', exists);
    expect(d.kind === 'page' && d.route.name).toBe('Users');
    const p = decideAccess(tree, '/admin/users/42', exists);
    expect(p.kind === 'page' && p.route.name).toBe('UserDetail');
    expect(decideAccess(tree, '/dashboard', exists).kind).toBe('page');
  });

  it('forbids a route whose roles the user does not hold (401/403 page)', () => {
    expect(decideAccess(tree, '/admin/roles', exists)).toEqual({ kind: 'forbidden' });
  });

  it('one rule for every module: a page of the product missing from the user’s menu is 401, the unknown 404', () => {
    expect(decideAccess(tree, '/admin/tenants', exists)).toEqual({ kind: 'forbidden' });
    expect(decideAccess(tree, '/product/brach', exists)).toEqual({ kind: 'forbidden' });
    expect(decideAccess(tree, '/nowhere', exists)).toEqual({ kind: 'not-found' });
    expect(decideAccess(tree, '/product/no-such-page', exists)).toEqual({ kind: 'not-found' });
  });

  it('/redirect/{path} re-renders the page: it goes there, with the query, and asks for a fresh mount', () => {
    expect(decideAccess(tree, '/redirect/admin/users', exists)).toEqual({
      kind: 'redirect',
      to: '/admin/users',
      refresh: '/admin/users',
    });
    expect(decideAccess(tree, '/redirect', exists)).toEqual({ kind: 'redirect', to: '/', refresh: '/' });
  });

  it('redirects a group to its first visible child when it has no redirect of its own', () => {
    const t2 = buildRouteTree(
      [
        menu({ id: 'g', path: '/g', name: 'G' }),
        menu({ id: 'c', parentId: 'g', path: 'c', name: 'C', component: 'x/c' }),
      ],
      [],
      held,
    );
    expect(decideAccess(t2, '/g', exists)).toEqual({ kind: 'redirect', to: '/g/c' });
  });

  it('lets a server menu replace the static dashboard but keeps it affixed', () => {
    const t3 = buildRouteTree(
      [menu({ id: 'd', path: '/dashboard', name: 'Dashboard', component: 'dashboard/index' })],
      staticLayoutMenus,
      held,
    );
    const dash = t3.filter((r) => r.path === '/dashboard');
    expect(dash).toHaveLength(1);
    expect(dash[0].id).toBe('d');
    expect(dash[0].meta.affix).toBe(true);
  });
});
