import { defineFeature } from '../../lib/feature.ts';

/** The catalogue's pages. */
export const catalog = defineFeature({
  name: 'catalog',
  pages: {
    'catalog/categories/index': () => import('./pages/categories/index.tsx'),
    'catalog/brands/index': () => import('./pages/brands/index.tsx'),
    'catalog/suppliers/index': () => import('./pages/suppliers/index.tsx'),
    'catalog/vendor-sources/index': () => import('./pages/vendor-sources/index.tsx'),
    'catalog/purchase-attributes/index': () => import('./pages/purchase-attributes/index.tsx'),
    'catalog/screen-attributes/index': () => import('./pages/screen-attributes/index.tsx'),
    'catalog/attribute-groups/index': () => import('./pages/attribute-groups/index.tsx'),
    'catalog/products/index': () => import('./pages/products/index.tsx'),
    'catalog/recycle/index': () => import('./pages/recycle/index.tsx'),
    'catalog/product-detail/index': () => import('./pages/product-detail/index.tsx'),
    'catalog/gathers/index': () => import('./pages/gathers/index.tsx'),
    'catalog/collector/index': () => import('./pages/collector/index.tsx'),
    'catalog/sku-images/index': () => import('./pages/sku-images/index.tsx'),
  },
});
