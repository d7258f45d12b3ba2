import { productLifecycle } from './lifecycle.ts';
import { productQueries } from './list.ts';
import { skuService } from './sku.ts';
import { productWrites } from './write.ts';

/**
 * Products (domain §3.2–3.4): the master record, its variants (the cartesian product of the
 * chosen purchase-attribute values, one SKU each), the PMS lifecycle, SKU generation and
 * lookups, and the recycle area (soft delete, restore, clear).
 */
export const productService = { ...productQueries, ...productWrites, ...productLifecycle, ...skuService };
