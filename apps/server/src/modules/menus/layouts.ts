import type { LayoutAllQuery, LayoutInput, LayoutUpdateInput } from '@seller/contracts/menus';
import { layoutList } from '@seller/contracts/menus';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import { type CrudContext, deleteOwned, getOwned, insertOwned, orderBy, owned, updateOwned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { auditedFields } from '../../core/db/columns.ts';
import { fieldError } from '../../core/errors.ts';
import { listService } from '../../core/lists.ts';
import { contains } from '../../core/search.ts';
import { layouts, type MenuMeta, menus } from './schema.ts';

type Layout = typeof layouts.$inferSelect;
export const LAYOUT = 'Layout';

export function toLayoutDto(l: Layout) {
  return {
    id: l.id,
    name: l.name,
    displayName: l.displayName,
    description: l.description,
    path: l.path,
    redirect: l.redirect,
    platformType: l.platformType,
    meta: l.meta as Record<string, unknown>,
    concurrencyStamp: l.concurrencyStamp,
    ...auditedFields(l),
  };
}

const sortable = {
  name: layouts.name,
  displayName: layouts.displayName,
  path: layouts.path,
  platformType: layouts.platformType,
  creationTime: layouts.creationTime,
};

/** Layouts on any of the requested platforms (a bitmask). */
const platformOf = (requested: number | undefined) =>
  requested ? sql`(${layouts.platformType} & ${requested}) <> 0` : undefined;

function layoutFilter(ctx: CrudContext, q: Pick<LayoutAllQuery, 'filter' | 'platformType'>) {
  return owned(
    ctx,
    layouts,
    q.filter
      ? or(contains(layouts.name, q.filter), contains(layouts.displayName, q.filter), contains(layouts.path, q.filter))
      : undefined,
    platformOf(q.platformType),
  );
}

const defaultOrder = (reverse: boolean) => (reverse ? [desc(layouts.name)] : [asc(layouts.name)]);

export async function getLayout(tx: Tx, ctx: CrudContext, id: string) {
  return toLayoutDto(await getOwned(tx, ctx, layouts, LAYOUT, id));
}

/** The layouts list; ABP's `reverse` turns the default order round, the bitmask is the scope's. */
export const layoutListService = listService(layoutList, {
  table: layouts,
  search: [layouts.name, layouts.displayName, layouts.path],
  filters: {},
  sorts: { name: layouts.name, displayName: layouts.displayName, path: layouts.path },
  sortOf: (q) => (q.reverse ? 'name desc' : undefined),
  scope: (_s, _tx, _ctx, q) => platformOf(q.platformType as number | undefined),
  items: (_tx, _ctx, rows: Layout[]) => rows.map(toLayoutDto),
});

export async function allLayouts(tx: Tx, ctx: CrudContext, q: LayoutAllQuery) {
  const rows = await tx
    .select()
    .from(layouts)
    .where(layoutFilter(ctx, q))
    .orderBy(...orderBy(q.sorting, sortable, defaultOrder(q.reverse)));
  return { items: rows.map(toLayoutDto) };
}

async function assertUniqueName(tx: Tx, ctx: CrudContext, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: layouts.id })
    .from(layouts)
    .where(
      owned(
        ctx,
        layouts,
        sql`lower(${layouts.name}) = lower(${name})`,
        exceptId ? sql`${layouts.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash) throw fieldError('name', 'AppPlatform::LayoutNameExists', [name]);
}

const values = (input: LayoutInput) => ({
  name: input.name,
  displayName: input.displayName,
  description: input.description ?? null,
  path: input.path,
  redirect: input.redirect ?? null,
  platformType: input.platformType,
  meta: input.meta as MenuMeta,
});

export async function createLayout(tx: Tx, ctx: CrudContext, input: LayoutInput) {
  await assertUniqueName(tx, ctx, input.name);
  return toLayoutDto(await insertOwned(tx, ctx, layouts, LAYOUT, values(input)));
}

export async function updateLayout(tx: Tx, ctx: CrudContext, id: string, input: LayoutUpdateInput) {
  await getOwned(tx, ctx, layouts, LAYOUT, id);
  await assertUniqueName(tx, ctx, input.name, id);
  return toLayoutDto(await updateOwned(tx, ctx, layouts, LAYOUT, id, values(input), input.concurrencyStamp));
}

/** Deletes a layout; its menus stay, without a layout. */
export async function deleteLayout(tx: Tx, ctx: CrudContext, id: string) {
  await getOwned(tx, ctx, layouts, LAYOUT, id);
  await tx
    .update(menus)
    .set({ layoutId: null })
    .where(owned(ctx, menus, eq(menus.layoutId, id)));
  await deleteOwned(tx, ctx, layouts, LAYOUT, id);
}
