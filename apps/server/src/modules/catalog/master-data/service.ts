import type {
  AttributeGroupInput,
  BrandInput,
  PurchaseAttributeInput,
  ScreenAttributeInput,
  SupplierInput,
  VendorSourceInput,
} from '@seller/contracts/catalog';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import type { CrudContext } from '../../../core/crud.ts';
import { owned, selectEntities } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { assertDistinct, resourceService, syncChildren } from '../../../core/resource.ts';
import {
  type AttributeKind,
  attributeGroupItems,
  attributeGroups,
  brands,
  categories,
  purchaseAttributes,
  purchaseAttributeValues,
  screenAttributeOptions,
  screenAttributes,
  suppliers,
  vendorSources,
} from './schema.ts';

/** The catalogue master data, each entity declared once (see `resource.ts`). */

const plain = <R>(rows: R[]) => Promise.resolve(rows);

export const brandService = resourceService({
  table: brands,
  entity: 'Brand',
  texts: 'Catalog',
  sortable: { name: brands.name, nameEn: brands.nameEn, creationTime: brands.creationTime },
  defaultSort: [asc(brands.name)],
  search: [brands.name, brands.nameEn],
  unique: [{ member: 'name', column: brands.name }],
  values: (i: BrandInput) => ({ name: i.name, nameEn: i.nameEn, website: i.website, description: i.description }),
  toDtos: (_tx, _ctx, rows) => plain(rows),
});

export const supplierService = resourceService({
  table: suppliers,
  entity: 'Supplier',
  texts: 'Catalog',
  sortable: {
    code: suppliers.code,
    fullName: suppliers.fullName,
    grade: suppliers.grade,
    contactPerson: suppliers.contactPerson,
    isDefault: suppliers.isDefault,
    creationTime: suppliers.creationTime,
  },
  defaultSort: [asc(suppliers.code)],
  search: [suppliers.code, suppliers.fullName, suppliers.contactPerson, suppliers.phone],
  unique: [{ member: 'code', column: suppliers.code }],
  values: ({ concurrencyStamp: _, ...i }: SupplierInput & { concurrencyStamp?: string }) => i,
  /** One default supplier per tenant: choosing one clears the others. */
  async saveChildren(tx, ctx, id, input) {
    if (!input.isDefault) return;
    await tx
      .update(suppliers)
      .set({ isDefault: false })
      .where(owned(ctx, suppliers, eq(suppliers.isDefault, true), ne(suppliers.id, id)));
  },
  toDtos: (_tx, _ctx, rows) => plain(rows),
});

export const vendorSourceService = resourceService({
  table: vendorSources,
  entity: 'VendorSource',
  texts: 'Catalog',
  sortable: { name: vendorSources.name, sort: vendorSources.sort, creationTime: vendorSources.creationTime },
  defaultSort: [asc(vendorSources.sort), asc(vendorSources.name)],
  search: [vendorSources.name, vendorSources.website],
  unique: [{ member: 'name', column: vendorSources.name }],
  values: (i: VendorSourceInput) => ({
    name: i.name,
    website: i.website,
    urlPatterns: [...new Set(i.urlPatterns.map((p) => p.toLowerCase()))],
    sort: i.sort,
  }),
  toDtos: (_tx, _ctx, rows) => plain(rows),
});

/** `detail.1688.com/offer/*` → a RegExp over `host/path` (scheme and `www.` ignored). */
const patternRegex = (pattern: string) =>
  new RegExp(`^(www\\.)?${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}(/.*)?$`, 'i');

/** The vendor sources whose URL patterns recognise `url`, in their order. */
export async function matchVendorSources(tx: Tx, ctx: CrudContext & Pick<RequestContext, 'culture'>, url: string) {
  const target = url.replace(/^[a-z]+:\/\//i, '').replace(/[?#].*$/, '');
  const { items } = await vendorSourceService.queries.all(tx, ctx);
  return { items: items.filter((s) => s.urlPatterns.some((p) => patternRegex(p).test(target))) };
}

// ---------- attributes ----------

async function childrenOf<C extends { attributeId: string; sort: number }>(
  tx: Tx,
  ctx: CrudContext,
  table: typeof purchaseAttributeValues | typeof screenAttributeOptions,
  ids: string[],
): Promise<Map<string, C[]>> {
  const byParent = new Map<string, C[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byParent;
  const rows = (await selectEntities(tx, table, {
    where: owned(ctx, table, inArray(table.attributeId, ids)),
    orderBy: [asc(table.sort)],
  })) as unknown as C[];
  for (const row of rows) byParent.get(row.attributeId)?.push(row);
  return byParent;
}

/** Removing an attribute takes it out of every attribute group. */
const leaveGroups = (kind: AttributeKind) => async (tx: Tx, ctx: CrudContext, id: string) => {
  await tx
    .delete(attributeGroupItems)
    .where(
      owned(ctx, attributeGroupItems, eq(attributeGroupItems.kind, kind), eq(attributeGroupItems.attributeId, id)),
    );
};

/**
 * What both kinds of attribute (purchase, screen) declare alike: listed by sort then name, found
 * by either name, the name unique, the row's own columns its names and sort.
 */
const attributeResource = <I extends { name: string; nameEn: string | null; sort: number }>(
  table: typeof purchaseAttributes | typeof screenAttributes,
) => ({
  texts: 'Catalog',
  sortable: { name: table.name, sort: table.sort, creationTime: table.creationTime },
  defaultSort: [asc(table.sort), asc(table.name)],
  search: [table.name, table.nameEn],
  unique: [{ member: 'name', column: table.name }],
  values: (i: I) => ({ name: i.name, nameEn: i.nameEn, sort: i.sort }),
});

export const purchaseAttributeService = resourceService({
  table: purchaseAttributes,
  entity: 'PurchaseAttribute',
  ...attributeResource<PurchaseAttributeInput>(purchaseAttributes),
  async validate(_tx, _ctx, input) {
    assertDistinct('Catalog::Duplicate', 'values', input.values, 'value');
    assertDistinct('Catalog::Duplicate', 'values', input.values, 'code');
  },
  saveChildren: (tx, ctx, id, input) =>
    syncChildren(
      tx,
      ctx,
      purchaseAttributeValues,
      'PurchaseAttributeValue',
      { key: 'attributeId', column: purchaseAttributeValues.attributeId, id },
      input.values,
      (v, index) => ({ value: v.value, valueEn: v.valueEn, code: v.code, sort: v.sort || index }),
    ),
  beforeDelete: leaveGroups('purchase'),
  async toDtos(tx, ctx, rows) {
    const values = await childrenOf<typeof purchaseAttributeValues.$inferSelect>(
      tx,
      ctx,
      purchaseAttributeValues,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      ...r,
      values: (values.get(r.id) ?? []).map(({ id, value, valueEn, code, sort }) => ({
        id,
        value,
        valueEn,
        code,
        sort,
      })),
    }));
  },
});

