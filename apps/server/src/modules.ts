import type { ModuleDefinition } from './core/module.ts';
import { abp } from './modules/abp/index.ts';
import { account } from './modules/account/index.ts';
import { auditing } from './modules/auditing/index.ts';
import { backgroundJobs } from './modules/background-jobs/index.ts';
import { catalog } from './modules/catalog/index.ts';
import { crm } from './modules/crm/index.ts';
import { features } from './modules/features/index.ts';
import { files } from './modules/files/index.ts';
import { identity } from './modules/identity/index.ts';
import { identityServer } from './modules/identity-server/index.ts';
import { logistics } from './modules/logistics/index.ts';
import { marketplaceSimulator } from './modules/marketplace-simulator/index.ts';
import { marketplaces } from './modules/marketplaces/index.ts';
import { menus } from './modules/menus/index.ts';
import { notifications } from './modules/notifications/index.ts';
import { permissionManagement } from './modules/permission-management/index.ts';
import { pricing } from './modules/pricing/index.ts';
import { settings } from './modules/settings/index.ts';
import { sitekit } from './modules/sitekit/index.ts';
import { tenants } from './modules/tenants/index.ts';
import { trade } from './modules/trade/index.ts';

/**
 * The composition root: the modules the product runs. Each brings its dependencies (started
 * first). This order is the order of their groups on screen (permissions, settings). A new
 * module is one line here.
 */
export const productModules: readonly ModuleDefinition[] = [
  identity,
  tenants,
  settings,
  features,
  auditing,
  menus,
  identityServer,
  account,
  permissionManagement,
  notifications,
  files,
  catalog,
  logistics,
  pricing,
  marketplaces,
  sitekit,
  trade,
  crm,
  marketplaceSimulator,
  abp,
  backgroundJobs,
];
