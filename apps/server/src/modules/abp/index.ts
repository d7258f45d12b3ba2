import { defineModule } from '../../core/module.ts';
import { features } from '../features/index.ts';
import { permissionManagement } from '../permission-management/index.ts';
import { settings } from '../settings/index.ts';
import routes from './routes.ts';

/** ABP's application endpoints: configuration, localization, api-definition, tenant lookup. */
export const abp = defineModule({
  name: 'abp',
  dependsOn: [settings, features, permissionManagement],
  routes,
});
