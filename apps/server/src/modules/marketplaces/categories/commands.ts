import type { Services } from '../../../core/services.ts';
import { storeRead, storeTree } from './cache.ts';
import { categoryMappingService } from './service.ts';

/**
 * The mappings' CRUD kit (`resourceService`): its `create`, `update` and `delete` still open their
 * own unit, the kit's declarative form.
 */
export { categoryMappingService };

/**
 * Category mapping's writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context and caches what was read from the marketplace before the unit
 * (`categoryQueries.treeRead`, `attributesRead`, `remoteTree`). None opens a unit of work, sends a
 * job or calls the marketplace. None raises an event yet, so `services` is taken for the shape only.
 */
export const categoryCommands = (_services: Pick<Services, 'events'>) => ({
  /** Replaces the site's cached tree (and its leaves' attributes) with one read afresh; the tree's summary. */
  storeTree,
  /** Caches what a request read: the tree when it had none, a leaf's attributes when they were not cached. */
  store: storeRead,
});
