import { auditing } from '../features/auditing/index.ts';
import { auth } from '../features/auth/index.ts';
import { backgroundJobs } from '../features/background-jobs/index.ts';
import { catalog } from '../features/catalog/index.ts';
import { crm } from '../features/crm/index.ts';
import { dashboard } from '../features/dashboard/index.ts';
import { errors } from '../features/errors/index.ts';
import { identity } from '../features/identity/index.ts';
import { logistics } from '../features/logistics/index.ts';
import { marketplaces } from '../features/marketplaces/index.ts';
import { menus } from '../features/menus/index.ts';
import { notifications } from '../features/notifications/index.ts';
import { pricing } from '../features/pricing/index.ts';
import { profile } from '../features/profile/index.ts';
import { settings } from '../features/settings/index.ts';
import { sitekit } from '../features/sitekit/index.ts';
import { tenants } from '../features/tenants/index.ts';
import { trade } from '../features/trade/index.ts';
import type { Feature } from '../lib/feature.ts';

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
  logistics,
  pricing,
  marketplaces,
  sitekit,
  trade,
  crm,
  backgroundJobs,
  auth,
  errors,
];
