import { defineFeature } from '../../lib/feature.ts';

/**
 * Order management pages (server module `trade`) under `/order`: sales orders, purchasing,
 * receiving, stock, shipments and their tracking, finance (statements, arrivals) and statistics.
 * Calls live in `api/<area>.ts`, one file per server area.
 */
export const trade = defineFeature({
  name: 'trade',
  pages: {
    'trade/orders/index': () => import('./pages/orders/index.tsx'),
    'trade/purchase/index': () => import('./pages/purchase/index.tsx'),
    'trade/receiving/index': () => import('./pages/receiving/index.tsx'),
    'trade/stock/index': () => import('./pages/stock/index.tsx'),
    'trade/shipment/index': () => import('./pages/shipment/index.tsx'),
    'trade/shipment-record/index': () => import('./pages/shipment-record/index.tsx'),
    'trade/financial/index': () => import('./pages/financial/index.tsx'),
    'trade/arrival/index': () => import('./pages/arrival/index.tsx'),
    'trade/statistics/index': () => import('./pages/statistics/index.tsx'),
  },
});
