import { type AttributeMappingInput, MarketPlatforms } from '@seller/contracts/marketplaces';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import { AppError } from '../../../core/errors.ts';
import { RetryLater } from '../../../core/jobs.ts';
import type { Services } from '../../../core/services.ts';
import {
  catalogCategories,
  catalogPurchaseAttributes,
  catalogPurchaseAttributeValues,
  catalogScreenAttributeOptions,
  catalogScreenAttributes,
} from '../../catalog/index.ts';
import type { PlatformAttribute } from '../clients/types.ts';
import { shops } from '../shops/schema.ts';
import { DEMO_SHOPS } from '../shops/seed.ts';
import { platformAttributes, platformCategories } from './cache.ts';
import { categoryMappings } from './schema.ts';
import { categoryMappingService, mustBeFilled } from './service.ts';

/**
 * Demo category mappings. The platform trees come from the shops' clients, and the demo shops are
 * authorized by a job after the server listens, so the mappings are made by a job of their own that
 * waits (retrying) until each platform's demo shop is authorized, then maps each site of the demo
 * shops that has no mapping yet (other shops of the tenant are left to the user): for every seeded catalogue category
 * below, the first leaf whose name path contains the search words, with the catalogue's material,
 * colour and size mapped by their English names and the other mandatory attributes given the first
 * option as default. A site that already has mappings is left alone.
 */
export const DEMO_MAPPINGS_JOB = 'marketplaces.categories.seed';

/** Catalogue category code → words searched in the platform tree. */
const PLAN: Array<[code: string, search: string]> = [
  ['WOMEN', 'Dresses'],
  ['MEN', 'T-Shirts'],
  ['BACKPACK', 'Backpacks'],
  ['HANDBAG', 'Handbags'],
  ['KITCHEN', 'Kitchenware'],
  ['STORAGE', 'Storage'],
  ['PHONE-ACC', 'Phone Accessories'],
];

/** Catalogue attribute (English name) → the platform attribute it feeds. */
const ATTRIBUTES: Record<string, { kind: 'purchase' | 'screen'; nameEn: string }> = {
  material: { kind: 'screen', nameEn: 'Material' },
  color_family: { kind: 'purchase', nameEn: 'Color' },
  size: { kind: 'purchase', nameEn: 'Size' },
};

export async function seedDemo(services: Services, tenant: CurrentTenant): Promise<void> {
  if (!services.config.marketplaceSimulator) return;
  await services.jobs.send(DEMO_MAPPINGS_JOB, { tenantId: tenant.id }, { startAfter: 5 });
}

/** The job: the demo mappings of each platform's first authorized shop, once there is one. */
export async function seedDemoMappings(services: Services, data: { tenantId: string }) {
  const tenant = await services.tenants.find(data.tenantId);
  if (!tenant) return { skipped: 'tenant' };
  const ctx = systemContext(tenant);
  const made: Record<string, number> = {};
  let waiting = false;
  for (const platform of MarketPlatforms) {
    const authorized = await services.data.inTenant(ctx, (tx) =>
      tx
        .select({ id: shops.id, regions: shops.regions })
        .from(shops)
        .where(
          owned(
            ctx,
            shops,
            eq(shops.platform, platform),
            inArray(shops.status, ['active', 'expiring']),
            inArray(
              shops.name,
              DEMO_SHOPS.map((d) => d.name),
            ),
          ),
        )
        .orderBy(asc(shops.creationTime))
        .limit(20),
    );
    if (!authorized.length) waiting = true;
    const sites = new Set<string>();
    for (const shop of authorized) {
      const region = shop.regions[0];
      if (!region || sites.has(region)) continue;
      sites.add(region);
      const [already] = await services.data.inTenant(ctx, (tx) =>
        tx
          .select({ id: categoryMappings.id })
          .from(categoryMappings)
          .where(
            owned(ctx, categoryMappings, eq(categoryMappings.platform, platform), eq(categoryMappings.region, region)),
          )
          .limit(1),
      );
      if (already) continue;
      made[`${platform}:${region}`] = await mapSite(services, tenant, shop.id, platform, region);
    }
  }
  // the demo shops' authorization is a job of its own, a few seconds after the server listens
  if (waiting) throw new RetryLater('demo shops not authorized yet');
  return { made };
}

