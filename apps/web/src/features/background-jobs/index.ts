import { defineFeature } from '../../lib/feature.ts';

/** Background jobs: queues, jobs with live progress, retry and cancel (server module `background-jobs`). */
export const backgroundJobs = defineFeature({
  name: 'background-jobs',
  pages: {
    'background-jobs/index': () => import('./pages/index.tsx'),
  },
});
