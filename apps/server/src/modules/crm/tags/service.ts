import { type TagInput, type TagQuery, tagList } from '@seller/contracts/crm';
import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import {
  type CrudContext,
  deleteOwned,
  getOwned,
  insertOwned,
  owned,
  selectEntities,
  updateOwned,
} from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { firstOwnedId } from '../../../core/owned-rows.ts';
import { uniquely } from '../../../core/resource.ts';
import type { CustomerCommands } from '../customers/commands.ts';
import { crmCustomerTags, crmTags } from '../customers/schema.ts';

/**
 * Tags (`crm_tags`, declared with the customers' tables): a name unique per scope
 * (case-insensitively), a colour of the palette, a sort. Deleting one removes it from every
 * customer. The usage count is the number of customers carrying it.
 */
const ENTITY = 'CrmTag';
const taken = (name: string) => fieldError('name', 'CrmTags::AlreadyExists', [name]);

/** Tags with how many customers carry each. */
async function withUsage(tx: Tx, rows: (typeof crmTags.$inferSelect)[]) {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await tx
        .select({ tagId: crmCustomerTags.tagId, n: sql<number>`count(*)::int` })
        .from(crmCustomerTags)
        .where(inArray(crmCustomerTags.tagId, ids))
        .groupBy(crmCustomerTags.tagId)
    : [];
  const byTag = new Map(counts.map((c) => [c.tagId, c.n]));
  return rows.map((r) => ({ ...r, scope: r.scope as TagInput['scope'], usageCount: byTag.get(r.id) ?? 0 }));
}

const one = async (tx: Tx, row: typeof crmTags.$inferSelect) => (await withUsage(tx, [row]))[0]!;

/** The tag list: searched by name, narrowed to a scope, each with its usage count. */
export const tagListService = listService(tagList, {
  table: crmTags,
  search: [crmTags.name],
  filters: { scope: crmTags.scope },
  sorts: {
    name: crmTags.name,
    color: crmTags.color,
    scope: crmTags.scope,
    sort: crmTags.sort,
    creationTime: crmTags.creationTime,
  },
  items: (tx, _ctx, rows: (typeof crmTags.$inferSelect)[]) => withUsage(tx, rows),
});

/** Every tag of a scope (or all), by scope, sort and name: the pickers' options. */
export async function allTags(tx: Tx, ctx: CrudContext, q: Pick<TagQuery, 'scope'>) {
  const rows = await selectEntities(tx, crmTags, {
    where: owned(ctx, crmTags, q.scope ? eq(crmTags.scope, q.scope) : undefined),
    orderBy: [asc(crmTags.scope), asc(crmTags.sort), asc(crmTags.name)],
  });
  return { items: await withUsage(tx, rows) };
}

export const getTag = async (tx: Tx, ctx: CrudContext, id: string) =>
  one(tx, await getOwned(tx, ctx, crmTags, ENTITY, id));

/** The name is free in its scope (case-insensitively), this tag aside. */
async function assertFreeName(tx: Tx, ctx: CrudContext, input: TagInput, id?: string) {
  const clash = await firstOwnedId(
    tx,
    ctx,
    crmTags,
    eq(crmTags.scope, input.scope),
    sql`lower(${crmTags.name}) = lower(${input.name})`,
    id ? ne(crmTags.id, id) : undefined,
  );
  if (clash) throw taken(input.name);
}

const valuesOf = ({ name, color, scope, sort }: TagInput) => ({ name, color, scope, sort });

/** A concurrent writer of the same name loses on the unique index: the same 400 as the check. */
export async function createTag(tx: Tx, ctx: CrudContext, input: TagInput) {
  await assertFreeName(tx, ctx, input);
  return one(
    tx,
    await uniquely(
      () => insertOwned(tx, ctx, crmTags, ENTITY, valuesOf(input)),
      () => taken(input.name),
    ),
  );
}

export async function updateTag(tx: Tx, ctx: CrudContext, id: string, input: TagInput & { concurrencyStamp?: string }) {
  await getOwned(tx, ctx, crmTags, ENTITY, id);
  await assertFreeName(tx, ctx, input, id);
  return one(
    tx,
    await uniquely(
      () => updateOwned(tx, ctx, crmTags, ENTITY, id, valuesOf(input), input.concurrencyStamp),
      () => taken(input.name),
    ),
  );
}

/** Takes the tag off every customer first (customers' `dropTag`), then deletes it. */
export async function deleteTag(customers: Pick<CustomerCommands, 'dropTag'>, tx: Tx, ctx: RequestContext, id: string) {
  await getOwned(tx, ctx, crmTags, ENTITY, id);
  await customers.dropTag(tx, ctx, id);
  await deleteOwned(tx, ctx, crmTags, ENTITY, id);
}
