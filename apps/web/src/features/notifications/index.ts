import { defineFeature, type PageModule, pagesIn } from '../../lib/feature.ts';

/** The notification inbox and sending (server module `notifications`). */
export const notifications = defineFeature({
  name: 'notifications',
  pages: pagesIn('notifications', import.meta.glob<PageModule>('./pages/*/index.tsx')),
});
