import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/** The signed-in user's own pages (server module `account`). */
export const profile = defineFeature({
  name: 'profile',
  pages: pagesIn('profile', import.meta.glob<PageModule>(['./pages/*.tsx', '!./pages/*.test.tsx'])),
});
