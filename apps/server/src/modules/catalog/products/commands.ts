import type { Culture } from '@seller/contracts';
import type { ProductInput, ProductUpdateInput } from '@seller/contracts/catalog';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { addImages, removeImages } from './images.ts';
import type { ProductSheetRow } from './import.ts';
import { importRows } from './import-rows.ts';
import {
  approveProduct,
  clearProduct,
  hardDeleteProduct,
  rebackProduct,
  removeProduct,
  setProductActive,
} from './lifecycle.ts';
import type { Ctx } from './records.ts';
import { generateSku } from './sku.ts';
import { createPricedProduct, removeSpecification, removeVariant, updateProduct } from './write.ts';

/**
 * Products' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context, checks its rules, writes, and raises `ProductsChanged` on that
 * transaction. None opens a unit of work; what must be read first (the tenant's price currency,
 * its SKU pattern) comes from `productQueries` before the unit.
 */
export const productCommands = (services: Pick<Services, 'events' | 'config'>) => ({
  /** A product with its variants and spec sheet; `currency` the tenant's (`priceCurrency`), for an input naming none. */
  create: (tx: Tx, ctx: Ctx, input: ProductInput, currency: string) =>
    createPricedProduct(services, tx, ctx, input, currency),
  update: (tx: Tx, ctx: Ctx, id: string, input: ProductUpdateInput) => updateProduct(services, tx, ctx, id, input),
  removeVariant: (tx: Tx, ctx: Ctx, variantId: string) => removeVariant(services, tx, ctx, variantId),
  removeSpecification: (tx: Tx, ctx: Ctx, specificationId: string) =>
    removeSpecification(services, tx, ctx, specificationId),
  setActive: (tx: Tx, ctx: Ctx, id: string, isActive: boolean) => setProductActive(services, tx, ctx, id, isActive),
  /** A PMS status move (`approve-product`). */
  approve: (tx: Tx, ctx: Ctx, input: { id: string; pmsStatus: number; concurrencyStamp?: string }) =>
    approveProduct(services, tx, ctx, input),
  /** Soft delete: into the recycle area. */
  remove: (tx: Tx, ctx: Ctx, id: string) => removeProduct(services, tx, ctx, id),
  /** Deletes for good, from the list or the recycle area. */
  hardDelete: (tx: Tx, ctx: Ctx, id: string) => hardDeleteProduct(services, tx, ctx, id),
  /** Restores a recycled product. */
  reback: (tx: Tx, ctx: Ctx, id: string) => rebackProduct(services, tx, ctx, id),
  /** Deletes a recycled product for good. */
  clear: (tx: Tx, ctx: Ctx, id: string) => clearProduct(services, tx, ctx, id),
  addImages: (tx: Tx, ctx: Ctx, productId: string, input: { urls: string[]; mainUrl?: string }) =>
    addImages(services, tx, ctx, productId, input),
  removeImages: (tx: Tx, ctx: Ctx, productId: string, urls: string[]) =>
    removeImages(services, tx, ctx, productId, urls),
  /** The rows of an import sheet (`readProductSheet`), all or nothing: `ImportRejected` lists every bad row. */
  import: (tx: Tx, ctx: Ctx, culture: Culture, rows: ProductSheetRow[], currency: string) =>
    importRows(services, tx, ctx, culture, rows, currency),
  /** A new parent SKU from `pattern` (`skuPattern`). */
  generateSku,
});
