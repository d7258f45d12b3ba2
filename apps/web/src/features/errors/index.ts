import { defineFeature } from '../../lib/feature.ts';

/** The 404 and 401 pages (routes outside the layout). */
export const errors = defineFeature({
  name: 'errors',
  pages: {
    'errors/404': () => import('./pages/404.tsx'),
    'errors/401': () => import('./pages/401.tsx'),
  },
});
