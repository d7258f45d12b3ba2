import { defineFeature } from '../../lib/feature.ts';

/** The fixed Dashboard tab. */
export const dashboard = defineFeature({
  name: 'dashboard',
  pages: {
    'dashboard/index': () => import('./pages/index.tsx'),
  },
});
