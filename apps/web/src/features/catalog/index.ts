import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/** The catalogue's pages. */
export const catalog = defineFeature({
  name: 'catalog',
  pages: pagesIn('catalog', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
