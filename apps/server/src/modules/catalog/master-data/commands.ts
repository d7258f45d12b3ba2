import type { KitServices } from '../../../core/resource.ts';
import { categoryService, moveCategory } from './categories.ts';
import {
  attributeGroupService,
  brandService,
  purchaseAttributeService,
  screenAttributeService,
  supplierService,
  vendorSourceService,
} from './service.ts';

/**
 * The catalogue master data's writes, each in the caller's transaction: per entity the kit's
 * create, update and delete (a gather's claim creates suppliers and attributes in its own), and a
 * category's move in the tree.
 */
export const masterDataCommands = (services: KitServices) => ({
  categories: categoryService.commands(services),
  brands: brandService.commands(services),
  suppliers: supplierService.commands(services),
  vendorSources: vendorSourceService.commands(services),
  purchaseAttributes: purchaseAttributeService.commands(services),
  screenAttributes: screenAttributeService.commands(services),
  attributeGroups: attributeGroupService.commands(services),
  /** Moves a category under a parent, at a position among its new siblings (renumbered). */
  moveCategory,
});
