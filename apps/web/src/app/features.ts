import { auditing } from '../features/auditing/index.ts';
import { auth } from '../features/auth/index.ts';
import { backgroundJobs } from '../features/background-jobs/index.ts';
import { dashboard } from '../features/dashboard/index.ts';
import { errors } from '../features/errors/index.ts';
import { identity } from '../features/identity/index.ts';
import { menus } from '../features/menus/index.ts';
import { notifications } from '../features/notifications/index.ts';
import { profile } from '../features/profile/index.ts';
import { settings } from '../features/settings/index.ts';
import { tenants } from '../features/tenants/index.ts';
import { defineFeature, type Feature } from '../lib/feature.ts';

/**
 * The catalogue's pages. This declaration belongs in features/catalog/index.ts like the others;
 * it lives here until that folder's current rework lands, then moves there unchanged.
 */
const catalog = defineFeature({
  name: 'catalog',
  pages: {
    'catalog/categories/index': () => import('../features/catalog/pages/categories/index.tsx'),
    'catalog/brands/index': () => import('../features/catalog/pages/brands/index.tsx'),
    'catalog/suppliers/index': () => import('../features/catalog/pages/suppliers/index.tsx'),
    'catalog/vendor-sources/index': () => import('../features/catalog/pages/vendor-sources/index.tsx'),
    'catalog/purchase-attributes/index': () => import('../features/catalog/pages/purchase-attributes/index.tsx'),
    'catalog/screen-attributes/index': () => import('../features/catalog/pages/screen-attributes/index.tsx'),
    'catalog/attribute-groups/index': () => import('../features/catalog/pages/attribute-groups/index.tsx'),
    'catalog/products/index': () => import('../features/catalog/pages/products/index.tsx'),
    'catalog/recycle/index': () => import('../features/catalog/pages/recycle/index.tsx'),
    'catalog/product-detail/index': () => import('../features/catalog/pages/product-detail/index.tsx'),
  },
});

/** Every feature of this build, the one place the app composes them (the page registry reads it). */
export const features: Feature[] = [
  dashboard,
  profile,
  identity,
  tenants,
  settings,
  auditing,
  menus,
  notifications,
  catalog,
  backgroundJobs,
  auth,
  errors,
];
