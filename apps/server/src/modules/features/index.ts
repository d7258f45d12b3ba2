import { featureManagementPermissions } from '@seller/contracts';
import { defineModule } from '../../core/module.ts';
import { appFeatures, featureErrorTexts, identityFeatures, notificationFeatures } from './definitions.ts';
import { subscribeToEvents } from './events.ts';
import routes from './routes.ts';

// The module's public API (what other modules may import).
export { getFeature, getFeatures } from './service.ts';

/** Feature values per tenant and edition (the definitions come from every module). */
export const features = defineModule({
  name: 'features',
  texts: [featureErrorTexts],
  permissions: [featureManagementPermissions],
  features: [appFeatures, identityFeatures, notificationFeatures],
  events: subscribeToEvents,
  routes,
});
