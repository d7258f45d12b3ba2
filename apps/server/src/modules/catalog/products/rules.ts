import type { ProductInput, VariantOverride } from '@seller/contracts/catalog';
import { eq, inArray } from 'drizzle-orm';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { fileQueries } from '../../files/index.ts';
import { brands, categories, screenAttributeOptions, screenAttributes } from '../master-data/schema.ts';
import type { Ctx } from './records.ts';

/** The checks of a product's references before it is written (create, update, import). */

/** Category and brand belong to the tenant; every variant option names this tenant's attribute values. */
export async function validate(tx: Tx, ctx: Ctx, input: ProductInput) {
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(owned(ctx, categories, inArray(categories.id, input.categoryIds)));
  const known = new Set(found.map((c) => c.id));
  const missing = input.categoryIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw fieldError(`categoryIds.${missing}`, 'Catalog::CategoryNotFound');
  if (input.brandId) {
    const [brand] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(owned(ctx, brands, eq(brands.id, input.brandId)));
    if (!brand) throw fieldError('brandId', 'Catalog::BrandNotFound');
  }
  const attributeIds = input.variantOptions.map((o) => o.attributeId);
  if (new Set(attributeIds).size !== attributeIds.length) {
    throw fieldError('variantOptions', 'Catalog::Duplicate', [attributeIds.join(', ')]);
  }
  await validateScreenValues(tx, ctx, input.screenValues);
}

/** Each screening value names one of this tenant's screening attributes, once, and options of that attribute. */
async function validateScreenValues(tx: Tx, ctx: Ctx, values: ProductInput['screenValues']) {
  if (!values.length) return;
  const attrs = await tx
    .select({ id: screenAttributes.id })
    .from(screenAttributes)
    .where(
      owned(
        ctx,
        screenAttributes,
        inArray(
          screenAttributes.id,
          values.map((v) => v.attributeId),
        ),
      ),
    );
  const optionIds = values.flatMap((v) => v.optionIds);
  const options = optionIds.length
    ? await tx
        .select({ id: screenAttributeOptions.id, attributeId: screenAttributeOptions.attributeId })
        .from(screenAttributeOptions)
        .where(owned(ctx, screenAttributeOptions, inArray(screenAttributeOptions.id, optionIds)))
    : [];
  const knownAttrs = new Set(attrs.map((a) => a.id));
  const attributeOf = new Map(options.map((o) => [o.id, o.attributeId]));
  const seen = new Set<string>();
  for (const [i, v] of values.entries()) {
    if (!knownAttrs.has(v.attributeId)) throw fieldError(`screenValues.${i}.attributeId`, 'Catalog::AttributeNotFound');
    if (seen.has(v.attributeId))
      throw fieldError(`screenValues.${i}.attributeId`, 'Catalog::Duplicate', [v.attributeId]);
    seen.add(v.attributeId);
    const bad = v.optionIds.findIndex((id) => attributeOf.get(id) !== v.attributeId);
    if (bad >= 0) throw fieldError(`screenValues.${i}.optionIds.${bad}`, 'Catalog::AttributeValueNotFound');
  }
}

/** Variant images are files this tenant uploaded, like the product's own images. */
export async function validateVariantImages(
  services: Pick<Services, 'config'>,
  ctx: Ctx,
  overrides: VariantOverride[] = [],
) {
  for (const [i, o] of overrides.entries()) {
    if (o.image && !(await fileQueries.exists(services.config.dataDir, ctx, o.image))) {
      throw fieldError(`variants.${i}.image`, 'Catalog::ImageNotFound');
    }
  }
}
