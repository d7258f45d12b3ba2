import { defineModule } from '../../core/module.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';

/** Stored files (product images): upload, thumbnails, download. */
export const files = defineModule({
  name: 'files',
  texts,
  routes,
});
