import { type TagInput, type TagQuery, tagList } from '@seller/contracts/crm';
import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { resourceService, uniquely } from '../../../core/resource.ts';
import type { CustomerCommands } from '../customers/commands.ts';
import { crmCustomerTags, crmTags } from '../customers/schema.ts';

const taken = (name: string) => fieldError('name', 'CrmTags::AlreadyExists', [name]);

/** Tags with how many customers carry each. */
async function withUsage(tx: Tx, rows: (typeof crmTags.$inferSelect)[]) {
  {
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
}

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

/**
 * Tags (`crm_tags`, declared with the customers' tables): a name unique per scope
 * (case-insensitively), a colour of the palette, a sort. Deleting one removes it from every
 * customer (the link rows cascade). The usage count is the number of customers carrying it.
 */
const resourceOf = (customers: Pick<CustomerCommands, 'dropTag'>) =>
  resourceService({
    table: crmTags,
    entity: 'CrmTag',
    texts: 'CrmTags',
    sortable: {
      name: crmTags.name,
      color: crmTags.color,
      scope: crmTags.scope,
      sort: crmTags.sort,
      creationTime: crmTags.creationTime,
    },
    defaultSort: [asc(crmTags.scope), asc(crmTags.sort), asc(crmTags.name)],
    search: [crmTags.name],
    scope: (q: Pick<TagQuery, 'scope'>) => (q.scope ? eq(crmTags.scope, q.scope) : undefined),
    values: ({ concurrencyStamp: _, ...i }: TagInput & { concurrencyStamp?: string }) => i,
    async validate(tx, ctx, input, id) {
      const [clash] = await tx
        .select({ id: crmTags.id })
        .from(crmTags)
        .where(
          owned(
            ctx,
            crmTags,
            eq(crmTags.scope, input.scope),
            sql`lower(${crmTags.name}) = lower(${input.name})`,
            id ? ne(crmTags.id, id) : undefined,
          ),
        )
        .limit(1);
      if (clash) throw taken(input.name);
    },
    toDtos: (tx, _ctx, rows) => withUsage(tx, rows),
    beforeDelete: customers.dropTag,
  });

/**
 * The tags' CRUD (bound to customers' commands when the routes register). A concurrent writer of
 * the same name loses on the unique index: the same 400 as the check.
 */
export function tagService(customers: Pick<CustomerCommands, 'dropTag'>) {
  const resource = resourceOf(customers);
  return {
    ...resource,
    create: ((services, ctx, input) =>
      uniquely(
        () => resource.create(services, ctx, input),
        () => taken(input.name),
      )) as typeof resource.create,
    update: ((services, ctx, id, input) =>
      uniquely(
        () => resource.update(services, ctx, id, input),
        () => taken(input.name),
      )) as typeof resource.update,
  };
}
