import { categoryService } from './categories.ts';
import {
  attributeGroupService,
  brandService,
  matchVendorSources,
  purchaseAttributeService,
  screenAttributeService,
  supplierService,
  vendorSourceService,
} from './service.ts';

/**
 * The catalogue master data's reads (the area's service shape, `docs/architecture.md`): per entity,
 * the kit's page, list, one row and export batches, each in the caller's unit `(tx, ctx, …)` (the
 * suppliers' with the context of their `context`, which holds the key their masked account needs).
 */
export const masterDataQueries = {
  categories: categoryService.queries,
  brands: brandService.queries,
  suppliers: supplierService.queries,
  vendorSources: vendorSourceService.queries,
  purchaseAttributes: purchaseAttributeService.queries,
  screenAttributes: screenAttributeService.queries,
  attributeGroups: attributeGroupService.queries,
  /** The vendor sources whose URL patterns recognise a URL, in their order. */
  matchVendorSources,
};
