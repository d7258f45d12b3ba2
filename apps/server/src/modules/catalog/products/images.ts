import { IMAGES_MAX } from '@seller/contracts/catalog';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type CrudContext, getOwned, owned, recordChange } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { fileQueries } from '../../files/index.ts';
import { productsChanged } from '../events.ts';
import { productImages, products } from './schema.ts';

/**
 * A product's images: the main one and the gallery, as URLs of the files service. Adding
 * checks that each URL is a file of this tenant; the first image of a product is its main
 * one, and removing the main one promotes the next.
 */

type Ctx = CrudContext;
const ENTITY = 'ProductImage';

/** Per product: the main image and all images, main first. */
export async function imagesOf(tx: Tx, ctx: Ctx, productIds: string[]) {
  const byProduct = new Map<string, { mainImage: string | null; images: string[] }>();
  if (!productIds.length) return byProduct;
  const rows = await tx
    .select({ productId: productImages.productId, url: productImages.url, isMain: productImages.isMain })
    .from(productImages)
    .where(owned(ctx, productImages, inArray(productImages.productId, productIds)))
    .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.creationTime));
  for (const r of rows) {
    const entry = byProduct.get(r.productId) ?? { mainImage: null, images: [] };
    if (r.isMain) {
      entry.mainImage = r.url;
      entry.images.unshift(r.url);
    } else entry.images.push(r.url);
    byProduct.set(r.productId, entry);
  }
  return byProduct;
}

async function current(tx: Tx, ctx: Ctx, productId: string) {
  return tx
    .select()
    .from(productImages)
    .where(owned(ctx, productImages, eq(productImages.productId, productId)))
    .orderBy(asc(productImages.sort), asc(productImages.creationTime));
}

/** Exactly one main image while there are images: `wanted` if given, else the current one, else the first. */
async function settleMain(tx: Tx, ctx: Ctx, productId: string, wanted?: string) {
  const rows = await current(tx, ctx, productId);
  if (!rows.length) return;
  const main = rows.find((r) => r.url === wanted) ?? rows.find((r) => r.isMain) ?? rows[0];
  for (const r of rows) {
    if (r.isMain !== (r.id === main.id)) {
      await tx
        .update(productImages)
        .set({ isMain: r.id === main.id })
        .where(owned(ctx, productImages, eq(productImages.id, r.id)));
    }
  }
}

/** Adds images (files of this tenant) to a product; the first becomes its main one unless `mainUrl` says otherwise. */
export async function addImages(
  services: Pick<Services, 'config' | 'events'>,
  tx: Tx,
  ctx: Ctx,
  productId: string,
  input: { urls: string[]; mainUrl?: string },
) {
  await getOwned(tx, ctx, products, 'Product', productId);
  const dataDir = services.config.dataDir;
  for (const [i, url] of input.urls.entries()) {
    if (!(await fileQueries.exists(dataDir, ctx, url))) throw fieldError(`urls.${i}`, 'Catalog::ImageNotFound');
  }
  const existing = await current(tx, ctx, productId);
  const have = new Set(existing.map((r) => r.url));
  const fresh = [...new Set(input.urls)].filter((u) => !have.has(u));
  if (existing.length + fresh.length > IMAGES_MAX) throw fieldError('urls', 'Catalog::TooManyImages', [IMAGES_MAX]);
  if (input.mainUrl && !have.has(input.mainUrl) && !fresh.includes(input.mainUrl)) {
    throw fieldError('mainUrl', 'Catalog::ImageNotFound');
  }
  const next = existing.reduce((m, r) => Math.max(m, r.sort + 1), 0);
  if (fresh.length) {
    const rows = await tx
      .insert(productImages)
      .values(fresh.map((url, i) => ({ tenantId: ctx.tenant?.id ?? null, productId, url, sort: next + i })))
      .returning();
    for (const r of rows) recordChange(ctx, ENTITY, 0, r.id, {}, r);
  }
  await settleMain(tx, ctx, productId, input.mainUrl);
  await productsChanged(services, tx, ctx);
}

/** Unknown URLs are left alone; the files themselves stay (other records may show them). */
export async function removeImages(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  productId: string,
  urls: string[],
) {
  await getOwned(tx, ctx, products, 'Product', productId);
  const removed = await tx
    .delete(productImages)
    .where(and(owned(ctx, productImages, eq(productImages.productId, productId)), inArray(productImages.url, urls)))
    .returning();
  for (const r of removed) recordChange(ctx, ENTITY, 2, r.id, r, {});
  await settleMain(tx, ctx, productId);
  await productsChanged(services, tx, ctx);
}
