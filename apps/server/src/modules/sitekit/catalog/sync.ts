import type { SiteProductSyncInput } from '@seller/contracts/sitekit';
import { arrayOverlaps, asc, count, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, insertOwned, owned, rewriteOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { conflict, fieldError } from '../../../core/errors.ts';
import { convert, money, moneyText, type Rates } from '../../../core/money.ts';
import { uniquely } from '../../../core/resource.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProductImages, catalogProducts, catalogProductVariants } from '../../catalog/index.ts';
import { tenantCurrency } from '../../logistics/index.ts';
import { calcRetailPrice } from '../../pricing/index.ts';
import { sanitizeHtml } from '../sanitize.ts';
import { type SiteRow, sites } from '../sites/schema.ts';
import { slugOf } from '../slug.ts';
import { categoriesOfSite } from './categories.ts';
import { refreshLowestPrice, SITE_PRODUCT_ENTITY, searchTextOf } from './products.ts';
import { type SiteProductRow, siteProducts, siteProductVariants } from './schema.ts';

/** Products one sync takes at most: bounded work per request; the answer says how many are left. */
export const SYNC_MAX = 500;

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
type Product = typeof catalogProducts.$inferSelect;
type Variant = typeof catalogProductVariants.$inferSelect;

/**
 * A variant's price on the site, in the site's currency: the site's price rule applied to the
 * SKU's cost (the pricing module's calculator), else the catalogue price converted once at the
 * tenant's rates; a missing rate is refused, never taken as 1.
 */
async function sitePrice(services: Services, ctx: Ctx, site: SiteRow, product: Product, v: Variant, rates: Rates) {
  if (site.priceRuleId) {
    const out = await calcRetailPrice(services, ctx, { priceRuleId: site.priceRuleId, sku: v.sku });
    return convert(money(out.price, out.currency), site.defaultCurrency, rates).toString();
  }
  return convert(money(v.price, product.priceCurrency), site.defaultCurrency, rates).toString();
}

/**
 * `POST /api/sitekit/products/sync`: catalogue products into a site, all or nothing. New ones get
 * the catalogue's names, description, pictures and variants, the site categories that map their
 * catalogue categories, and prices; existing ones are brought up to date, keeping the site's own
 * title, address, description, categories and state, and their prices when set by hand.
 */
export async function syncSiteProducts(services: Services, tx: Tx, ctx: Ctx, input: SiteProductSyncInput) {
  const [site] = await tx
    .select()
    .from(sites)
    .where(owned(ctx, sites, eq(sites.id, input.siteId)));
  if (!site) throw fieldError('siteId', 'EntityNotFoundShort');
  const { rates } = await tenantCurrency(services, ctx);
  const categories = await categoriesOfSite(tx, ctx, site.id);
  const mapped = [...new Set(categories.flatMap((c) => c.catalogCategoryIds))];
  if (!input.productIds.length && !mapped.length) throw fieldError('productIds', 'Sitekit::SiteHasNoCategoriesMapped');

  const which = owned(
    ctx,
    catalogProducts,
    eq(catalogProducts.isDeleted, false),
    input.productIds.length
      ? inArray(catalogProducts.id, input.productIds)
      : arrayOverlaps(catalogProducts.categoryIds, mapped),
  );
  const products = await tx
    .select()
    .from(catalogProducts)
    .where(which)
    .orderBy(asc(catalogProducts.sku))
    .limit(SYNC_MAX);
  if (input.productIds.length) {
    const found = new Set(products.map((p) => p.id));
    const i = input.productIds.findIndex((id) => !found.has(id));
    if (i >= 0) throw fieldError(`productIds.${i}`, 'EntityNotFoundShort');
  }
  if (!products.length) throw fieldError('productIds', 'Sitekit::NothingToSync');
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(catalogProducts).where(which);

  const ids = products.map((p) => p.id);
  const variants = await tx
    .select()
    .from(catalogProductVariants)
    .where(owned(ctx, catalogProductVariants, inArray(catalogProductVariants.productId, ids)))
    .orderBy(asc(catalogProductVariants.sort), asc(catalogProductVariants.sku));
  const images = await tx
    .select()
    .from(catalogProductImages)
    .where(owned(ctx, catalogProductImages, inArray(catalogProductImages.productId, ids)))
    .orderBy(asc(catalogProductImages.sort));
  const existing = new Map(
    (
      await tx
        .select()
        .from(siteProducts)
        .where(owned(ctx, siteProducts, eq(siteProducts.siteId, site.id), inArray(siteProducts.productId, ids)))
        .for('update')
    ).map((r) => [r.productId, r]),
  );

  let created = 0;
  let updated = 0;
  const now = new Date();
  for (const product of products) {
    const own = variants.filter((v) => v.productId === product.id);
    if (!own.length) {
      // nothing to sell (orders reserve variants): named when asked for, passed over in a category's sync
      const i = input.productIds.indexOf(product.id);
      if (i >= 0) throw fieldError(`productIds.${i}`, 'Sitekit::ProductWithoutVariants', [product.sku]);
      continue;
    }
    const pictures = images
      .filter((i) => i.productId === product.id)
      .sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.sort - b.sort)
      .map((i) => i.url);
    const before = existing.get(product.id);
    const keepPrices = before?.priceMode === 'MANUAL';
    const oldVariants = before
      ? await tx.select().from(siteProductVariants).where(eq(siteProductVariants.siteProductId, before.id))
      : [];
    const priced = [];
    for (const [i, v] of own.entries()) {
      const old = oldVariants.find((o) => o.variantId === v.id);
      priced.push({
        variantId: v.id,
        sku: v.sku,
        label: v.label,
        price: keepPrices && old ? old.price : await sitePrice(services, ctx, site, product, v, rates),
        compareAtPrice: old?.compareAtPrice ?? null,
        imageUrl: v.image,
        sortOrder: i,
      });
    }
    const common = {
      productSku: product.sku,
      imageUrl: pictures[0] ?? own.find((v) => v.image)?.image ?? null,
      images: pictures,
      syncedAt: now,
    };
    let row: SiteProductRow;
    if (before) {
      row = await rewriteOwned(tx, ctx, siteProducts, SITE_PRODUCT_ENTITY, before, common);
      await tx.delete(siteProductVariants).where(eq(siteProductVariants.siteProductId, before.id));
      updated++;
    } else {
      const siteCategoryIds = categories
        .filter((c) => c.catalogCategoryIds.some((id) => product.categoryIds.includes(id)))
        .map((c) => c.id);
      const title = product.name;
      row = await uniquely(
        () =>
          insertOwned(tx, ctx, siteProducts, SITE_PRODUCT_ENTITY, {
            ...common,
            siteId: site.id,
            productId: product.id,
            title,
            titleEn: product.nameEn,
            slug: `${slugOf(product.nameEn ?? '', 'p')}-${slugOf(product.sku, 'p')}`.slice(0, 128),
            description: sanitizeHtml(product.detailContent ?? product.description),
            categoryIds: siteCategoryIds,
            priceMode: 'RULE',
            currency: site.defaultCurrency,
            price: '0',
            isPublished: input.publish,
            publishedAt: input.publish ? now : null,
            searchText: searchTextOf(title, product.nameEn, product.sku),
          }),
        conflict,
      );
      created++;
    }
    await tx.insert(siteProductVariants).values(
      priced.map((p) => ({
        ...p,
        tenantId: ctx.tenant?.id ?? null,
        siteProductId: row.id,
        price: moneyText(p.price, site.defaultCurrency),
      })),
    );
    await refreshLowestPrice(tx, row.id);
  }
  return { created, updated, remaining: Math.max(0, total - products.length) };
}
