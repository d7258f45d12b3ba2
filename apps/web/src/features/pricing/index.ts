import { defineFeature } from '../../lib/feature.ts';

/** Pricing pages (server module `pricing`): the price rules under `/product/price-rules`. */
export const pricing = defineFeature({
  name: 'pricing',
  pages: {
    'pricing/price-rules/index': () => import('./pages/price-rules/index.tsx'),
  },
});
