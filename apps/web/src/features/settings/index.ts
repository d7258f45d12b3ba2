import { defineFeature } from '../../lib/feature.ts';

/** Global, tenant and personal settings (server module `settings`). */
export const settings = defineFeature({
  name: 'settings',
  pages: {
    'admin/settings/index': () => import('./pages/settings/index.tsx'),
  },
});
