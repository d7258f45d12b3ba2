import type { ModuleDefinition } from './core/module.ts';
import { abp } from './modules/abp/index.ts';
import { account } from './modules/account/index.ts';
import { auditing } from './modules/auditing/index.ts';
import { catalog } from './modules/catalog/index.ts';
import { features } from './modules/features/index.ts';
import { files } from './modules/files/index.ts';
import { identity } from './modules/identity/index.ts';
import { identityServer } from './modules/identity-server/index.ts';
import { menus } from './modules/menus/index.ts';
import { notifications } from './modules/notifications/index.ts';
import { permissionManagement } from './modules/permission-management/index.ts';
import { settings } from './modules/settings/index.ts';
import { tenants } from './modules/tenants/index.ts';

/**
 * The composition root: the modules the product runs. Each brings its dependencies (started
 * first); the order here only breaks ties. A new module is one line here.
 */
export const productModules: readonly ModuleDefinition[] = [
  identityServer,
  account,
  identity,
  tenants,
  permissionManagement,
  settings,
  features,
  menus,
  auditing,
  notifications,
  files,
  catalog,
  abp,
];
