import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/** The seller's own storefronts (server module `sitekit`), keyed by the menu components under `/publishingPlatform/site`. */
export const sitekit = defineFeature({
  name: 'sitekit',
  pages: pagesIn('sitekit', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
