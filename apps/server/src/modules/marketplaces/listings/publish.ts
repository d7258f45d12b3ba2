import {
  type ListingPreviewInput,
  type ListingPreviewRow,
  type ListingProblemDto,
  ListingStatus,
  type MarketPlatform,
  type PublishListingsInput,
  type PublishResultDto,
  RegionCurrencies,
} from '@seller/contracts/marketplaces';
import { asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, notFound } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProductImages, catalogProducts, catalogProductVariants } from '../../catalog/index.ts';
import { calcRetailPrice, priceRules } from '../../pricing/index.ts';
import { draftAttributes } from '../categories/queries.ts';
import { getShop, statusOf } from '../shops/queries.ts';
import { raiseChanged } from './changes.ts';
import { listingEvents, listingSkus, listings } from './schema.ts';
import type { Ctx } from './service.ts';
import { actorOf, type Listing } from './state.ts';
import { ruleQuantities } from './stock-sync.ts';

/**
 * The publish wizard's preview and the publish itself: one listing per product × shop, queued.
 * Each SKU is offered its available stock under the shop's stock rule (`stock-sync.ts`).
 */

export interface ShopFacts {
  id: string;
  name: string;
  platform: MarketPlatform;
  region: string;
  /** Null when usable; else why not (localized). */
  unusable: string | null;
}

/** The shop as publishing needs it: a 404 for an unknown shop (or another tenant's). */
export async function shopFacts(services: Services, ctx: Ctx, shopId: string): Promise<ShopFacts> {
  const row = await services.data.inTenant(ctx, (tx) => getShop(tx, ctx, shopId));
  const status = statusOf(row);
  const usable = row.accessToken !== null && (status === 'active' || status === 'expiring');
  return {
    id: row.id,
    name: row.name,
    platform: row.platform,
    region: row.regions[0] ?? 'MY',
    unusable: usable ? null : t(ctx.culture, 'Listings::ShopNotAuthorized', [row.name]),
  };
}

export interface ProductFacts {
  id: string;
  sku: string;
  name: string;
  description: string;
  price: number;
  inStock: boolean;
  isActive: boolean;
  images: string[];
  weightG: number | null;
  dims: { length: number | null; width: number | null; height: number | null };
  variants: Array<{
    sku: string;
    label: string;
    price: number;
    image: string | null;
    weightG: number | null;
    dims: { length: number | null; width: number | null; height: number | null };
  }>;
}

/** Products with their variants and images, keyed by id (recycled ones are missing). */
export async function productFacts(tx: Tx, ctx: Ctx, ids: string[]): Promise<Map<string, ProductFacts>> {
  const out = new Map<string, ProductFacts>();
  if (!ids.length) return out;
  const rows = await tx
    .select()
    .from(catalogProducts)
    .where(owned(ctx, catalogProducts, inArray(catalogProducts.id, ids)));
  for (const p of rows) {
    out.set(p.id, {
      id: p.id,
      sku: p.sku,
      name: p.name,
      description: p.detailContent || p.description,
      price: Number(p.price),
      inStock: p.inStock,
      isActive: p.isActive,
      images: [],
      weightG: p.packageWeight ?? p.weight,
      dims: {
        length: p.packageLength ?? p.length,
        width: p.packageWidth ?? p.width,
        height: p.packageHeight ?? p.height,
      },
      variants: [],
    });
  }
  const found = [...out.keys()];
  if (!found.length) return out;
  const variants = await tx
    .select()
    .from(catalogProductVariants)
    .where(owned(ctx, catalogProductVariants, inArray(catalogProductVariants.productId, found)))
    .orderBy(asc(catalogProductVariants.sort), asc(catalogProductVariants.sku));
  for (const v of variants) {
    out.get(v.productId)?.variants.push({
      sku: v.sku,
      label: v.label,
      price: Number(v.price),
      image: v.image,
      weightG: v.weight,
      dims: { length: v.length, width: v.width, height: v.height },
    });
  }
  const images = await tx
    .select()
    .from(catalogProductImages)
    .where(owned(ctx, catalogProductImages, inArray(catalogProductImages.productId, found)))
    .orderBy(desc(catalogProductImages.isMain), asc(catalogProductImages.sort));
  for (const i of images) out.get(i.productId)?.images.push(i.url);
  return out;
}

