import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/** Audit log and security log (server module `auditing`). */
export const auditing = defineFeature({
  name: 'auditing',
  pages: pagesIn('auditing', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
