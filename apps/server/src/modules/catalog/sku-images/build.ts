import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SKU_IMAGE_EXPORT_FILTER_MAX } from '@seller/contracts/catalog';
import archiver from 'archiver';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CrudContext } from '../../../core/crud.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import type { Services } from '../../../core/services.ts';
import { fileQueries } from '../../files/index.ts';
import { productQueries } from '../products/queries.ts';
import { products, productVariants } from '../products/schema.ts';
import type { SkuImageSelection } from './schema.ts';

/**
 * What goes into an export's archive and how it is written: the selection resolved to image
 * entries named by SKU, then each file streamed from the files store into a ZIP piped to disk,
 * so memory stays flat whatever the number of images.
 */

/** One file of the archive: its name and the files service URL of the image. */
export interface ImageEntry {
  name: string;
  url: string;
}

export interface Resolved {
  entries: ImageEntry[];
  /** SKUs without any image, or unknown to the tenant. */
  missing: string[];
}

/** Product ids read per statement while resolving. */
const BATCH = 500;
const EXTENSIONS = new Set(['jpg', 'png', 'gif', 'webp']);

/** A SKU as a file name: SKUs are `[A-Z0-9-]`, anything else (a path separator, `..`) becomes `_`. */
export function fileBase(sku: string): string {
  const safe = sku.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 60);
  return safe && !/^[-_]*$/.test(safe) ? safe : '_';
}

/** The stored file's own extension (JPEG stays `.jpg`; PNG, GIF and WebP keep theirs). */
export function extensionOf(url: string): string {
  const ext = url.slice(url.lastIndexOf('.') + 1).toLowerCase();
  return EXTENSIONS.has(ext) ? ext : 'jpg';
}

class Collector {
  readonly entries: ImageEntry[] = [];
  readonly missing: string[] = [];
  private names = new Set<string>();
  private missed = new Set<string>();

  /** `<SKU>.ext` for the first image, `<SKU>_2.ext`… for the rest; a SKU already written is skipped. */
  add(sku: string, urls: string[]) {
    if (!urls.length) return this.miss(sku);
    const base = fileBase(sku);
    if (this.names.has(base)) return;
    this.names.add(base);
    urls.forEach((url, i) => {
      this.entries.push({ name: `${base}${i === 0 ? '' : `_${i + 1}`}.${extensionOf(url)}`, url });
    });
  }

  miss(sku: string) {
    if (this.missed.has(sku)) return;
    this.missed.add(sku);
    this.missing.push(sku);
  }
}

interface ProductImages {
  sku: string;
  images: string[];
  variants: { sku: string; image: string | null }[];
}

/** Products (not recycled) of the tenant with their images, main first, and their variants. */
async function productImages(tx: Tx, ctx: CrudContext, ids: string[]): Promise<Map<string, ProductImages>> {
  const found = new Map<string, ProductImages>();
  if (!ids.length) return found;
  const rows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(owned(ctx, products, inArray(products.id, ids)));
  const images = await productQueries.images(tx, ctx, ids);
  for (const r of rows) found.set(r.id, { sku: r.sku, images: images.get(r.id)?.images ?? [], variants: [] });
  const variants = await tx
    .select({ productId: productVariants.productId, sku: productVariants.sku, image: productVariants.image })
    .from(productVariants)
    .where(owned(ctx, productVariants, inArray(productVariants.productId, ids)))
    .orderBy(asc(productVariants.productId), asc(productVariants.sort));
  for (const v of variants) found.get(v.productId)?.variants.push({ sku: v.sku, image: v.image });
  return found;
}

/** Products by id, in the order given: each product's images, then each variant that has an image of its own. */
async function byProducts(services: Services, ctx: CrudContext, ids: string[], out: Collector) {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH) {
    const slice = unique.slice(i, i + BATCH);
    const found = await services.data.inTenant(ctx, (tx) => productImages(tx, ctx, slice));
    for (const id of slice) {
      const p = found.get(id);
      if (!p) continue;
      out.add(p.sku, p.images);
      for (const v of p.variants) if (v.image) out.add(v.sku, [v.image]);
    }
  }
}

/**
 * SKUs, in the order given: a product's SKU gives its images; a variant's SKU its own image, or
 * its product's main image when it has none; an unknown SKU is listed as missing.
 */
