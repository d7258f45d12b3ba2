import { PmsTransitions } from '@seller/contracts';
import { and, eq } from 'drizzle-orm';
import {
  deleteOwned,
  getOwned,
  RESTORED,
  recordChange,
  removeOwned,
  rewriteOwned,
  selectEntities,
  updateOwned,
} from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { businessError, notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { productsChanged } from '../events.ts';
import { type Ctx, ENTITY, type Product, tenantOf } from './records.ts';
import { products } from './schema.ts';

/**
 * A product's lifecycle: active or not, the PMS status moves, soft delete into the recycle
 * area, restore and deleting for good.
 */

async function getDeleted(tx: Tx, ctx: Ctx, id: string): Promise<Product> {
  const [row] = await selectEntities(tx, products, {
    where: and(tenantOf(ctx), eq(products.id, id), eq(products.isDeleted, true))!,
    limit: 1,
  });
  if (!row) throw notFound(ENTITY, id);
  return row;
}

type Events = Pick<Services, 'events'>;

/** Soft delete: into the recycle area. */
export async function removeProduct(services: Events, tx: Tx, ctx: Ctx, id: string) {
  await deleteOwned(tx, ctx, products, ENTITY, id);
  await productsChanged(services, tx, ctx);
}

export async function setProductActive(services: Events, tx: Tx, ctx: Ctx, id: string, isActive: boolean) {
  await updateOwned(tx, ctx, products, ENTITY, id, { isActive });
  await productsChanged(services, tx, ctx);
}

/** A PMS status move allowed by `PmsTransitions`; others are 409 `Catalog::IllegalTransition`. */
export async function approveProduct(
  services: Events,
  tx: Tx,
  ctx: Ctx,
  input: { id: string; pmsStatus: number; concurrencyStamp?: string },
) {
  const row = await getOwned(tx, ctx, products, ENTITY, input.id);
  if (!PmsTransitions[row.pmsStatus]?.includes(input.pmsStatus)) {
    throw businessError('Catalog::IllegalTransition', { from: row.pmsStatus, to: input.pmsStatus }, 409);
  }
  await updateOwned(tx, ctx, products, ENTITY, input.id, { pmsStatus: input.pmsStatus }, input.concurrencyStamp);
  await productsChanged(services, tx, ctx);
}

/** Deletes a product for good, whether in the list or the recycle area; its SKUs become free. */
export async function hardDeleteProduct(services: Events, tx: Tx, ctx: Ctx, id: string) {
  const [row] = await selectEntities(tx, products, {
    where: and(tenantOf(ctx), eq(products.id, id))!,
    limit: 1,
  });
  if (!row) throw notFound(ENTITY, id);
  await tx.delete(products).where(and(tenantOf(ctx), eq(products.id, id)));
  recordChange(ctx, ENTITY, 2, id, row, {});
  await productsChanged(services, tx, ctx);
}

/** Restores a recycled product (the recycle area's `reback`). */
export async function rebackProduct(services: Events, tx: Tx, ctx: Ctx, id: string) {
  const before = await getDeleted(tx, ctx, id);
  await rewriteOwned(tx, ctx, products, ENTITY, before, RESTORED);
  await productsChanged(services, tx, ctx);
}

/** Deletes a recycled product for good (the recycle area's `clear`). */
export async function clearProduct(services: Events, tx: Tx, ctx: Ctx, id: string) {
  const before = await getDeleted(tx, ctx, id);
  await removeOwned(tx, ctx, products, ENTITY, before, true);
  await productsChanged(services, tx, ctx);
}
