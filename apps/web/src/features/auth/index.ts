import { defineFeature } from '../../lib/feature.ts';

/** Sign-in, registration, password reset and the sign-in redirect (routes outside the layout). */
export const auth = defineFeature({
  name: 'auth',
  pages: {
    'auth/login': () => import('./pages/login.tsx'),
    'auth/register': () => import('./pages/register.tsx'),
    'auth/reset-password': () => import('./pages/reset-password.tsx'),
    'auth/auth-redirect': () => import('./pages/auth-redirect.tsx'),
  },
});