/** The SKUs a listing sends: the variants, or the product itself when it has none. */
export const sellerSkusOf = (p: ProductFacts) =>
  p.variants.length
    ? p.variants.map((v) => ({ sku: v.sku, label: v.label, image: v.image }))
    : [{ sku: p.sku, label: '', image: null }];

/** The best matching active price rule for a shop: the most specific (shop, site, platform), then priority. */
async function bestRule(tx: Tx, ctx: Ctx, shop: ShopFacts) {
  const currency = RegionCurrencies[shop.region] ?? null;
  const [rule] = await tx
    .select({ id: priceRules.id, name: priceRules.name })
    .from(priceRules)
    .where(
      owned(
        ctx,
        priceRules,
        eq(priceRules.isActive, true),
        or(isNull(priceRules.platform), eq(priceRules.platform, shop.platform)),
        or(isNull(priceRules.siteCode), eq(priceRules.siteCode, shop.region)),
        or(isNull(priceRules.shopId), eq(priceRules.shopId, shop.id)),
        currency ? eq(priceRules.currencyTo, currency) : undefined,
      ),
    )
    .orderBy(
      desc(
        sql`(case when ${priceRules.shopId} is null then 0 else 4 end) + (case when ${priceRules.siteCode} is null then 0 else 2 end) + (case when ${priceRules.platform} is null then 0 else 1 end)`,
      ),
      desc(priceRules.priority),
      asc(priceRules.name),
    )
    .limit(1);
  return rule ?? null;
}

async function priceOf(services: Services, ctx: Ctx, shop: ShopFacts, product: ProductFacts) {
  const rule = await services.data.inTenant(ctx, (tx) => bestRule(tx, ctx, shop));
  if (!rule) return { price: null, problem: null };
  try {
    const r = await calcRetailPrice(services, ctx, { priceRuleId: rule.id, sku: product.sku });
    return {
      price: { amount: r.price, currency: r.currency, priceRuleId: rule.id, priceRuleName: rule.name, steps: r.steps },
      problem: null,
    };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const why =
      e.validationErrors?.[0] !== undefined
        ? t(ctx.culture, e.validationErrors[0].message, e.validationErrors[0].params)
        : t(ctx.culture, e.messageKey, Array.isArray(e.params) ? e.params : []);
    return { price: null, problem: t(ctx.culture, 'Listings::PriceRuleFailed', [rule.name, why]) };
  }
}

const absolute = (services: Services, url: string) => {
  try {
    return new URL(
      url,
      services.config.issuer ?? `http://${services.config.publicHost}:${services.config.port}`,
    ).toString();
  } catch {
    return url;
  }
};

async function existingListings(services: Services, ctx: Ctx, productIds: string[], shopIds: string[]) {
  const rows = await services.data.inTenant(ctx, (tx) =>
    tx
      .select({ id: listings.id, productId: listings.productId, shopId: listings.shopId })
      .from(listings)
      .where(owned(ctx, listings, inArray(listings.productId, productIds), inArray(listings.shopId, shopIds))),
  );
  return new Map(rows.map((r) => [`${r.productId}|${r.shopId}`, r.id]));
}

async function loadAll(services: Services, ctx: Ctx, productIds: string[], shopIds: string[]) {
  const products = await services.data.inTenant(ctx, (tx) => productFacts(tx, ctx, productIds));
  for (const id of productIds) if (!products.has(id)) throw notFound('Product', id);
  const shops = new Map<string, ShopFacts>();
  for (const id of shopIds) shops.set(id, await shopFacts(services, ctx, id));
  return { products, shops, existing: await existingListings(services, ctx, productIds, shopIds) };
}

