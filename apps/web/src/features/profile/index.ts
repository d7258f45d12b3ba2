import { defineFeature } from '../../lib/feature.ts';

/** The signed-in user's own pages (server module `account`). */
export const profile = defineFeature({
  name: 'profile',
  pages: {
    'profile/index': () => import('./pages/index.tsx'),
    'profile/setting': () => import('./pages/setting.tsx'),
    'profile/security-log': () => import('./pages/security-log.tsx'),
  },
});
