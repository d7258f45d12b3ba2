import { defineModule } from '../../core/module.ts';
import { texts } from './locales.ts';
import routes from './routes.ts';

export { fileCommands } from './commands.ts';
// The module's public API (what other modules may import).
export { placeholderPng } from './png.ts';
export { publicFileLink } from './public-links.ts';
export { fileQueries } from './queries.ts';
export { imageTypeOf, storeFile } from './service.ts';

/** Stored files (product images): upload, thumbnails, download. */
export const files = defineModule({
  name: 'files',
  texts,
  routes,
});