async function previewRow(
  services: Services,
  ctx: Ctx,
  product: ProductFacts,
  shop: ShopFacts,
  existing: string | null,
): Promise<ListingPreviewRow> {
  const tenant = ctx.tenant as CurrentTenant;
  const mapped = await draftAttributes(services, tenant, {
    productId: product.id,
    platform: shop.platform,
    region: shop.region,
  });
  const { price, problem: priceProblem } = await priceOf(services, ctx, shop, product);
  const skus = sellerSkusOf(product);
  const quantities = await services.data.inTenant(ctx, (tx) =>
    ruleQuantities(
      tx,
      ctx,
      shop.id,
      skus.map((s) => s.sku),
    ),
  );
  const problems: ListingProblemDto[] = [];
  const say = (key: string, params: unknown[] = []) => t(ctx.culture, `Listings::${key}`, params);
  if (shop.unusable) problems.push({ code: 'SHOP_NOT_AUTHORIZED', message: shop.unusable, blocking: true });
  if (existing) problems.push({ code: 'ALREADY_LISTED', message: say('AlreadyListed', [existing]), blocking: true });
  if (!mapped.mapping)
    problems.push({ code: 'NO_MAPPING', message: say('NoMapping', [shop.platform, shop.region]), blocking: true });
  if (mapped.missing.length)
    problems.push({
      code: 'MISSING_ATTRIBUTES',
      message: say('MissingAttributes', [mapped.missing.map((m) => m.label).join(', ')]),
      blocking: true,
    });
  if (!price)
    problems.push({
      code: 'NO_PRICE',
      message: priceProblem ?? say('NoPrice', [shop.platform, shop.region]),
      blocking: true,
    });
  if (!product.images.length) problems.push({ code: 'NO_IMAGES', message: say('NoImages'), blocking: false });
  return {
    productId: product.id,
    productSku: product.sku,
    productName: product.name,
    shopId: shop.id,
    shopName: shop.name,
    platform: shop.platform,
    region: shop.region,
    currency: RegionCurrencies[shop.region] ?? 'USD',
    category: mapped.mapping
      ? { id: mapped.mapping.platformCategoryId, name: mapped.mapping.platformCategoryName }
      : null,
    attributes: mapped.attributes,
    missingAttributes: mapped.missing,
    price,
    stock: skus.reduce((n, s) => n + (quantities.get(s.sku) ?? 0), 0),
    images: product.images.map((u) => absolute(services, u)),
    skus: skus.map((s) => ({
      sku: s.sku,
      price: price?.amount ?? null,
      stock: quantities.get(s.sku) ?? 0,
      image: s.image,
    })),
    existingListingId: existing,
    problems,
  };
}

export async function previewListings(services: Services, ctx: Ctx, input: ListingPreviewInput) {
  const { products, shops, existing } = await loadAll(services, ctx, input.productIds, input.shopIds);
  const items: ListingPreviewRow[] = [];
  for (const productId of input.productIds)
    for (const shopId of input.shopIds)
      items.push(
        await previewRow(
          services,
          ctx,
          products.get(productId)!,
          shops.get(shopId)!,
          existing.get(`${productId}|${shopId}`) ?? null,
        ),
      );
  return { items };
}

/** One row of a publish as read before its unit: the item, its product and shop, its preview. */
export interface PublishPlanRow {
  item: PublishListingsInput['items'][number];
  product: ProductFacts;
  shop: ShopFacts;
  preview: ListingPreviewRow;
}
export interface PublishPlan {
  rows: PublishPlanRow[];
  scheduledAt: PublishListingsInput['scheduledAt'];
}

/**
 * What publishing reads before its unit of work: each row's preview (the price through the
 * pricing rules and the attributes through the category mappings, each in units of their own).
 */
export async function planPublish(services: Services, ctx: Ctx, input: PublishListingsInput): Promise<PublishPlan> {
  const productIds = [...new Set(input.items.map((i) => i.productId))];
  const shopIds = [...new Set(input.items.map((i) => i.shopId))];
  const { products, shops, existing } = await loadAll(services, ctx, productIds, shopIds);
  const rows: PublishPlanRow[] = [];
  for (const item of input.items) {
    const product = products.get(item.productId)!;
    const shop = shops.get(item.shopId)!;
    const preview = await previewRow(
      services,
      ctx,
      product,
      shop,
      existing.get(`${item.productId}|${item.shopId}`) ?? null,
    );
    rows.push({ item, product, shop, preview });
  }
  return { rows, scheduledAt: input.scheduledAt };
}

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

