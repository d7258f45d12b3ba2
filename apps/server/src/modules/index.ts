import type { FastifyPluginAsync } from 'fastify';
import abp from './abp/routes.ts';
import account from './account/routes.ts';
import auditing from './auditing/routes.ts';
import catalog from './catalog/routes.ts';
import features from './features/routes.ts';
import files from './files/routes.ts';
import identity from './identity/routes.ts';
import identityServer from './identity-server/routes.ts';
import menus from './menus/routes.ts';
import notifications from './notifications/routes.ts';
import permissionManagement from './permission-management/routes.ts';
import settings from './settings/routes.ts';
import tenants from './tenants/routes.ts';

/** Every module's routes, registered in this order. */
export const modules: FastifyPluginAsync[] = [
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
