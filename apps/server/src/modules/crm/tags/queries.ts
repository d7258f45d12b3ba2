import { allTags, getTag, tagListService } from './service.ts';

/** Tags' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's `tx` and the context. */
export const tagQueries = {
  /** The paged list and its export (the list kit), each tag with its usage count. */
  list: tagListService,
  /** Every tag of a scope (or all): the pickers' options. */
  all: allTags,
  get: getTag,
};
