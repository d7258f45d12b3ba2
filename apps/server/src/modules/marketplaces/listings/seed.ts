import { ListingStatus, RegionCurrencies } from '@seller/contracts/marketplaces';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProducts } from '../../catalog/index.ts';
import { draftAttributes } from '../categories/queries.ts';
import type { MarketplaceErrorRow } from '../clients/errors.ts';
import { shops } from '../shops/schema.ts';
import { DEMO_SHOPS } from '../shops/seed.ts';
import { type ProductFacts, productFacts, sellerSkusOf } from './publish.ts';
import { enqueueListings } from './queue.ts';
import { type ListingDraft, listingEvents, listingSkus, listings } from './schema.ts';
import type { Listing } from './state.ts';

const S = ListingStatus;

/** What a platform's demo listings send when the category mapping gives nothing (simulator categories). */
const fallback: Record<string, { categoryId: string; categoryName: string; attributes: Record<string, string> }> = {
  LAZADA: {
    categoryId: '10000000',
    categoryName: 'Premium Dresses',
    attributes: { warranty_type: 'No Warranty', brand: 'No Brand', material: 'Cotton' },
  },
  SHOPEE: {
    categoryId: '101000',
    categoryName: 'Premium Dresses',
    attributes: { '100010': 'No Warranty', '100134': 'Cotton' },
  },
};

type Plan =
  | { status: typeof S.Queue }
  | { status: typeof S.Hold }
  | { status: typeof S.Cancel }
  | {
      status: typeof S.Failure;
      code: string;
      message: string;
      rows: (sku: string) => MarketplaceErrorRow[];
      tries: number;
    };

/** `n` listings left for the worker to send. */
const queuedPlans = (n: number): Plan[] => Array.from({ length: n }, () => ({ status: S.Queue }));

/** Per shop, per product in order: 20 listings over the two demo shops (10 products each). */
const plans: Record<string, Plan[]> = {
  LAZADA: [
    ...queuedPlans(6),
    { status: S.Hold },
    { status: S.Cancel },
    {
      status: S.Failure,
      code: '500',
      message: 'Create product failed',
      tries: 1,
      rows: (sku) => [
        { sellerSku: sku, field: 'package_weight', message: 'Over 40 kg needs DBS permission (4164)' },
        { sellerSku: null, field: 'material', message: 'Material is mandatory in this category' },
      ],
    },
    {
      status: S.Failure,
      code: 'ISP.ServiceUnavailable',
      message: '已尝试 5 次仍失败:The service is temporarily unavailable.',
      tries: 5,
      rows: () => [],
    },
  ],
  SHOPEE: [
    ...queuedPlans(5),
    { status: S.Hold },
    { status: S.Hold },
    { status: S.Cancel },
    {
      status: S.Failure,
      code: 'error_param',
      message: 'Price is out of the range allowed for this category.',
      tries: 1,
      rows: (sku) => [{ sellerSku: sku, field: 'original_price', message: 'Price must be between 1.00 and 10000.00' }],
    },
    {
      status: S.Failure,
      code: 'product.error_busi',
      message: 'The item name contains a prohibited keyword.',
      tries: 1,
      rows: () => [{ sellerSku: null, field: 'item_name', message: 'Prohibited keyword: "replica"' }],
    },
  ],
};

/** A price on the site: the catalogue's (RMB) at 0.62 per unit, with an 80 % margin, in the shop's currency. */
const sitePrice = (p: ProductFacts) => (Math.max(p.price, 1) * 0.62 * 1.8).toFixed(2);

/**
 * Tenant demo: 20 listings of the first 10 catalogue products on the two demo shops, in various
 * states. Queued ones are real work: the worker sends them to the simulator once the demo shops are
 * authorized (a few seconds after start) and they go live as the simulator reviews them. Held,
 * cancelled and failed ones are written as they would be, with their events and believable
 * marketplace errors. Written once: nothing is added while the demo shops have any listing (a
 * dropped one included).
 */
