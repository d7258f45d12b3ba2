import { defineFeature } from '../../lib/feature.ts';

/** Audit log and security log (server module `auditing`). */
export const auditing = defineFeature({
  name: 'auditing',
  pages: {
    'auditing/audit-log/index': () => import('./pages/audit-log/index.tsx'),
    'auditing/security-log/index': () => import('./pages/security-log/index.tsx'),
  },
});
