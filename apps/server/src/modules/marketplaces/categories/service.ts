import {
  type CategoryMappingDto,
  type CategoryMappingInput,
  type CategoryMappingQuery,
  PRODUCT_FILLED_ATTRIBUTES,
} from '@seller/contracts/marketplaces';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { auditedFields } from '../../../core/db/columns.ts';
import { fieldError } from '../../../core/errors.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import { assertDistinct, resourceService } from '../../../core/resource.ts';
import {
  catalogCategories,
  catalogPurchaseAttributes,
  catalogPurchaseAttributeValues,
  catalogScreenAttributeOptions,
  catalogScreenAttributes,
} from '../../catalog/index.ts';
import type { PlatformAttribute } from '../clients/types.ts';
import { cachedAttributes, cachedCategory } from './cache.ts';
import { type AttributeMapping, categoryMappings } from './schema.ts';

/**
 * Category mappings (spec §7): a catalogue category → a platform's leaf category on one site, with
 * each platform attribute filled from a catalogue attribute through a value map, or a default.
 * The platform category and its attributes must be in the cache (the form loads them through a
 * shop before saving); the rules are checked against them.
 */

const ENTITY = 'CategoryMapping';
/** Input types whose values must be one of the attribute's options. */
const SELECT_TYPES = new Set(['singleSelect', 'multiSelect']);

type Input = CategoryMappingInput & { concurrencyStamp?: string; platformCategoryName?: string };

/** The catalogue's categories with their name paths (`服装 / 女装`). */
export async function catalogCategoryPaths(
  tx: Tx,
  ctx: CrudContext,
): Promise<Map<string, { path: string; parentId: string | null }>> {
  const rows = await tx
    .select({ id: catalogCategories.id, parentId: catalogCategories.parentId, name: catalogCategories.name })
    .from(catalogCategories)
    .where(owned(ctx, catalogCategories))
    .orderBy(asc(catalogCategories.sort), asc(catalogCategories.code));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, { path: string; parentId: string | null }>();
  const pathOf = (id: string, depth = 0): string => {
    const r = byId.get(id);
    if (!r) return '';
    const parent = r.parentId && depth < 20 ? pathOf(r.parentId, depth + 1) : '';
    return parent ? `${parent} / ${r.name}` : r.name;
  };
  for (const r of rows) out.set(r.id, { path: pathOf(r.id), parentId: r.parentId });
  return out;
}

/** The values of one catalogue attribute (purchase values or screen options), or null when it is not the tenant's. */
async function catalogValues(tx: Tx, ctx: CrudContext, kind: 'purchase' | 'screen', id: string) {
  if (kind === 'purchase') {
    const [attr] = await tx
      .select({ id: catalogPurchaseAttributes.id })
      .from(catalogPurchaseAttributes)
      .where(owned(ctx, catalogPurchaseAttributes, eq(catalogPurchaseAttributes.id, id)));
    if (!attr) return null;
    const values = await tx
      .select({ id: catalogPurchaseAttributeValues.id })
      .from(catalogPurchaseAttributeValues)
      .where(owned(ctx, catalogPurchaseAttributeValues, eq(catalogPurchaseAttributeValues.attributeId, id)));
    return new Set(values.map((v) => v.id));
  }
  const [attr] = await tx
    .select({ id: catalogScreenAttributes.id })
    .from(catalogScreenAttributes)
    .where(owned(ctx, catalogScreenAttributes, eq(catalogScreenAttributes.id, id)));
  if (!attr) return null;
  const options = await tx
    .select({ id: catalogScreenAttributeOptions.id })
    .from(catalogScreenAttributeOptions)
    .where(owned(ctx, catalogScreenAttributeOptions, eq(catalogScreenAttributeOptions.attributeId, id)));
  return new Set(options.map((v) => v.id));
}

/** A platform value as the attribute takes it: for select types one of its options (by name or id), as the option's name. */
function platformValueOf(attr: PlatformAttribute, value: string): string | null {
  if (!SELECT_TYPES.has(attr.inputType) || !attr.options.length) return value;
  const option = attr.options.find((o) => o.name === value) ?? attr.options.find((o) => o.id === value);
  return option ? option.name : null;
}

/** A mandatory attribute the mapping must fill (the product fills its name, description and brand). */
export const mustBeFilled = (a: PlatformAttribute) => a.mandatory && !PRODUCT_FILLED_ATTRIBUTES.includes(a.name);

