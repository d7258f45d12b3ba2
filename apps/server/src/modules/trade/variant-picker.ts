import { or } from 'drizzle-orm';
import { contains } from '../../core/search.ts';
import { catalogProducts, catalogProductVariants } from '../catalog/index.ts';

/** The columns a variant picker shows: the variant, its SKU and label, its product's name. */
export const variantPickerColumns = {
  variantId: catalogProductVariants.id,
  sku: catalogProductVariants.sku,
  productName: catalogProducts.name,
  label: catalogProductVariants.label,
};

/** A variant picker's text: the variants whose SKU or product name holds it (all without one). */
export const variantTextMatch = (filter: string | undefined) =>
  filter ? or(contains(catalogProductVariants.sku, filter), contains(catalogProducts.name, filter)) : undefined;
