import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/** Logistics pages (server module `logistics`), keyed by the menu components under `/physical`. */
export const logistics = defineFeature({
  name: 'logistics',
  pages: pagesIn('logistics', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
