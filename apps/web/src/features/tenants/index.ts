import { defineFeature } from '../../lib/feature.ts';

/** Tenants, their connection strings and features (server modules `tenants`, `features`). */
export const tenants = defineFeature({
  name: 'tenants',
  pages: {
    'admin/tenants/index': () => import('./pages/tenants/index.tsx'),
  },
});
