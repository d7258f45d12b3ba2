import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/**
 * Customer management pages (server module `crm`) under `/crm`: customers and their editing page,
 * the public pool, follow-ups, businesses, order tracking, job reports, a customer's records
 * (addresses, bank and social accounts, subscriptions) and tags. Calls live in `api/<area>.ts`.
 */
export const crm = defineFeature({
  name: 'crm',
  pages: pagesIn('crm', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