export const screenAttributeService = resourceService({
  table: screenAttributes,
  entity: 'ScreenAttribute',
  ...attributeResource<ScreenAttributeInput>(screenAttributes),
  async validate(_tx, _ctx, input) {
    assertDistinct('Catalog::Duplicate', 'options', input.options, 'value');
  },
  saveChildren: (tx, ctx, id, input) =>
    syncChildren(
      tx,
      ctx,
      screenAttributeOptions,
      'ScreenAttributeOption',
      { key: 'attributeId', column: screenAttributeOptions.attributeId, id },
      input.options,
      (o, index) => ({ value: o.value, valueEn: o.valueEn, sort: o.sort || index }),
    ),
  beforeDelete: leaveGroups('screen'),
  async toDtos(tx, ctx, rows) {
    const options = await childrenOf<typeof screenAttributeOptions.$inferSelect>(
      tx,
      ctx,
      screenAttributeOptions,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      ...r,
      options: (options.get(r.id) ?? []).map(({ id, value, valueEn, sort }) => ({ id, value, valueEn, sort })),
    }));
  },
});

// ---------- attribute groups ----------

const attributeTables = { purchase: purchaseAttributes, screen: screenAttributes } as const;

export const attributeGroupService = resourceService({
  table: attributeGroups,
  entity: 'AttributeGroup',
  texts: 'Catalog',
  sortable: { name: attributeGroups.name, creationTime: attributeGroups.creationTime },
  defaultSort: [asc(attributeGroups.name)],
  search: [attributeGroups.name, attributeGroups.description],
  unique: [{ member: 'name', column: attributeGroups.name }],
  values: (i: AttributeGroupInput) => ({ name: i.name, description: i.description }),
  /** Every item names an attribute of this tenant, once. */
  async validate(tx, ctx, input) {
    assertDistinct('Catalog::Duplicate', 'items', input.items, 'attributeId', (v) => String(v));
    for (const kind of ['purchase', 'screen'] as const) {
      const table = attributeTables[kind];
      const ids = input.items.filter((i) => i.kind === kind).map((i) => i.attributeId);
      if (!ids.length) continue;
      const found = new Set(
        (
          await tx
            .select({ id: table.id })
            .from(table)
            .where(owned(ctx, table, inArray(table.id, ids)))
        ).map((r) => r.id),
      );
      const index = input.items.findIndex((i) => i.kind === kind && !found.has(i.attributeId));
      if (index >= 0) throw fieldError(`items.${index}.attributeId`, 'Catalog::AttributeNotFound');
    }
  },
  saveChildren: (tx, ctx, id, input) =>
    syncChildren(
      tx,
      ctx,
      attributeGroupItems,
      'AttributeGroupItem',
      { key: 'groupId', column: attributeGroupItems.groupId, id },
      input.items,
      (i, index) => ({ kind: i.kind, attributeId: i.attributeId, required: i.required, sort: i.sort || index }),
    ),
  /** Categories using the group keep their place, without a group. */
  async beforeDelete(tx, ctx, id) {
    await tx
      .update(categories)
      .set({ attributeGroupId: null })
      .where(owned(ctx, categories, eq(categories.attributeGroupId, id)));
  },
  async toDtos(tx, ctx, rows) {
    const ids = rows.map((r) => r.id);
    const items = ids.length
      ? await selectEntities(tx, attributeGroupItems, {
          where: owned(ctx, attributeGroupItems, inArray(attributeGroupItems.groupId, ids)),
          orderBy: [asc(attributeGroupItems.sort)],
        })
      : [];
    const names = new Map<string, string>();
    for (const kind of ['purchase', 'screen'] as const) {
      const table = attributeTables[kind];
      const wanted = items.filter((i) => i.kind === kind).map((i) => i.attributeId);
      if (!wanted.length) continue;
      const found = await tx
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(owned(ctx, table), inArray(table.id, wanted)));
      for (const a of found) names.set(a.id, a.name);
    }
    return rows.map((r) => ({
      ...r,
      items: items
        .filter((i) => i.groupId === r.id)
        .map(({ id, kind, attributeId, required, sort }) => ({
          id,
          kind,
          attributeId,
          attributeName: names.get(attributeId) ?? '',
          required,
          sort,
        })),
    }));
  },
});
