import type { MarketPlatform } from '@seller/contracts/marketplaces';
import { eq } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError, notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProducts } from '../../catalog/index.ts';
import type { PlatformAttribute } from '../clients/types.ts';
import { cachedAttributes } from './cache.ts';
import type { AttributeMapping } from './schema.ts';
import { mappingFor, mustBeFilled } from './service.ts';

/** What publishing needs of a product's category mapping for one platform and site. */
export interface DraftAttributes {
  /** The mapping of the product's category, or null when there is none (the listing cannot be sent). */
  mapping: { id: string; platformCategoryId: string; platformCategoryName: string } | null;
  /** Platform attribute name → value, from the product's attributes through the mapping, or the defaults. */
  attributes: Record<string, string | string[]>;
  /** Mandatory platform attributes still without a value (the wizard asks for them). */
  missing: Array<{ name: string; label: string; options: Array<{ id: string; name: string }> }>;
  /** Platform sale properties (variant attributes) and which catalogue purchase attribute feeds each. */
  saleProps: Array<{ name: string; label: string; catalogAttributeId: string | null }>;
}

/**
 * The platform category and attribute values of a product for a platform and site, from the
 * tenant's category mapping: the mapping of the product's category (its categories in order, each
 * with its ancestors, the nearest mapped one wins); each mapped platform attribute takes the
 * product's values of the catalogue attribute through the value map (a purchase attribute's values
 * are the product's variant options, a screen attribute's its chosen options), else the default.
 * Sale properties are not filled here: each names the catalogue purchase attribute that feeds it
 * per SKU. Mandatory attributes left without a value are listed in `missing`.
 */
export async function draftAttributes(
  services: Services,
  tenant: CurrentTenant,
  input: DraftInput,
): Promise<DraftAttributes> {
  const ctx = { tenant, user: null };
  return services.data.inTenant(ctx, (tx) => draftAttributesIn(tx, ctx, input));
}

type DraftInput = { productId: string; platform: MarketPlatform; region: string };

/** `draftAttributes` in the caller's unit; the host has no products to map (a 400). */
export async function draftAttributesIn(tx: Tx, ctx: CrudContext, input: DraftInput): Promise<DraftAttributes> {
  if (!ctx.tenant) throw fieldError('productId', 'CategoryMapping::ShopNeedsTenant');
  const [product] = await tx
    .select({
      categoryIds: catalogProducts.categoryIds,
      variantOptions: catalogProducts.variantOptions,
      screenValues: catalogProducts.screenValues,
    })
    .from(catalogProducts)
    .where(owned(ctx, catalogProducts, eq(catalogProducts.id, input.productId)))
    .limit(1);
  if (!product) throw notFound('Product', input.productId);
  const mapping = await mappingFor(tx, ctx, product.categoryIds, input);
  if (!mapping) return { mapping: null, attributes: {}, missing: [], saleProps: [] };
  const cached = await cachedAttributes(tx, ctx, input, mapping.platformCategoryId);
  // without the cached attributes (refreshed since), the mapping's own rows are all there is to go by
  const platformAttrs: PlatformAttribute[] =
    cached?.attributes ??
    mapping.attributes.map((m) => ({
      id: m.attribute,
      name: m.attribute,
      label: m.attribute,
      mandatory: false,
      inputType: 'text',
      saleProp: false,
      options: [],
    }));
  const rows = new Map(mapping.attributes.map((m) => [m.attribute, m]));
  const chosen = (m: AttributeMapping): string[] => {
    if (!m.catalogAttributeId) return [];
    const ids =
      m.catalogAttributeKind === 'purchase'
        ? (product.variantOptions.find((o) => o.attributeId === m.catalogAttributeId)?.valueIds ?? [])
        : (product.screenValues.find((o) => o.attributeId === m.catalogAttributeId)?.optionIds ?? []);
    const map = new Map(m.valueMap.map((v) => [v.catalogValueId, v.platformValue]));
    return [...new Set(ids.map((id) => map.get(id)).filter((v): v is string => !!v))];
  };
  const attributes: Record<string, string | string[]> = {};
  const missing: DraftAttributes['missing'] = [];
  const saleProps: DraftAttributes['saleProps'] = [];
  for (const attr of platformAttrs) {
    const m = rows.get(attr.name);
    if (attr.saleProp) {
      saleProps.push({
        name: attr.name,
        label: attr.label,
        catalogAttributeId: m?.catalogAttributeKind === 'purchase' ? m.catalogAttributeId : null,
      });
      continue;
    }
    const values = m ? chosen(m) : [];
    const multi = attr.inputType === 'multiSelect' || attr.inputType === 'multiEnumInput';
    if (values.length) attributes[attr.name] = multi ? values : values[0];
    else if (m?.defaultValue) attributes[attr.name] = multi ? [m.defaultValue] : m.defaultValue;
    else if (mustBeFilled(attr)) missing.push({ name: attr.name, label: attr.label, options: attr.options });
  }
  return {
    mapping: {
      id: mapping.id,
      platformCategoryId: mapping.platformCategoryId,
      platformCategoryName: mapping.platformCategoryName,
    },
    attributes,
    missing,
    saleProps,
  };
}
