import { eq } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import {
  categories,
  purchaseAttributes,
  purchaseAttributeValues,
  screenAttributeOptions,
  screenAttributes,
} from '../master-data/schema.ts';

/**
 * The tenant's master data the demo products are made of: its categories by code, its purchase
 * attributes by English name with their values, and its screening options.
 */
export async function demoMasterData(tx: Tx, ctx: CrudContext) {
  const categoryRows = await tx
    .select({ id: categories.id, code: categories.code })
    .from(categories)
    .where(owned(ctx, categories));
  const attributes = await tx
    .select({ id: purchaseAttributes.id, nameEn: purchaseAttributes.nameEn })
    .from(purchaseAttributes)
    .where(owned(ctx, purchaseAttributes));
  const values = await tx
    .select({
      id: purchaseAttributeValues.id,
      attributeId: purchaseAttributeValues.attributeId,
      code: purchaseAttributeValues.code,
      value: purchaseAttributeValues.value,
    })
    .from(purchaseAttributeValues)
    .where(owned(ctx, purchaseAttributeValues));
  const screenOptions = await tx
    .select({
      id: screenAttributeOptions.id,
      attributeId: screenAttributeOptions.attributeId,
      valueEn: screenAttributeOptions.valueEn,
    })
    .from(screenAttributeOptions)
    .innerJoin(screenAttributes, eq(screenAttributes.id, screenAttributeOptions.attributeId))
    .where(owned(ctx, screenAttributes));
  return {
    categories: new Map(categoryRows.map((c) => [c.code, c.id])),
    /** A purchase attribute by its English name (no id when the tenant has none), with its values. */
    attribute(nameEn: string) {
      const id = attributes.find((a) => a.nameEn === nameEn)?.id;
      return { id, values: values.filter((v) => v.attributeId === id) };
    },
    screenOptions,
  };
}
