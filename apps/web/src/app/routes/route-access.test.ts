import { describe, expect, it } from 'vitest';
import { registeredPages } from './page-registry.tsx';
import { isProductPage, productPages } from './route-access.ts';

describe('the product’s pages (route catalogue)', () => {
  it('names every menu page this build has, so a user without it sees 401 rather than 404', () => {
    const named = new Set(productPages.flatMap((p) => (p.component ? [p.component] : [])));
    const pages = registeredPages().filter((key) => key.endsWith('index') && !/^(auth|errors)\//.test(key));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.filter((key) => !named.has(key))).toEqual([]);
  });

  it('knows the pages of every module by path, and nothing else', () => {
    for (const path of [
      '/admin/users',
      '/admin/roles',
      '/product/brach',
      '/product/productList',
      '/auditing/audit-log',
      '/publishingPlatform/site/channel',
      '/publishingPlatform/site/Cart',
    ]) {
      expect(isProductPage(path), path).toBe(true);
    }
    for (const path of [
      '/admin',
      '/admin/nope',
      '/product/brach/1',
      '/no/such/page',
      '/publishingPlatform/stock-sync',
    ]) {
      expect(isProductPage(path), path).toBe(false);
    }
  });
});
