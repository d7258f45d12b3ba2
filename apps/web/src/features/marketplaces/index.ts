import { defineFeature } from '../../lib/feature.ts';

/**
 * Marketplace publishing pages (server module `marketplaces`) under `/publishingPlatform`: the same
 * pages for Lazada and Shopee (each key's file names its platform), the publish wizard, and the page
 * a marketplace's consent screen returns to.
 */
export const marketplaces = defineFeature({
  name: 'marketplaces',
  pages: {
    'marketplaces/shops/lazada': () => import('./pages/shops/lazada.tsx'),
    'marketplaces/shops/shopee': () => import('./pages/shops/shopee.tsx'),
    'marketplaces/shop-callback/index': () => import('./pages/shop-callback/index.tsx'),
    'marketplaces/category-mapping/lazada': () => import('./pages/category-mapping/lazada.tsx'),
    'marketplaces/category-mapping/shopee': () => import('./pages/category-mapping/shopee.tsx'),
    'marketplaces/items/lazada': () => import('./pages/items/lazada.tsx'),
    'marketplaces/items/shopee': () => import('./pages/items/shopee.tsx'),
    'marketplaces/logistics/lazada': () => import('./pages/logistics/lazada.tsx'),
    'marketplaces/logistics/shopee': () => import('./pages/logistics/shopee.tsx'),
    'marketplaces/listings/lazada': () => import('./pages/listings/lazada.tsx'),
    'marketplaces/listings/shopee': () => import('./pages/listings/shopee.tsx'),
    'marketplaces/publish/index': () => import('./pages/publish/index.tsx'),
  },
});