/** The attribute rows checked against the platform's attributes; mandatory ones must be filled. */
async function checkAttributes(tx: Tx, ctx: CrudContext, input: Input, platformAttrs: PlatformAttribute[]) {
  const byName = new Map(platformAttrs.map((a) => [a.name, a]));
  assertDistinct('CategoryMapping::AttributeRepeated', 'attributes', input.attributes, 'attribute', String);
  for (const [i, row] of input.attributes.entries()) {
    const at = `attributes.${i}`;
    const attr = byName.get(row.attribute);
    if (!attr) throw fieldError(`${at}.attribute`, 'CategoryMapping::UnknownAttribute', [row.attribute]);
    if (row.catalogAttributeId && !row.catalogAttributeKind)
      throw fieldError(`${at}.catalogAttributeKind`, 'CategoryMapping::AttributeKindRequired');
    if (!row.catalogAttributeId) {
      row.catalogAttributeKind = null;
      if (row.valueMap.length) throw fieldError(`${at}.valueMap`, 'CategoryMapping::ValueMapWithoutAttribute');
    } else {
      const values = await catalogValues(tx, ctx, row.catalogAttributeKind!, row.catalogAttributeId);
      if (!values) throw fieldError(`${at}.catalogAttributeId`, 'CategoryMapping::UnknownCatalogAttribute');
      assertDistinct('CategoryMapping::ValueRepeated', `${at}.valueMap`, row.valueMap, 'catalogValueId', String);
      for (const [j, entry] of row.valueMap.entries()) {
        if (!values.has(entry.catalogValueId))
          throw fieldError(`${at}.valueMap.${j}.catalogValueId`, 'CategoryMapping::UnknownCatalogValue');
        const value = platformValueOf(attr, entry.platformValue);
        if (value === null)
          throw fieldError(`${at}.valueMap.${j}.platformValue`, 'CategoryMapping::NotAnOption', [
            entry.platformValue,
            attr.label,
          ]);
        entry.platformValue = value;
      }
    }
    if (row.defaultValue !== null) {
      const value = platformValueOf(attr, row.defaultValue);
      if (value === null)
        throw fieldError(`${at}.defaultValue`, 'CategoryMapping::NotAnOption', [row.defaultValue, attr.label]);
      row.defaultValue = value;
    }
    if (mustBeFilled(attr) && !row.catalogAttributeId && row.defaultValue === null)
      throw fieldError(`${at}.defaultValue`, 'CategoryMapping::MandatoryAttribute', [attr.label]);
  }
  const given = new Set(input.attributes.map((r) => r.attribute));
  const unfilled = platformAttrs.find((a) => mustBeFilled(a) && !given.has(a.name));
  if (unfilled) throw fieldError('attributes', 'CategoryMapping::MandatoryAttribute', [unfilled.label]);
}

const toDto = (r: typeof categoryMappings.$inferSelect, paths: Map<string, { path: string }>): CategoryMappingDto => ({
  id: r.id,
  catalogCategoryId: r.catalogCategoryId,
  catalogCategoryName: paths.get(r.catalogCategoryId)?.path ?? null,
  platform: r.platform,
  region: r.region,
  platformCategoryId: r.platformCategoryId,
  platformCategoryName: r.platformCategoryName,
  attributes: r.attributes,
  ...auditedFields(r),
  concurrencyStamp: r.concurrencyStamp,
});

export const categoryMappingService = resourceService<
  typeof categoryMappings,
  Input,
  CategoryMappingDto,
  Pick<CategoryMappingQuery, 'platform' | 'region' | 'categoryId'>
>({
  table: categoryMappings,
  entity: ENTITY,
  texts: 'CategoryMapping',
  sortable: {
    platform: categoryMappings.platform,
    region: categoryMappings.region,
    platformCategoryName: categoryMappings.platformCategoryName,
    creationTime: categoryMappings.creationTime,
  },
  defaultSort: [asc(categoryMappings.platform), asc(categoryMappings.region), asc(categoryMappings.creationTime)],
  search: [categoryMappings.platformCategoryName, categoryMappings.platformCategoryId],
  scope: (q) =>
    and(
      q.platform ? eq(categoryMappings.platform, q.platform) : undefined,
      q.region ? eq(categoryMappings.region, q.region) : undefined,
      q.categoryId ? eq(categoryMappings.catalogCategoryId, q.categoryId) : undefined,
    ),
  values: (i) => ({
    catalogCategoryId: i.catalogCategoryId,
    platform: i.platform,
    region: i.region,
    platformCategoryId: i.platformCategoryId,
    platformCategoryName: i.platformCategoryName ?? i.platformCategoryId,
    attributes: i.attributes as AttributeMapping[],
  }),
  async validate(tx, ctx, input, id) {
    const [category] = await tx
      .select({ id: catalogCategories.id })
      .from(catalogCategories)
      .where(owned(ctx, catalogCategories, eq(catalogCategories.id, input.catalogCategoryId)));
    if (!category) throw fieldError('catalogCategoryId', 'CategoryMapping::UnknownCatalogCategory');
    const taken = await firstOwnedId(
      tx,
      ctx,
      categoryMappings,
      eq(categoryMappings.catalogCategoryId, input.catalogCategoryId),
      eq(categoryMappings.platform, input.platform),
      eq(categoryMappings.region, input.region),
      id ? ne(categoryMappings.id, id) : undefined,
    );
    if (taken) throw fieldError('catalogCategoryId', 'CategoryMapping::AlreadyMapped', [input.platform, input.region]);
    const site = { platform: input.platform, region: input.region };
    const platformCategory = await cachedCategory(tx, ctx, site, input.platformCategoryId);
    if (!platformCategory)
      throw fieldError('platformCategoryId', 'CategoryMapping::UnknownPlatformCategory', [input.platformCategoryId]);
    if (!platformCategory.leaf)
      throw fieldError('platformCategoryId', 'CategoryMapping::NotALeaf', [platformCategory.path]);
    const attrs = await cachedAttributes(tx, ctx, site, input.platformCategoryId);
    if (!attrs) throw fieldError('platformCategoryId', 'CategoryMapping::AttributesNotLoaded');
    await checkAttributes(tx, ctx, input, attrs.attributes);
    input.platformCategoryName = platformCategory.path;
  },
  async toDtos(tx, ctx, rows) {
    const paths = rows.length ? await catalogCategoryPaths(tx, ctx) : new Map();
    return rows.map((r) => toDto(r, paths));
  },
});

