import {
  type BulkClaimInput,
  blankSupplier,
  type ClaimGatherInput,
  type ClaimResultDto,
  type ProductInput,
  productInput,
  SPECIFICATIONS_MAX,
  type SupplierInput,
  sourceWeightG,
} from '@seller/contracts/catalog';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { getOwned, insertOwned, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { moneyText } from '../../../core/money.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import type { Services } from '../../../core/services.ts';
import { fileCommands } from '../../files/index.ts';
import { productsChanged } from '../events.ts';
import { masterDataCommands } from '../master-data/commands.ts';
import { purchaseAttributes, purchaseAttributeValues, suppliers } from '../master-data/schema.ts';
import { productCommands } from '../products/commands.ts';
import { productQueries } from '../products/queries.ts';
import { productVariants } from '../products/schema.ts';
import { vendorCommands } from '../vendors/commands.ts';
import { fetcherFor } from './fetcher.ts';
import { textOf } from './html.ts';
import { gathers } from './schema.ts';
import {
  type BulkRow,
  bulkResult,
  type Ctx,
  ENTITY,
  eachUnderSavepoint,
  errorText,
  type Gather,
  writeLog,
} from './service.ts';

/**
 * Claiming (认领, domain §3.1): a copy of a gathered item into the catalogue. The images are
 * copied into the files store first (files live on disk, outside the database); then one
 * transaction writes the product with its variants (options found among the purchase
 * attributes by name, or added), its spec sheet and images, the supplier (found by name or
 * created) with the vendor link, and the item's claim count, status and log entry. An item
 * may be claimed any number of times; every claim is a new product.
 */

const IMAGES_COPIED_MAX = 60;
/** Option names the platforms use for an attribute the tenant likely has under another name. */
const ALIASES: Record<string, string> = { 颜色分类: '颜色', 'Color Name': 'Color' };
const SUPPLIER_PREFIX = 'GS-';

const today = () => new Date().toISOString().slice(0, 10);
const ascii = (s: string) => /^[\x20-\x7e]+$/.test(s);

/** Fetches each distinct image once and stores it for the tenant; what could not be had is skipped. */
async function copyImages(services: Services, ctx: Ctx, urls: string[]) {
  const fetcher = fetcherFor(services);
  const copied = new Map<string, string>();
  const skipped: string[] = [];
  for (const url of [...new Set(urls)].slice(0, IMAGES_COPIED_MAX)) {
    try {
      const stored = await fileCommands.save(services.config.dataDir, ctx, await fetcher.fetchImage(url));
      copied.set(url, stored.url);
    } catch {
      skipped.push(url);
    }
  }
  return { copied, skipped };
}

/** A value's SKU code: its own letters and digits when they fit, else `V1`, `V2`… free in the attribute. */
function codeFor(value: string, taken: Set<string>): string {
  const own = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (own && own.length <= 8 && ascii(value) && !taken.has(own)) return own;
  for (let n = 1; ; n++) {
    const code = `V${n}`;
    if (!taken.has(code)) return code;
  }
}

/**
 * The purchase attributes and values of the item's options: found by name (Chinese or English,
 * any case), the missing ones added. Returns the product's variant options and, per SKU row,
 * its value ids in option order.
 */
async function resolveOptions(services: Services, tx: Tx, ctx: Ctx, item: Gather) {
  const names = item.skus[0]?.options.map(([name]) => name) ?? [];
  const variantOptions: { attributeId: string; valueIds: string[] }[] = [];
  const valueIdsOf: string[][] = item.skus.map(() => []);
  for (const [i, rawName] of names.entries()) {
    const name = ALIASES[rawName] ?? rawName;
    const wanted = [...new Set(item.skus.map((s) => s.options[i]?.[1] ?? ''))];
    let attributeId = await firstOwnedId(
      tx,
      ctx,
      purchaseAttributes,
      or(
        sql`lower(${purchaseAttributes.name}) = lower(${name})`,
        sql`lower(${purchaseAttributes.nameEn}) = lower(${name})`,
      ),
    );
    if (!attributeId) {
      const taken = new Set<string>();
      const values = wanted.map((value, sort) => {
        const code = codeFor(value, taken);
        taken.add(code);
        return { value, valueEn: ascii(value) ? value : null, code, sort };
      });
      attributeId = (
        await masterDataCommands(services).purchaseAttributes.create(tx, ctx, {
          name,
          nameEn: ascii(name) ? name : null,
          sort: 100,
          values,
        })
      ).id;
    }
    const existing = await tx
      .select()
      .from(purchaseAttributeValues)
      .where(owned(ctx, purchaseAttributeValues, eq(purchaseAttributeValues.attributeId, attributeId)));
    const taken = new Set(existing.map((v) => v.code));
    const idOf = new Map<string, string>();
    for (const value of wanted) {
      const key = value.toLowerCase();
      const match = existing.find((v) => v.value.toLowerCase() === key || v.valueEn?.toLowerCase() === key);
      if (match) {
        idOf.set(value, match.id);
        continue;
      }
      const code = codeFor(value, taken);
      taken.add(code);
      const sort = existing.length + idOf.size;
      const row = await insertOwned(tx, ctx, purchaseAttributeValues, 'PurchaseAttributeValue', {
        attributeId,
        value,
        valueEn: ascii(value) ? value : null,
        code,
        sort,
      });
      existing.push(row);
      idOf.set(value, row.id);
    }
    variantOptions.push({ attributeId, valueIds: wanted.map((v) => idOf.get(v)!) });
    for (const [j, sku] of item.skus.entries()) valueIdsOf[j].push(idOf.get(sku.options[i]?.[1] ?? '')!);
  }
  return { variantOptions, valueIdsOf };
}

/** The supplier given, else the tenant's supplier of the item's supplier name, else a new one. */
async function resolveSupplier(services: Services, tx: Tx, ctx: Ctx, item: Gather, supplierId: string | null) {
  if (supplierId) {
    await getOwned(tx, ctx, suppliers, 'Supplier', supplierId).catch(() => {
      throw fieldError('supplierId', 'Catalog::SupplierNotFound');
    });
    return supplierId;
  }
  let host = '';
  try {
    host = item.supplierShopUrl ? new URL(item.supplierShopUrl).hostname : '';
  } catch {
    // a shop URL that is not one: named by the platform instead
  }
  const fullName = (item.supplierName ?? (host || `${item.sourcePlatform} seller`)).slice(0, 256);
  const found = await firstOwnedId(tx, ctx, suppliers, sql`lower(${suppliers.fullName}) = lower(${fullName})`);
  if (found) return found;
  // the next free code of the gathered suppliers' series (GS-000001…); recycled ones stay taken
  const codes = await tx
    .select({ code: suppliers.code })
    .from(suppliers)
    .where(
      and(
        ctx.tenant ? eq(suppliers.tenantId, ctx.tenant.id) : sql`${suppliers.tenantId} is null`,
        like(suppliers.code, `${SUPPLIER_PREFIX}%`),
      ),
    );
  const next = codes.reduce((max, { code }) => Math.max(max, Number(code.slice(SUPPLIER_PREFIX.length)) || 0), 0) + 1;
  const input: SupplierInput = {
    ...blankSupplier(`${SUPPLIER_PREFIX}${String(next).padStart(6, '0')}`, fullName),
    remark: item.supplierShopUrl?.slice(0, 512) ?? null,
  };
  return (await masterDataCommands(services).suppliers.create(tx, ctx, input)).id;
}

/** The product a claim writes, checked by the product form's own rules (a refusal names the product's field). */
function productOf(
  item: Gather,
  input: ClaimGatherInput & { sku: string; weight: number },
  options: Awaited<ReturnType<typeof resolveOptions>>,
  images: Map<string, string>,
): ProductInput {
  const title = item.title.slice(0, 255);
  const specifications = new Map<string, string>();
  for (const a of item.attributes) {
    const name = a.name.slice(0, 64).trim();
    if (name && !specifications.has(name) && specifications.size < SPECIFICATIONS_MAX) {
      specifications.set(name, a.value.slice(0, 255));
    }
  }
  const stock = item.skus.reduce((sum, s) => sum + (s.stock ?? 0), 0);
  const parsed = productInput.safeParse({
    name: input.name ?? title,
    nameEn: ascii(title) ? title : null,
    sku: input.sku,
    categoryIds: input.categoryIds,
    brandId: input.brandId,
    description: (item.descriptionHtml ? textOf(item.descriptionHtml).slice(0, 20000) : '') || title,
    // the gathered price in its own currency, to that currency's minor units
    price: moneyText(item.priceMin, item.currency),
    priceCurrency: item.currency,
    inStock: stock > 0,
    weight: input.weight,
    region: input.region,
    developmentDate: today(),
    launchDate: today(),
    salesTypes: [item.skus.length > 1 ? 'variation' : 'normal'],
    resource: 'collected',
    variantOptions: options.variantOptions,
    specifications: [...specifications].map(([name, value]) => ({ name, value })),
    detailContent: item.descriptionHtml?.slice(0, 100_000) ?? null,
    variants: item.skus.map((s, j) => ({
      valueIds: options.valueIdsOf[j],
      price: moneyText(String(s.price), item.currency),
      ...(s.image && images.has(s.image) ? { image: images.get(s.image) } : {}),
    })),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(issue.path.join('.') || 'name', issue.message);
  }
  return parsed.data;
}

/** The tenant's next SKU; its refusals named by the claim's members. */
async function generatedSku(services: Services, ctx: Ctx, input: ClaimGatherInput) {
  try {
    const pattern = await productQueries.skuPattern(services, ctx);
    const wanted = { prefix: input.skuPrefix, categoryId: input.categoryIds[0] };
    return (await services.data.inTenant(ctx, (tx) => productCommands(services).generateSku(tx, ctx, wanted, pattern)))
      .sku;
  } catch (e) {
    const v = e instanceof AppError ? e.validationErrors?.[0] : undefined;
    if (!v) throw e;
    throw fieldError(v.members[0] === 'categoryId' ? 'categoryIds.0' : 'skuPrefix', v.message, v.params);
  }
}

/** What a claim needs before its unit: the item, its SKU, its images copied into the files store. */
export interface ClaimMaterial {
  item: Gather;
  sku: string;
  /** Grams: the source's stated weight, else the claim's. */
  weight: number;
  copied: Map<string, string>;
  skipped: string[];
}

/**
 * The claim's work before its unit of work: reads the item, takes the SKU (the tenant's next one
 * unless chosen) and copies the images (files live on disk, outside the database; fetched from
 * the source), each in units of their own.
 */
export async function claimMaterial(
  services: Services,
  ctx: Ctx,
  id: string,
  input: ClaimGatherInput,
): Promise<ClaimMaterial> {
  const item = await services.data.inTenant(ctx, (tx) => getOwned(tx, ctx, gathers, ENTITY, id));
  // the price calculator needs a weight: the source's, else the one given with the claim
  const weight = sourceWeightG(item.attributes) ?? input.weightG;
  if (weight === null) throw fieldError('weightG', 'Catalog::Gather:WeightRequired');
  const sku = input.sku ?? (await generatedSku(services, ctx, input));
  const skuImages = item.skus.map((s) => s.image).filter((u): u is string => !!u);
  const { copied, skipped } = await copyImages(services, ctx, [...item.images, ...skuImages]);
  return { item, sku, weight, copied, skipped };
}

/** The claim's material for each item of a bulk claim, or why it could not be had (a failed row). */
export async function claimMaterials(services: Services, ctx: Ctx, { ids, ...options }: BulkClaimInput) {
  const out: { id: string; material: ClaimMaterial | null; error: unknown }[] = [];
  for (const id of ids) {
    try {
      out.push({ id, material: await claimMaterial(services, ctx, id, bulkChoices(options)), error: null });
    } catch (error) {
      out.push({ id, material: null, error });
    }
  }
  return out;
}

/** A bulk claim's choices for each item: the SKU is the tenant's next, the name the item's. */
const bulkChoices = (options: Omit<BulkClaimInput, 'ids'>): ClaimGatherInput => ({
  ...options,
  sku: undefined,
  name: undefined,
});

/** Writes the claim of an item (`claimMaterial`) in the caller's transaction. */
export async function claimIn(
  services: Services,
  tx: Tx,
  ctx: Ctx,
  { item, sku, weight, copied, skipped }: ClaimMaterial,
  input: ClaimGatherInput,
): Promise<ClaimResultDto> {
  const id = item.id;
  const options = await resolveOptions(services, tx, ctx, item);
  const products = productCommands(services);
  const product = await products.create(
    tx,
    ctx,
    productOf(item, { ...input, sku, weight }, options, copied),
    item.currency,
  );
  // the variants are every combination of the options; the ones the source does not sell go
  const sold = new Set(options.valueIdsOf.map((ids) => [...ids].sort().join(',')));
  const variants = await tx
    .select({ id: productVariants.id, valueIds: productVariants.valueIds })
    .from(productVariants)
    .where(owned(ctx, productVariants, eq(productVariants.productId, product.id)));
  let variantCount = 0;
  for (const v of variants) {
    if (item.skus.length && !sold.has([...v.valueIds].sort().join(','))) {
      await products.removeVariant(tx, ctx, v.id);
    } else variantCount++;
  }
  const gallery = item.images.map((u) => copied.get(u)).filter((u): u is string => !!u);
  if (gallery.length) await products.addImages(tx, ctx, product.id, { urls: gallery, mainUrl: gallery[0] });
  const supplierId = await resolveSupplier(services, tx, ctx, item, input.supplierId);
  const vendor = await vendorCommands(services).add(tx, ctx, {
    productId: product.id,
    supplierId,
    url: item.sourceUrl.slice(0, 1024),
    purchasePrice: String(item.priceMin),
    currency: item.currency,
    taxIncluded: false,
    moq: 1,
    leadDays: null,
    isPrimary: true,
    remark: null,
    tiers: [],
  });
  const [{ claimCount }] = await tx
    .update(gathers)
    .set({ status: 'CLAIMED', claimCount: sql`${gathers.claimCount} + 1`, lastModificationTime: new Date() })
    .where(owned(ctx, gathers, eq(gathers.id, id)))
    .returning({ claimCount: gathers.claimCount });
  await writeLog(tx, ctx, id, 'Claimed', {
    productId: product.id,
    productSku: product.sku,
    text: skipped.length ? skipped.join('\n').slice(0, 2000) : null,
  });
  await productsChanged(services, tx, ctx);
  return {
    gatherId: id,
    productId: product.id,
    sku: product.sku,
    variantCount,
    supplierId,
    vendorId: vendor.id,
    imagesCopied: copied.size,
    imagesSkipped: skipped,
    claimCount,
  };
}

/**
 * Claims each item (`claimMaterials`) under its own savepoint with the same choices; a refused
 * one is a failed row, the others go on (errorText shows only the application's messages).
 */
export async function claimEach(
  services: Services,
  tx: Tx,
  ctx: Ctx,
  materials: Awaited<ReturnType<typeof claimMaterials>>,
  { ids: _, ...options }: BulkClaimInput,
) {
  const items = await eachUnderSavepoint(
    tx,
    materials,
    async ({ id, material, error }): Promise<BulkRow> => {
      if (!material) throw error;
      const r = await claimIn(services, tx, ctx, material, bulkChoices(options));
      return { id, ok: true, error: null, productId: r.productId, sku: r.sku };
    },
    ({ id }, e) => ({ id, ok: false, error: errorText(e, ctx), productId: null, sku: null }),
  );
  return bulkResult(items);
}
