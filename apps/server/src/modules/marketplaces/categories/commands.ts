import type { KitServices } from '../../../core/resource.ts';
import { storeRead, storeTree } from './cache.ts';
import { categoryMappingService } from './service.ts';

/**
 * Category mapping's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context: the mappings' kit (create, update, delete), and the caches of what
 * was read from the marketplace before the unit (`categoryQueries.treeRead`, `attributesRead`,
 * `remoteTree`). None opens a unit of work, sends a job or calls the marketplace.
 */
export const categoryCommands = (services: KitServices) => ({
  /** The mappings' create, update and delete. */
  mappings: categoryMappingService.commands(services),
  /** Replaces the site's cached tree (and its leaves' attributes) with one read afresh; the tree's summary. */
  storeTree,
  /** Caches what a request read: the tree when it had none, a leaf's attributes when they were not cached. */
  store: storeRead,
});
