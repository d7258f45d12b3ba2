import type { CategoryInput, CategoryMoveInput, CategoryUpdateInput } from '@seller/contracts/catalog';
import { asc, eq, isNull, ne } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, getOwned, owned, recordChange, updateOwned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { businessError, fieldError } from '../../../core/errors.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import { resourceService } from '../../../core/resource.ts';
import { attributeGroups, categories } from './schema.ts';

/** The category tree: a flat list ordered by `sort` within each parent; the client builds the tree. */

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
const CATEGORY = 'Category';

export const categoryService = resourceService({
  table: categories,
  entity: CATEGORY,
  texts: 'Catalog',
  sortable: {
    code: categories.code,
    name: categories.name,
    sort: categories.sort,
    creationTime: categories.creationTime,
  },
  defaultSort: [asc(categories.sort), asc(categories.code)],
  search: [categories.code, categories.name, categories.nameEn],
  unique: [{ member: 'code', column: categories.code }],
  values: (i: CategoryInput | CategoryUpdateInput) => ({
    code: i.code,
    name: i.name,
    nameEn: i.nameEn,
    attributeGroupId: i.attributeGroupId,
    sort: i.sort,
    ...('parentId' in i ? { parentId: i.parentId } : {}),
  }),
  async validate(tx, ctx, input) {
    if ('parentId' in input && input.parentId) await existing(tx, ctx, input.parentId, 'parentId');
    if (input.attributeGroupId) {
      const [group] = await tx
        .select({ id: attributeGroups.id })
        .from(attributeGroups)
        .where(owned(ctx, attributeGroups, eq(attributeGroups.id, input.attributeGroupId)));
      if (!group) throw fieldError('attributeGroupId', 'Catalog::AttributeGroupNotFound');
    }
  },
  async beforeDelete(tx, ctx, id) {
    const child = await firstOwnedId(tx, ctx, categories, eq(categories.parentId, id));
    if (child) throw businessError('Catalog::CategoryHasChildren');
  },
  toDtos: async (_tx, _ctx, rows) => rows,
});

/** A parent named in the input must be one of the tenant's categories (else a field error, nothing leaked). */
async function existing(tx: Tx, ctx: Ctx, id: string, member: string) {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(owned(ctx, categories, eq(categories.id, id)));
  if (!row) throw fieldError(member, 'Catalog::CategoryNotFound');
}

/**
 * Moves a category under `parentId` (null = top level) to position `index` among its new
 * siblings, renumbering them 0…n. Moving under itself or a descendant is refused.
 */
export async function moveCategory(tx: Tx, ctx: Ctx, id: string, input: CategoryMoveInput) {
  await getOwned(tx, ctx, categories, CATEGORY, id);
  if (input.parentId) {
    await existing(tx, ctx, input.parentId, 'parentId');
    const parents = new Map(
      (
        await tx
          .select({ id: categories.id, parentId: categories.parentId })
          .from(categories)
          .where(owned(ctx, categories))
      ).map((c) => [c.id, c.parentId]),
    );
    for (let at: string | null | undefined = input.parentId; at; at = parents.get(at)) {
      if (at === id) throw fieldError('parentId', 'Catalog::CategoryMoveToChild');
    }
  }
  const under = input.parentId ? eq(categories.parentId, input.parentId) : isNull(categories.parentId);
  const siblings = await tx
    .select({ id: categories.id, sort: categories.sort })
    .from(categories)
    .where(owned(ctx, categories, under, ne(categories.id, id)))
    .orderBy(asc(categories.sort), asc(categories.code));
  const index = Math.min(input.index, siblings.length);
  const moved = await updateOwned(
    tx,
    ctx,
    categories,
    CATEGORY,
    id,
    { parentId: input.parentId, sort: index },
    input.concurrencyStamp,
  );
  for (const [i, s] of siblings.entries()) {
    const sort = i < index ? i : i + 1;
    if (s.sort === sort) continue;
    await tx
      .update(categories)
      .set({ sort })
      .where(owned(ctx, categories, eq(categories.id, s.id)));
    recordChange(ctx, CATEGORY, 1, s.id, { sort: s.sort }, { sort });
  }
  return moved;
}
