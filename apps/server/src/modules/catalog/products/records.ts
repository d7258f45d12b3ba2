import type { ProductDto, SpecificationDto, VariantDto } from '@seller/contracts/catalog';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { type CrudContext, owned, selectEntities } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { imagesOf } from './images.ts';
import { productSpecifications, products, productVariants } from './schema.ts';

/** What the product files share: the row types, entity names, tenant filter and the DTO of a product. */

export type Ctx = CrudContext;
export type Product = typeof products.$inferSelect;
export type Variant = typeof productVariants.$inferSelect;
export const ENTITY = 'Product';
export const VARIANT = 'ProductVariant';
export const SPECIFICATION = 'ProductSpecification';

export const tenantOf = (ctx: Ctx) => (ctx.tenant ? eq(products.tenantId, ctx.tenant.id) : isNull(products.tenantId));

// ---------- DTOs ----------

export async function variantsOf(tx: Tx, ctx: Ctx, productIds: string[]): Promise<Map<string, Variant[]>> {
  const byProduct = new Map<string, Variant[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return byProduct;
  const rows = await selectEntities(tx, productVariants, {
    where: owned(ctx, productVariants, inArray(productVariants.productId, productIds)),
    orderBy: [asc(productVariants.sort)],
  });
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

const toVariantDto = ({ tenantId: _, ...v }: Variant): VariantDto => v;

export async function specificationsOf(
  tx: Tx,
  ctx: Ctx,
  productIds: string[],
): Promise<Map<string, SpecificationDto[]>> {
  const byProduct = new Map<string, SpecificationDto[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return byProduct;
  const rows = await tx
    .select()
    .from(productSpecifications)
    .where(owned(ctx, productSpecifications, inArray(productSpecifications.productId, productIds)))
    .orderBy(asc(productSpecifications.sort), asc(productSpecifications.id));
  for (const { id, productId, name, value, sort } of rows) byProduct.get(productId)?.push({ id, name, value, sort });
  return byProduct;
}

export async function toDtos(tx: Tx, ctx: Ctx, rows: Product[]): Promise<ProductDto[]> {
  const ids = rows.map((r) => r.id);
  const variants = await variantsOf(tx, ctx, ids);
  const images = await imagesOf(tx, ctx, ids);
  const specifications = await specificationsOf(tx, ctx, ids);
  return rows.map(({ tenantId: _t, searchText: _s, deleterId: _d, ...r }) => ({
    ...r,
    specifications: specifications.get(r.id) ?? [],
    variants: (variants.get(r.id) ?? []).map(toVariantDto),
    ...(images.get(r.id) ?? { mainImage: null, images: [] }),
  }));
}

export async function one(tx: Tx, ctx: Ctx, row: Product) {
  return (await toDtos(tx, ctx, [row]))[0];
}
