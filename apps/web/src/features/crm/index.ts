import { defineFeature } from '../../lib/feature.ts';

/**
 * Customer management pages (server module `crm`) under `/crm`: customers and their editing page,
 * the public pool, follow-ups, businesses, order tracking, job reports, a customer's records
 * (addresses, bank and social accounts, subscriptions) and tags. Calls live in `api/<area>.ts`.
 */
export const crm = defineFeature({
  name: 'crm',
  pages: {
    'crm/customer/index': () => import('./pages/customer/index.tsx'),
    'crm/public-customer/index': () => import('./pages/public-customer/index.tsx'),
    'crm/customer-editing/index': () => import('./pages/customer-editing/index.tsx'),
    'crm/activity/index': () => import('./pages/activity/index.tsx'),
    'crm/business/index': () => import('./pages/business/index.tsx'),
    'crm/order/index': () => import('./pages/order/index.tsx'),
    'crm/job-report/index': () => import('./pages/job-report/index.tsx'),
    'crm/address/index': () => import('./pages/address/index.tsx'),
    'crm/bank-account/index': () => import('./pages/bank-account/index.tsx'),
    'crm/social-account/index': () => import('./pages/social-account/index.tsx'),
    'crm/subscription/index': () => import('./pages/subscription/index.tsx'),
    'crm/tag/index': () => import('./pages/tag/index.tsx'),
  },
});