/** The mapping of `categoryIds` (in order) or of their nearest mapped ancestor, for a platform and site. */
export async function mappingFor(
  tx: Tx,
  ctx: CrudContext,
  categoryIds: string[],
  site: { platform: string; region: string },
) {
  if (!categoryIds.length) return null;
  const paths = await catalogCategoryPaths(tx, ctx);
  const mappings = await tx
    .select()
    .from(categoryMappings)
    .where(
      owned(
        ctx,
        categoryMappings,
        eq(categoryMappings.platform, site.platform as 'LAZADA'),
        eq(categoryMappings.region, site.region),
      ),
    );
  const byCategory = new Map(mappings.map((m) => [m.catalogCategoryId, m]));
  for (const start of categoryIds) {
    let id: string | null = start;
    for (let depth = 0; id && depth < 20; depth++) {
      const found = byCategory.get(id);
      if (found) return found;
      id = paths.get(id)?.parentId ?? null;
    }
  }
  return null;
}

/** The catalogue's categories and attributes (with values), for the mapping form. */
export async function catalogOptions(tx: Tx, ctx: CrudContext) {
  const paths = await catalogCategoryPaths(tx, ctx);
  const purchase = await tx
    .select({ id: catalogPurchaseAttributes.id, name: catalogPurchaseAttributes.name })
    .from(catalogPurchaseAttributes)
    .where(owned(ctx, catalogPurchaseAttributes))
    .orderBy(asc(catalogPurchaseAttributes.sort));
  const screen = await tx
    .select({ id: catalogScreenAttributes.id, name: catalogScreenAttributes.name })
    .from(catalogScreenAttributes)
    .where(owned(ctx, catalogScreenAttributes))
    .orderBy(asc(catalogScreenAttributes.sort));
  const values = purchase.length
    ? await tx
        .select({
          id: catalogPurchaseAttributeValues.id,
          attributeId: catalogPurchaseAttributeValues.attributeId,
          name: catalogPurchaseAttributeValues.value,
        })
        .from(catalogPurchaseAttributeValues)
        .where(
          owned(
            ctx,
            catalogPurchaseAttributeValues,
            inArray(
              catalogPurchaseAttributeValues.attributeId,
              purchase.map((p) => p.id),
            ),
          ),
        )
        .orderBy(asc(catalogPurchaseAttributeValues.sort))
    : [];
  const options = screen.length
    ? await tx
        .select({
          id: catalogScreenAttributeOptions.id,
          attributeId: catalogScreenAttributeOptions.attributeId,
          name: catalogScreenAttributeOptions.value,
        })
        .from(catalogScreenAttributeOptions)
        .where(
          owned(
            ctx,
            catalogScreenAttributeOptions,
            inArray(
              catalogScreenAttributeOptions.attributeId,
              screen.map((s) => s.id),
            ),
          ),
        )
        .orderBy(asc(catalogScreenAttributeOptions.sort))
    : [];
  const of = (list: Array<{ id: string; attributeId: string; name: string }>, id: string) =>
    list.filter((v) => v.attributeId === id).map(({ id, name }) => ({ id, name }));
  return {
    categories: [...paths].map(([id, p]) => ({ id, parentId: p.parentId, name: p.path })),
    attributes: [
      ...purchase.map((a) => ({ kind: 'purchase' as const, id: a.id, name: a.name, values: of(values, a.id) })),
      ...screen.map((a) => ({ kind: 'screen' as const, id: a.id, name: a.name, values: of(options, a.id) })),
    ],
  };
}
