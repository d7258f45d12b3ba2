import { z } from 'zod';
import { audit, letterCode, stamp } from '../fields.ts';
import { pagedQuery } from '../paging.ts';
import { MarketPlatforms } from './common.ts';

/**
 * Category mapping (spec §7 `/api/catalog/category-mapping`): a catalogue category → a marketplace's
 * leaf category on one site, with how each platform attribute gets its value (a catalogue
 * attribute through a value map, or a default). The platform's tree and attributes come from a
 * cache filled through a shop's client. Refusals are `CategoryMapping::` text keys.
 */

const region = letterCode(2, 'CategoryMapping::RegionFormat');
const platformValue = z.string().trim().min(1).max(255);

/**
 * Platform attributes publishing fills from the product itself (its name, description, the brand
 * chosen when publishing), never through a mapping: not required in a mapping, never `missing`.
 */
export const PRODUCT_FILLED_ATTRIBUTES: readonly string[] = [
  'name',
  'description',
  'short_description',
  'brand',
  'brand_id',
];

/** The kinds of catalogue attributes: purchase (variant-defining: colour, size) and screen (material). */
export const CatalogAttributeKinds = ['purchase', 'screen'] as const;
export type CatalogAttributeKind = (typeof CatalogAttributeKinds)[number];

/** How one platform attribute is filled. */
export const attributeMappingInput = z.object({
  /** The platform attribute's `name` (its key in payloads). */
  attribute: z.string().trim().min(1).max(128),
  catalogAttributeKind: z.enum(CatalogAttributeKinds).nullable().default(null),
  catalogAttributeId: z.guid().nullable().default(null),
  /** Catalogue value (purchase value or screen option id) → platform value (an option's name for select types). */
  valueMap: z
    .array(z.object({ catalogValueId: z.guid(), platformValue }))
    .max(200)
    .default([]),
  /** Used when the product has no mapped value. */
  defaultValue: z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)), platformValue.nullable()),
});
export type AttributeMappingInput = z.infer<typeof attributeMappingInput>;

export const categoryMappingInput = z.object({
  catalogCategoryId: z.guid(),
  platform: z.enum(MarketPlatforms),
  region,
  platformCategoryId: z.string().trim().min(1).max(64),
  attributes: z.array(attributeMappingInput).max(200).default([]),
});
export type CategoryMappingInput = z.infer<typeof categoryMappingInput>;
export const categoryMappingUpdateInput = categoryMappingInput.extend(stamp);

export const categoryMappingQuery = pagedQuery.extend({
  platform: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MarketPlatforms).optional()),
  region: z.preprocess((v) => (v === '' ? undefined : v), region.optional()),
  categoryId: z.preprocess((v) => (v === '' ? undefined : v), z.guid().optional()),
});
export type CategoryMappingQuery = z.infer<typeof categoryMappingQuery>;

export const categoryMappingDto = z.object({
  id: z.string(),
  catalogCategoryId: z.string(),
  /** The catalogue category's path (`服装 / 女装`), or null when it was deleted. */
  catalogCategoryName: z.string().nullable(),
  platform: z.enum(MarketPlatforms),
  region: z.string(),
  platformCategoryId: z.string(),
  /** The platform category's name path (`Women > Dresses`). */
  platformCategoryName: z.string(),
  attributes: z.array(
    attributeMappingInput.extend({
      catalogAttributeKind: z.enum(CatalogAttributeKinds).nullable(),
      catalogAttributeId: z.string().nullable(),
      valueMap: z.array(z.object({ catalogValueId: z.string(), platformValue: z.string() })),
    }),
  ),
  ...audit,
});
export type CategoryMappingDto = z.infer<typeof categoryMappingDto>;

/** The platform category tree, cached per platform and site. */
/** Which of the shop's sites (a cross-border shop sells on several); its first by default. */
const shopRegion = z.preprocess((v) => (v === '' ? undefined : v), region.optional());

export const platformCategoriesQuery = z.object({
  shopId: z.guid(),
  region: shopRegion,
  /** Children of this category (top level when absent); ignored with `filter`. */
  parentId: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
  /** Name search across the whole tree (at most 100 results). */
  filter: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(100).optional()),
});
export const platformCategoryDto = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  /** Names from the root, joined with ` > `. */
  path: z.string(),
  leaf: z.boolean(),
});
export type PlatformCategoryDto = z.infer<typeof platformCategoryDto>;
export const platformCategoriesResult = z.object({
  platform: z.enum(MarketPlatforms),
  region: z.string(),
  fetchedAt: z.date(),
  items: z.array(platformCategoryDto),
});

export const platformAttributesQuery = z.object({
  shopId: z.guid(),
  region: shopRegion,
  categoryId: z.string().trim().min(1).max(64),
});
export const platformAttributeDto = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  mandatory: z.boolean(),
  inputType: z.string(),
  saleProp: z.boolean(),
  options: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PlatformAttributeDto = z.infer<typeof platformAttributeDto>;
export const platformAttributesResult = z.object({
  categoryId: z.string(),
  fetchedAt: z.date(),
  items: z.array(platformAttributeDto),
  brands: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const categoryCacheShopQuery = z.object({ shopId: z.guid(), region: shopRegion });
export const categoryRefreshResult = z.object({
  platform: z.enum(MarketPlatforms),
  region: z.string(),
  categoryCount: z.number(),
});

/** The catalogue's own categories and attributes, as the mapping form picks them. */
export const catalogOptionsDto = z.object({
  categories: z.array(z.object({ id: z.string(), parentId: z.string().nullable(), name: z.string() })),
  attributes: z.array(
    z.object({
      kind: z.enum(CatalogAttributeKinds),
      id: z.string(),
      name: z.string(),
      values: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type CatalogOptionsDto = z.infer<typeof catalogOptionsDto>;

/** `draftAttributes` over HTTP (what the publish wizard shows per product and site). */
export const draftAttributesQuery = z.object({
  productId: z.guid(),
  platform: z.enum(MarketPlatforms),
  region,
});
export const draftAttributesDto = z.object({
  mapping: z.object({ id: z.string(), platformCategoryId: z.string(), platformCategoryName: z.string() }).nullable(),
  attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  missing: z.array(
    z.object({ name: z.string(), label: z.string(), options: z.array(z.object({ id: z.string(), name: z.string() })) }),
  ),
  saleProps: z.array(z.object({ name: z.string(), label: z.string(), catalogAttributeId: z.string().nullable() })),
});