async function bySkus(services: Services, ctx: CrudContext, skus: string[], out: Collector) {
  const unique = [...new Set(skus.map((s) => s.toUpperCase()))];
  for (let i = 0; i < unique.length; i += BATCH) {
    const slice = unique.slice(i, i + BATCH);
    const lowered = slice.map((s) => s.toLowerCase());
    const { parents, variants, images } = await services.data.inTenant(ctx, async (tx) => {
      const parents = await tx
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(owned(ctx, products, inArray(sql`lower(${products.sku})`, lowered)));
      const variants = await tx
        .select({ productId: productVariants.productId, sku: productVariants.sku, image: productVariants.image })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(owned(ctx, products), inArray(sql`lower(${productVariants.sku})`, lowered)));
      const ids = [...new Set([...parents.map((p) => p.id), ...variants.map((v) => v.productId)])];
      return { parents, variants, images: await productQueries.images(tx, ctx, ids) };
    });
    const parentBySku = new Map(parents.map((p) => [p.sku.toUpperCase(), p]));
    const variantBySku = new Map(variants.map((v) => [v.sku.toUpperCase(), v]));
    for (const sku of slice) {
      const parent = parentBySku.get(sku);
      const variant = variantBySku.get(sku);
      if (parent) out.add(parent.sku, images.get(parent.id)?.images ?? []);
      else if (variant) {
        const main = images.get(variant.productId)?.mainImage ?? null;
        const image = variant.image ?? main;
        out.add(variant.sku, image ? [image] : []);
      } else out.miss(sku);
    }
  }
}

/** The products a list filter selects now (newest first, as the list shows them), at most the export's bound. */
export async function productIdsOf(
  tx: Tx,
  ctx: CrudContext,
  selection: SkuImageSelection,
  limit = SKU_IMAGE_EXPORT_FILTER_MAX,
) {
  if (selection.kind !== 'filter') return [];
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(productQueries.selection(ctx, selection.filter))
    .orderBy(desc(products.creationTime), asc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The selection as archive entries (in short units of work, none held open while files are read). */
export async function resolveSelection(
  services: Services,
  ctx: CrudContext,
  selection: SkuImageSelection,
): Promise<Resolved> {
  const out = new Collector();
  if (selection.kind === 'products') await byProducts(services, ctx, selection.productIds, out);
  else if (selection.kind === 'skus') await bySkus(services, ctx, selection.skus, out);
  else {
    const ids = await services.data.inTenant(ctx, (tx) => productIdsOf(tx, ctx, selection));
    await byProducts(services, ctx, ids, out);
  }
  return { entries: out.entries, missing: out.missing };
}

export interface WriteOptions {
  /** Called every few images with how many are written; false stops the archive (the export is gone). */
  progress(done: number): Promise<boolean>;
  signal: AbortSignal;
}

export class ExportGone extends Error {
  constructor() {
    super('export no longer wanted');
  }
}

const PROGRESS_EVERY = 100;
const PROGRESS_MS = 1000;

/**
 * Writes the archive to `${target}.part` and renames it to `target` once complete, so a
 * finished file is never a partial one; a second run (a retry) starts the archive over.
 * Images are stored as they are (no deflate: JPEG, PNG and WebP are compressed already).
 * An image whose file has gone is named in `missing.txt` with the SKUs without images.
 */
export async function writeArchive(
  services: Services,
  ctx: CrudContext,
  resolved: Resolved,
  target: string,
  opts: WriteOptions,
): Promise<{ size: number; missing: number }> {
  const part = `${target}.part`;
  await mkdir(dirname(target), { recursive: true });
  await rm(part, { force: true });
  const out = createWriteStream(part);
  const archive = archiver('zip', { store: true });
  const written = once(out, 'close');
  written.catch(() => {}); // awaited after finalize; an earlier failure surfaces through `entry` or there
  // an error of either stream ends the run; `entry` waits below reject on the archive's
  archive.on('error', (err) => out.destroy(err));
  archive.on('warning', (err) => archive.emit('error', err));
  archive.pipe(out);
  const unreadable: string[] = [];
  try {
    let done = 0;
    let reported = Date.now();
    for (const entry of resolved.entries) {
      opts.signal.throwIfAborted();
      const opened = await fileQueries.open(services.config.dataDir, ctx, entry.url);
      if (opened) {
        const added = once(archive, 'entry');
        archive.append(opened.handle.createReadStream(), { name: entry.name });
        await added;
      } else unreadable.push(entry.name);
      done++;
      if (done % PROGRESS_EVERY === 0 || Date.now() - reported >= PROGRESS_MS) {
        reported = Date.now();
        if (!(await opts.progress(done))) throw new ExportGone();
      }
    }
    const missing = [...resolved.missing, ...unreadable];
    if (missing.length) archive.append(`${missing.join('\r\n')}\r\n`, { name: 'missing.txt' });
    await archive.finalize();
    await written;
    if (out.errored) throw out.errored;
    await rename(part, target);
    return { size: (await stat(target)).size, missing: missing.length };
  } catch (err) {
    archive.abort();
    out.destroy();
    await rm(part, { force: true });
    throw err;
  }
}
