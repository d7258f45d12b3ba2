import { defineFeature } from '../../lib/feature.ts';

/** Menus and layouts (server module `menus`); the seeded keys still say 'container'. */
export const menus = defineFeature({
  name: 'menus',
  pages: {
    'container/menus/index': () => import('./pages/menus/index.tsx'),
    'container/layouts/index': () => import('./pages/layouts/index.tsx'),
  },
});
