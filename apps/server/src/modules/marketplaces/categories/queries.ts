import {
  attributesOf,
  attributesRead,
  cachedAttributes,
  cachedCategory,
  categoriesOf,
  marketplaceFailure,
  remoteTree,
  siteClient,
  treeRead,
} from './cache.ts';
import { draftAttributes, draftAttributesIn } from './lookup.ts';
import { catalogOptions, categoryMappingService, mappingFor } from './service.ts';

export type { Ctx, SiteRead } from './cache.ts';
export type { DraftAttributes } from './lookup.ts';
/**
 * Publishing's names: a product's draft attributes in a unit of their own (`draftAttributes`, read
 * before a publish's unit), and a marketplace failure as the API answers it (items, listings).
 */
export { draftAttributes, marketplaceFailure };

/**
 * Category mapping's reads (the area's service shape, `docs/architecture.md`): each takes the open
 * unit's `tx` and the context. Those taking `(services, ctx)` run before any unit: they reach the
 * marketplace through one of the tenant's shops (whose client may refresh its token in a unit of
 * its own) and return what they read for `categoryCommands.store` to cache.
 */
export const categoryQueries = {
  /** The mappings' page, list, one mapping and export batches (the kit's). */
  mappings: categoryMappingService.queries,
  /** The cached tree's children of a category (top level without one), or a search of its name paths. */
  categories: categoriesOf,
  /** A leaf's cached attributes and brands. */
  attributes: attributesOf,
  /** A cached platform category of a site, or null. */
  cachedCategory,
  /** A leaf's cached attributes, or null. */
  cachedAttributes,
  /** The catalogue's categories and attributes (with values), for the mapping form. */
  catalogOptions,
  /** The mapping of a product's categories (or their nearest mapped ancestor) for a site. */
  mappingFor,
  /** What a product gets from its category's mapping for a site. */
  draft: draftAttributesIn,
  /** Before any unit: the shop's client and site. */
  site: siteClient,
  /** Before the unit: the site's tree, read from the marketplace when none is cached. */
  treeRead,
  /** Before the unit: a leaf's attributes (and the tree) read from the marketplace when not cached. */
  attributesRead,
  /** Before the unit: the site's tree read afresh (a refresh). */
  remoteTree,
};
