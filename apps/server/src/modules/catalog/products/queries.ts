import { isOwnCategory, skuCosts } from './costs.ts';
import { imagesOf } from './images.ts';
import {
  getProduct,
  itemPrices,
  productBySku,
  productListService,
  productRecycleListService,
  selectionWhere,
} from './list.ts';
import { shippingFacts } from './shipping.ts';
import { skuPattern } from './sku.ts';
import { tenantPriceCurrency } from './write.ts';

/**
 * Products' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx` and the context. `priceCurrency` and `skuPattern` read the tenant's settings in a unit of
 * their own, before the caller opens one.
 */
export const productQueries = {
  /** The product list (the list kit, cached per tenant: its page and export). */
  list: productListService,
  /** The recycle area's products (the list kit, cached as the list is). */
  recycleList: productRecycleListService,
  /** A product with its variants, images and spec sheet. */
  get: getProduct,
  /** The product owning a product or variant SKU. */
  bySku: productBySku,
  /** Prices of product or variant SKUs. */
  itemPrices,
  /** Per product: the main image and all images, main first. */
  images: imagesOf,
  /** The condition selecting the products an SKU image export's filter names. */
  selection: selectionWhere,
  /** What one unit of each SKU costs (read by pricing). */
  costs: skuCosts,
  isOwnCategory,
  /** Weights, sizes and declared values of SKUs (read by the freight estimate). */
  shipping: shippingFacts,
  /** The tenant's accounting currency, a new product's price currency. */
  priceCurrency: tenantPriceCurrency,
  /** The tenant's parent-SKU pattern, for `generateSku`. */
  skuPattern,
};
