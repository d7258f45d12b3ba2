import { defineFeature } from '../../lib/feature.ts';

/** Logistics pages (server module `logistics`). */
export const logistics = defineFeature({
  name: 'logistics',
  pages: {
    'logistics/warehouse/index': () => import('./pages/warehouse/index.tsx'),
  },
});
