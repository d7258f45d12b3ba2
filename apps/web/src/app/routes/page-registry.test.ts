import { describe, expect, it } from 'vitest';
// the menus every tenant is seeded with: each page `component` key must open a page of this build
import { buildPageLoaders, hasPage, registeredPages } from './page-registry.tsx';
import { isGroupComponent } from './route-table.ts';
import { staticLayoutMenus } from './static-routes.ts';

// the menu entries every module declares (modules/<m>/menus.ts), as text
const seed = Object.values(
  import.meta.glob<string>('../../../../server/src/modules/*/menus.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).join('\n');

const seededKeys = [...new Set([...seed.matchAll(/\bcomponent:\s*'([^']+)'/g)].map((m) => m[1]!))];

describe('page registry', () => {
  it('has a page for every menu key the server seeds', () => {
    const pages = seededKeys.filter((key) => !isGroupComponent(key));
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((key) => !hasPage(key))).toEqual([]);
  });

  it('has the static layout pages (dashboard, profile)', () => {
    for (const key of ['dashboard/index', 'profile/index', 'profile/setting']) {
      expect(staticLayoutMenus.some((m) => m.component === key)).toBe(true);
      expect(hasPage(key), key).toBe(true);
    }
  });

  it('tolerates case, prefixes, extensions and the trailing /index', () => {
    for (const key of [
      'admin/users/index',
      'Admin/Users/Index',
      'admin/users',
      'views/admin/users/index.vue',
      '/src/views/admin/users/index.tsx',
      '@/pages/admin/users/index',
      'dashboard',
      'profile/setting/index',
    ]) {
      expect(hasPage(key), key).toBe(true);
    }
    for (const key of ['admin/nope/index', 'catalog/products/import', 'x/index', '']) {
      expect(hasPage(key), key).toBe(false);
    }
    expect(registeredPages()).toContain('container/menus/index');
  });

  it('refuses two features that serve the same key', () => {
    const load = () => Promise.resolve({ default: () => null });
    expect(() =>
      buildPageLoaders([
        { name: 'identity', pages: { 'admin/users/index': load } },
        { name: 'other', pages: { 'Admin/Users/Index': load } },
      ]),
    ).toThrow(/'identity' and 'other'/);
  });
});
