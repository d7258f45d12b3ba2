import {
  type AddVendorInput,
  type ProductVendorDto,
  recycledVendorList,
  type UpdateVendorInput,
} from '@seller/contracts/catalog';
import { Decimal } from 'decimal.js';
import { and, asc, eq, exists, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type CrudContext,
  deleteOwned,
  getOwned,
  insertOwned,
  RESTORED,
  removeOwned,
  rewriteOwned,
  updateOwned,
} from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { businessError, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { uniquely } from '../../../core/resource.ts';
import type { Services } from '../../../core/services.ts';
import { productsChanged } from '../events.ts';
import { suppliers } from '../master-data/schema.ts';
import { products, productVendors } from '../products/schema.ts';
import { recycledVendorsTable } from '../recycle.ts';

/**
 * Product vendors (domain §3.5): a product's sources at suppliers with purchase price, MOQ,
 * lead time and quantity tier prices. At most one link per product is primary; the first link
 * of a product is primary by default (Tongtool: the first supplier is the preferred one).
 * Removing a link moves it to the recycle area (`/api/catalog/recycle/vendors`).
 */

type Ctx = CrudContext;
type Link = typeof productVendors.$inferSelect;
const ENTITY = 'ProductVendor';
const PRODUCT = 'Product';

const tenantOf = (ctx: Ctx) =>
  ctx.tenant ? eq(productVendors.tenantId, ctx.tenant.id) : isNull(productVendors.tenantId);
const live = (ctx: Ctx, ...extra: (SQL | undefined)[]) =>
  and(tenantOf(ctx), eq(productVendors.isDeleted, false), ...extra)!;

/** A unit cost as the link's column holds it: decimal text to 4 places. */
const unitCostText = (v: string | number) => new Decimal(v).toFixed(4);

const toDto = ({ tenantId: _t, deleterId: _d, ...l }: Link, supplier: { code: string; fullName: string }) => ({
  ...l,
  tiers: l.tiers.map((t) => ({ minQty: t.minQty, unitPrice: unitCostText(t.unitPrice) })),
  supplierCode: supplier.code,
  supplierName: supplier.fullName,
});

/** Links matching `where`, with their supplier's code and name, oldest first. */
async function select(tx: Tx, where: SQL, order: SQL[] = [asc(productVendors.creationTime), asc(productVendors.id)]) {
  return tx
    .select({ link: productVendors, code: suppliers.code, fullName: suppliers.fullName })
    .from(productVendors)
    .innerJoin(suppliers, eq(suppliers.id, productVendors.supplierId))
    .where(where)
    .orderBy(...order);
}

async function one(tx: Tx, ctx: Ctx, id: string): Promise<ProductVendorDto> {
  const [row] = await select(tx, live(ctx, eq(productVendors.id, id)));
  if (!row) throw notFound(ENTITY, id);
  return toDto(row.link, row);
}

/** The product must be this tenant's and not recycled; otherwise it is not found. */
const liveProduct = (tx: Tx, ctx: Ctx, id: string) => getOwned(tx, ctx, products, PRODUCT, id);

async function assertSupplier(tx: Tx, ctx: Ctx, supplierId: string) {
  await getOwned(tx, ctx, suppliers, 'Supplier', supplierId).catch(() => {
    throw fieldError('supplierId', 'Catalog::SupplierNotFound');
  });
}

/** Makes `keep` the product's only primary link. */
async function clearOtherPrimaries(tx: Tx, ctx: Ctx, productId: string, keep: string) {
  const others = await tx
    .select({ id: productVendors.id })
    .from(productVendors)
    .where(live(ctx, eq(productVendors.productId, productId), eq(productVendors.isPrimary, true)));
  for (const o of others) {
    if (o.id !== keep) await updateOwned(tx, ctx, productVendors, ENTITY, o.id, { isPrimary: false });
  }
}

/** A concurrent second link of the same supplier loses on the unique index: the same field error. */
const linked = () => fieldError('supplierId', 'Catalog::VendorAlreadyLinked');

async function linkOf(tx: Tx, ctx: Ctx, productId: string, supplierId: string) {
  const [row] = await tx
    .select({ id: productVendors.id })
    .from(productVendors)
    .where(live(ctx, eq(productVendors.productId, productId), eq(productVendors.supplierId, supplierId)))
    .limit(1);
  return row?.id;
}

type Events = Pick<Services, 'events'>;

/** A live link with its supplier's code and name (404 when not the tenant's or recycled). */
export const vendorOf = one;

/** A live product's live links, oldest first. */
export async function linksOf(tx: Tx, ctx: Ctx, productId: string) {
  await liveProduct(tx, ctx, productId);
  const rows = await select(tx, live(ctx, eq(productVendors.productId, productId)));
  return { items: rows.map((r) => toDto(r.link, r)) };
}

/** Links a product to a supplier; the product's first link is primary. */
export async function addVendor(services: Events, tx: Tx, ctx: Ctx, { productId, ...input }: AddVendorInput) {
  await liveProduct(tx, ctx, productId);
  await assertSupplier(tx, ctx, input.supplierId);
  if (await linkOf(tx, ctx, productId, input.supplierId)) {
    throw fieldError('supplierId', 'Catalog::VendorAlreadyLinked');
  }
  const first = !(
    await tx
      .select({ id: productVendors.id })
      .from(productVendors)
      .where(live(ctx, eq(productVendors.productId, productId)))
      .limit(1)
  ).length;
  const row = await uniquely(
    () => insertOwned(tx, ctx, productVendors, ENTITY, { ...input, productId, isPrimary: input.isPrimary || first }),
    linked,
  );
  if (row.isPrimary) await clearOtherPrimaries(tx, ctx, productId, row.id);
  await productsChanged(services, tx, ctx);
  return row;
}

export async function updateVendor(
  services: Events,
  tx: Tx,
  ctx: Ctx,
  { id, concurrencyStamp, ...input }: UpdateVendorInput,
) {
  const before = await getOwned(tx, ctx, productVendors, ENTITY, id);
  await liveProduct(tx, ctx, before.productId).catch(() => {
    throw notFound(ENTITY, id);
  });
  const row = await updateOwned(tx, ctx, productVendors, ENTITY, id, input, concurrencyStamp);
  if (row.isPrimary) await clearOtherPrimaries(tx, ctx, row.productId, row.id);
  await productsChanged(services, tx, ctx);
  return row;
}

/** `remove-product-vendor?ProductId&VendorId`: the product's link to that supplier, into the recycle area. */
export async function removeVendor(services: Events, tx: Tx, ctx: Ctx, productId: string, supplierId: string) {
  await liveProduct(tx, ctx, productId);
  const id = await linkOf(tx, ctx, productId, supplierId);
  if (!id) throw notFound(ENTITY, supplierId);
  await deleteOwned(tx, ctx, productVendors, ENTITY, id);
  await productsChanged(services, tx, ctx);
}

/** `remove-product-vendors?VendorId&ProductIds`: one supplier off several products; unknown ones are skipped. */
export async function removeVendors(services: Events, tx: Tx, ctx: Ctx, supplierId: string, productIds: string[]) {
  const rows = await tx
    .select({ id: productVendors.id })
    .from(productVendors)
    .where(live(ctx, eq(productVendors.supplierId, supplierId), inArray(productVendors.productId, productIds)));
  for (const r of rows) await deleteOwned(tx, ctx, productVendors, ENTITY, r.id);
  if (rows.length) await productsChanged(services, tx, ctx);
  return { count: rows.length };
}

/** Recycled links of products that are themselves not recycled. */
const recycledWhere = (ctx: Ctx, ...extra: (SQL | undefined)[]) =>
  and(tenantOf(ctx), eq(productVendors.isDeleted, true), eq(products.isDeleted, false), ...extra)!;

async function recycled(tx: Tx, ctx: Ctx, id: string) {
  const [row] = await tx
    .select({ link: productVendors })
    .from(productVendors)
    .innerJoin(products, eq(products.id, productVendors.productId))
    .where(recycledWhere(ctx, eq(productVendors.id, id)))
    .limit(1);
  if (!row) throw notFound(ENTITY, id);
  return row.link;
}

/** The recycle area's links on the kit: the recycled links of live products, latest deleted first. */
export const vendorRecycleListService = listService(recycledVendorList, {
  table: recycledVendorsTable,
  rows: (tx) =>
    tx
      .select({
        link: productVendors,
        code: suppliers.code,
        fullName: suppliers.fullName,
        productSku: products.sku,
        productName: products.name,
      })
      .from(productVendors)
      .innerJoin(products, eq(products.id, productVendors.productId))
      .innerJoin(suppliers, eq(suppliers.id, productVendors.supplierId))
      .$dynamic(),
  filters: {},
  sorts: { deletionTime: productVendors.deletionTime },
  // the product correlated: the total counts over the links alone
  scope: () =>
    and(
      eq(productVendors.isDeleted, true),
      exists(
        sql`(select 1 from ${products} where ${products.id} = ${productVendors.productId} and not ${products.isDeleted})`,
      ),
    ),
  items: (_tx, _ctx, rows: RecycledRow[]) =>
    rows.map((r) => ({ ...toDto(r.link, r), productSku: r.productSku, productName: r.productName })),
});
type RecycledRow = { link: Link; code: string; fullName: string; productSku: string; productName: string };

/** Restores a recycled link (`reback`); a live link to the same supplier in the meantime is a 409. */
export async function rebackVendor(services: Events, tx: Tx, ctx: Ctx, id: string) {
  const before = await recycled(tx, ctx, id);
  if (await linkOf(tx, ctx, before.productId, before.supplierId)) {
    throw businessError('Catalog::VendorAlreadyLinked', {}, 409);
  }
  await rewriteOwned(tx, ctx, productVendors, ENTITY, before, { ...RESTORED, isPrimary: false });
  await productsChanged(services, tx, ctx);
}

/** Deletes a recycled link for good (`clear`). */
export async function clearVendor(services: Events, tx: Tx, ctx: Ctx, id: string) {
  const before = await recycled(tx, ctx, id);
  await removeOwned(tx, ctx, productVendors, ENTITY, before, true);
  await productsChanged(services, tx, ctx);
}
