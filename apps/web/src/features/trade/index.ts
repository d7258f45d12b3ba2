import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/**
 * Order management pages (server module `trade`) under `/order`: sales orders, purchasing,
 * receiving, stock, shipments and their tracking, finance (statements, arrivals) and statistics.
 * Calls live in `api/<area>.ts`, one file per server area.
 */
export const trade = defineFeature({
  name: 'trade',
  pages: pagesIn('trade', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
