import { defineFeature } from '../../lib/feature.ts';

/** The notification inbox and sending (server module `notifications`). */
export const notifications = defineFeature({
  name: 'notifications',
  pages: {
    'notifications/notification/index': () => import('./pages/notification/index.tsx'),
    'notifications/send/index': () => import('./pages/send/index.tsx'),
  },
});
