import { defineFeature } from '../../lib/feature.ts';

/** Logistics pages (server module `logistics`), keyed by the menu components under `/physical`. */
export const logistics = defineFeature({
  name: 'logistics',
  pages: {
    'logistics/warehouse/index': () => import('./pages/warehouse/index.tsx'),
    'logistics/physical/index': () => import('./pages/physical/index.tsx'),
    'logistics/zone/index': () => import('./pages/zone/index.tsx'),
    'logistics/country/index': () => import('./pages/country/index.tsx'),
    'logistics/freight-strategy/index': () => import('./pages/freight-strategy/index.tsx'),
    'logistics/charge/index': () => import('./pages/charge/index.tsx'),
  },
});
