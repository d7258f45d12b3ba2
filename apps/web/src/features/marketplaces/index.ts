import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/**
 * Marketplace publishing pages (server module `marketplaces`) under `/publishingPlatform`: the same
 * pages for Lazada and Shopee (each key's file names its platform), the publish wizard, and the page
 * a marketplace's consent screen returns to.
 */
export const marketplaces = defineFeature({
  name: 'marketplaces',
  pages: pagesIn(
    'marketplaces',
    import.meta.glob<PageModule>(['./pages/*/index.tsx', './pages/*/lazada.tsx', './pages/*/shopee.tsx']),
  ),
});
