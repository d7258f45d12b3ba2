import type { AddVendorInput, UpdateVendorInput } from '@seller/contracts/catalog';
import type { CrudContext } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { addVendor, clearVendor, rebackVendor, removeVendor, removeVendors, updateVendor } from './service.ts';

type Ctx = CrudContext;

/**
 * Product vendors' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context, and raises `ProductsChanged` on it. None opens a unit of work.
 */
export const vendorCommands = (services: Pick<Services, 'events'>) => ({
  /** Links a product to a supplier (the first link is primary); the new link's row. */
  add: (tx: Tx, ctx: Ctx, input: AddVendorInput) => addVendor(services, tx, ctx, input),
  update: (tx: Tx, ctx: Ctx, input: UpdateVendorInput) => updateVendor(services, tx, ctx, input),
  /** The product's link to the supplier, into the recycle area. */
  remove: (tx: Tx, ctx: Ctx, productId: string, supplierId: string) =>
    removeVendor(services, tx, ctx, productId, supplierId),
  /** One supplier off several products; how many links went. */
  removeMany: (tx: Tx, ctx: Ctx, supplierId: string, productIds: string[]) =>
    removeVendors(services, tx, ctx, supplierId, productIds),
  /** Restores a recycled link. */
  reback: (tx: Tx, ctx: Ctx, id: string) => rebackVendor(services, tx, ctx, id),
  /** Deletes a recycled link for good. */
  clear: (tx: Tx, ctx: Ctx, id: string) => clearVendor(services, tx, ctx, id),
});
