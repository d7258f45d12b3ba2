import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/** Menus and layouts (server module `menus`); the seeded keys still say 'container'. */
export const menus = defineFeature({
  name: 'menus',
  pages: pagesIn('container', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