async function mapSite(
  services: Services,
  tenant: CurrentTenant,
  shopId: string,
  platform: (typeof MarketPlatforms)[number],
  region: string,
): Promise<number> {
  const ctx = systemContext(tenant);
  const catalogue = await services.data.inTenant(ctx, async (tx) => ({
    categories: await tx
      .select({ id: catalogCategories.id, code: catalogCategories.code })
      .from(catalogCategories)
      .where(owned(ctx, catalogCategories)),
    purchase: await tx
      .select({
        attributeId: catalogPurchaseAttributes.id,
        nameEn: catalogPurchaseAttributes.nameEn,
        valueId: catalogPurchaseAttributeValues.id,
        valueEn: catalogPurchaseAttributeValues.valueEn,
      })
      .from(catalogPurchaseAttributeValues)
      .innerJoin(
        catalogPurchaseAttributes,
        eq(catalogPurchaseAttributes.id, catalogPurchaseAttributeValues.attributeId),
      )
      .where(owned(ctx, catalogPurchaseAttributeValues)),
    screen: await tx
      .select({
        attributeId: catalogScreenAttributes.id,
        nameEn: catalogScreenAttributes.nameEn,
        valueId: catalogScreenAttributeOptions.id,
        valueEn: catalogScreenAttributeOptions.valueEn,
      })
      .from(catalogScreenAttributeOptions)
      .innerJoin(catalogScreenAttributes, eq(catalogScreenAttributes.id, catalogScreenAttributeOptions.attributeId))
      .where(and(owned(ctx, catalogScreenAttributeOptions))),
  }));
  const values = { purchase: catalogue.purchase, screen: catalogue.screen };
  let count = 0;
  for (const [code, search] of PLAN) {
    const category = catalogue.categories.find((c) => c.code === code);
    if (!category) continue;
    const found = await platformCategories(services, ctx, { shopId, region, filter: search });
    const leaf = found.items.find((c) => c.leaf);
    if (!leaf) continue;
    const attrs = await platformAttributes(services, ctx, { shopId, region, categoryId: leaf.id });
    const rows = attrs.items.flatMap((a: PlatformAttribute): AttributeMappingInput[] => {
      const wanted = ATTRIBUTES[a.name];
      const source = wanted ? values[wanted.kind].filter((v) => v.nameEn === wanted.nameEn) : [];
      const valueMap = source.flatMap((v) => {
        const option = a.options.find((o) => o.name.toLowerCase() === (v.valueEn ?? '').toLowerCase());
        return option ? [{ catalogValueId: v.valueId, platformValue: option.name }] : [];
      });
      const defaultValue = mustBeFilled(a) ? (a.options[0]?.name ?? 'N/A') : null;
      if (wanted && source.length)
        return [
          {
            attribute: a.name,
            catalogAttributeKind: wanted.kind,
            catalogAttributeId: source[0].attributeId,
            valueMap,
            defaultValue,
          },
        ];
      return defaultValue
        ? [{ attribute: a.name, catalogAttributeKind: null, catalogAttributeId: null, valueMap: [], defaultValue }]
        : [];
    });
    try {
      const mapping = {
        catalogCategoryId: category.id,
        platform,
        region,
        platformCategoryId: leaf.id,
        attributes: rows,
      };
      await services.data.inTenant(ctx, (tx) => categoryMappingService.commands(services).create(tx, ctx, mapping));
    } catch (e) {
      // mapped meanwhile (by the user, or a run of this job that was taken for lost)
      if (e instanceof AppError && e.status === 400) continue;
      throw e;
    }
    count++;
  }
  return count;
}
