import { defineFeature } from '../../lib/feature.ts';

/** Users, roles, organization units and claim types (server module `identity`). */
export const identity = defineFeature({
  name: 'identity',
  pages: {
    'admin/users/index': () => import('./pages/users/index.tsx'),
    'admin/roles/index': () => import('./pages/roles/index.tsx'),
    'admin/organization-unit/index': () => import('./pages/organization-unit/index.tsx'),
    'admin/claim-type/index': () => import('./pages/claim-type/index.tsx'),
  },
});
