import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/** Users, roles, organization units and claim types (server module `identity`). */
export const identity = defineFeature({
  name: 'identity',
  pages: pagesIn('admin', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