/** One listing per product × shop of the plan, queued; a row that cannot be published says why in its row. */
export async function publishListings(
  services: Pick<Services, 'events'>,
  tx: Tx,
  ctx: Ctx,
  plan: PublishPlan,
): Promise<PublishResultDto> {
  const actor = actorOf(ctx);
  const out: PublishResultDto['items'] = [];
  const made: Listing[] = [];
  for (const { item, product, shop, preview: row } of plan.rows) {
    const attributes = { ...row.attributes, ...item.attributes };
    const categoryId = item.categoryId ?? row.category?.id ?? null;
    const price = item.price ?? row.price?.amount ?? null;
    const blocking = row.problems.filter((p) => {
      if (!p.blocking) return false;
      if (p.code === 'NO_MAPPING') return categoryId === null;
      if (p.code === 'NO_PRICE') return price === null;
      if (p.code === 'MISSING_ATTRIBUTES') return row.missingAttributes.some((m) => !(m.name in item.attributes));
      return true;
    });
    if (blocking.length) {
      out.push({
        productId: item.productId,
        shopId: item.shopId,
        ok: false,
        id: null,
        error: blocking.map((p) => p.message).join(' '),
      });
      continue;
    }
    const skus = sellerSkusOf(product);
    const quantities = await ruleQuantities(
      tx,
      ctx,
      shop.id,
      skus.map((s) => s.sku),
    );
    // a savepoint by hand (see trade's stock reservation): a concurrent publish of the same
    // product × shop loses on the unique index, and only its own row is undone
    await tx.execute(sql`savepoint listing_publish`);
    try {
      const [l] = await tx
        .insert(listings)
        .values({
          tenantId: ctx.tenant?.id ?? null,
          shopId: shop.id,
          shopName: shop.name,
          platform: shop.platform,
          region: shop.region,
          currency: row.currency,
          productId: product.id,
          productSku: product.sku,
          productName: product.name,
          productImage: row.images[0] ?? null,
          draft: {
            categoryId,
            categoryName: item.categoryId ? null : (row.category?.name ?? null),
            attributes,
            price: item.price ?? null,
            priceRuleId: item.price ? null : (row.price?.priceRuleId ?? null),
          },
          status: ListingStatus.Queue,
          op: 'CREATE',
          price,
          stock: skus.reduce((n, s) => n + (quantities.get(s.sku) ?? 0), 0),
          scheduledAt: plan.scheduledAt ?? null,
          creatorId: actor.id,
          creatorName: actor.name,
        })
        .returning();
      await tx.insert(listingSkus).values(
        skus.map((s, sort) => ({
          tenantId: l.tenantId,
          listingId: l.id,
          sellerSku: s.sku,
          price: price!,
          quantity: quantities.get(s.sku) ?? 0,
          saleProps: (s.label ? { variation: s.label } : {}) as Record<string, string>,
          sort,
        })),
      );
      await tx.insert(listingEvents).values({
        tenantId: l.tenantId,
        listingId: l.id,
        fromStatus: null,
        toStatus: ListingStatus.Queue,
        event: 'publish',
        actorId: actor.id,
        actorName: actor.name,
      });
      await tx.execute(sql`release savepoint listing_publish`);
      made.push(l);
      out.push({ productId: item.productId, shopId: item.shopId, ok: true, id: l.id, error: null });
    } catch (e) {
      await tx.execute(sql`rollback to savepoint listing_publish`);
      if (!isUniqueViolation(e)) throw e;
      out.push({
        productId: item.productId,
        shopId: item.shopId,
        ok: false,
        id: null,
        error: t(ctx.culture, 'Listings::AlreadyListed', ['']),
      });
    }
  }
  await raiseChanged(services, tx, made, made);
  return { items: out, succeeded: made.length, failed: out.length - made.length };
}