export async function seedDemo(services: Services, tenant: CurrentTenant): Promise<void> {
  const ctx = { tenant, user: null, culture: 'zh-Hans' as const };
  const live = services.config.marketplaceSimulator;
  const found = await services.data.inTenant(ctx, async (tx) => {
    const shopRows = await tx
      .select()
      .from(shops)
      .where(
        owned(
          ctx,
          shops,
          inArray(
            shops.name,
            DEMO_SHOPS.map((d) => d.name),
          ),
        ),
      );
    if (!shopRows.length) return null;
    const [any] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.tenantId, tenant.id),
          inArray(
            listings.shopId,
            shopRows.map((s) => s.id),
          ),
        ),
      )
      .limit(1);
    if (any) return null;
    const ids = await tx
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(owned(ctx, catalogProducts, eq(catalogProducts.isActive, true)))
      .orderBy(asc(catalogProducts.sku))
      .limit(10);
    const facts = await productFacts(
      tx,
      ctx,
      ids.map((r) => r.id),
    );
    return { shopRows, products: ids.map((r) => facts.get(r.id)).filter((p): p is ProductFacts => !!p) };
  });
  if (!found) return;
  const { shopRows, products } = found;
  // the category mapping's category and attributes (its own transactions, before the writing one)
  const mappedOf = new Map<string, Awaited<ReturnType<typeof draftAttributes>> | null>();
  for (const shop of shopRows)
    for (const product of products)
      mappedOf.set(
        `${shop.id}|${product.id}`,
        await draftAttributes(services, tenant, {
          productId: product.id,
          platform: shop.platform,
          region: shop.regions[0] ?? 'MY',
        }).catch(() => null),
      );
  const queued = await services.data.inTenant(ctx, async (tx) => {
    const out: Listing[] = [];
    const now = Date.now();
    for (const shop of shopRows) {
      const region = shop.regions[0] ?? 'MY';
      const plan = plans[shop.platform] ?? [];
      for (const [i, product] of products.entries()) {
        let step = plan[i];
        if (!step) continue;
        if (step.status === S.Queue && !live) step = { status: S.Hold };
        const mapped = mappedOf.get(`${shop.id}|${product.id}`);
        const base = fallback[shop.platform]!;
        const draft: ListingDraft = {
          categoryId: mapped?.mapping?.platformCategoryId ?? base.categoryId,
          categoryName: mapped?.mapping?.platformCategoryName ?? base.categoryName,
          attributes: { ...base.attributes, ...(mapped?.attributes ?? {}) },
          price: sitePrice(product),
          priceRuleId: null,
        };
        const skus = sellerSkusOf(product);
        const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
        const failed = step.status === S.Failure ? step : null;
        const [row] = await tx
          .insert(listings)
          .values({
            tenantId: tenant.id,
            shopId: shop.id,
            shopName: shop.name,
            platform: shop.platform,
            region,
            currency: RegionCurrencies[region] ?? 'USD',
            productId: product.id,
            productSku: product.sku,
            productName: product.name,
            productImage: product.images[0] ?? null,
            draft,
            status: step.status,
            priorStatus: step.status === S.Hold || step.status === S.Cancel ? S.Queue : null,
            op: 'CREATE',
            price: draft.price,
            // the SKUs' stock follows order management's (a push after its demo stock is recorded)
            stock: 0,
            attempts: failed?.tries ?? 0,
            // queued: once the demo shops are authorized (a job a few seconds after start)
            scheduledAt: step.status === S.Queue ? new Date(now + 15_000) : null,
            version: step.status === S.Queue ? 1 : step.status === S.Failure ? 3 : 2,
            lastErrorCode: failed?.code ?? null,
            lastErrorMessage: failed?.message ?? null,
            lastErrorRequestId: failed ? `0b86a3${(1_700_000 + i).toString(16)}e1c2` : null,
            lastErrorRows: failed ? failed.rows(skus[0]!.sku) : null,
            creatorName: 'admin',
            creationTime: at(90 - i * 5),
          })
          .returning();
        await tx.insert(listingSkus).values(
          skus.map((s, sort) => ({
            tenantId: tenant.id,
            listingId: row!.id,
            sellerSku: s.sku,
            price: draft.price!,
            quantity: 0,
            saleProps: (s.label ? { variation: s.label } : {}) as Record<string, string>,
            sort,
          })),
        );
        const event = (
          minutesAgo: number,
          fromStatus: number | null,
          toStatus: number,
          name: string,
          byUser: boolean,
          message: string | null = null,
        ) => ({
          tenantId: tenant.id,
          listingId: row!.id,
          fromStatus,
          toStatus,
          event: name,
          actorName: byUser ? 'admin' : null,
          message,
          requestId: name === 'failed' ? row!.lastErrorRequestId : null,
          creationTime: at(minutesAgo),
        });
        const events = [event(90 - i * 5, null, S.Queue, 'publish', true)];
        if (step.status === S.Hold) events.push(event(80 - i * 5, S.Queue, S.Hold, 'pause', true));
        if (step.status === S.Cancel) events.push(event(80 - i * 5, S.Queue, S.Cancel, 'cancel', true));
        if (failed) {
          events.push(event(89 - i * 5, S.Queue, S.Process, 'claimed', false));
          const detail = failed.rows(skus[0]!.sku).map((r) => `${r.sellerSku ?? r.field}: ${r.message}`);
          events.push(event(88 - i * 5, S.Process, S.Failure, 'failed', false, [failed.message, ...detail].join('; ')));
        }
        await tx.insert(listingEvents).values(events);
        if (step.status === S.Queue) out.push(row!);
      }
    }
    return out;
  });
  if (queued.length) await enqueueListings(services, queued);
}
