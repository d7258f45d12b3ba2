import type { SiteCategoryDto, SiteCategoryInput } from '@seller/contracts/sitekit';
import { arrayOverlaps, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type CrudContext, getOwned, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { ref } from '../../../core/references.ts';
import { resourceService, uniquely } from '../../../core/resource.ts';
import { catalogCategories } from '../../catalog/index.ts';
import { refusal } from '../refusals.ts';
import { sites } from '../sites/schema.ts';
import { slugOf } from '../slug.ts';
import { type SiteCategoryRow, siteCategories, siteProducts } from './schema.ts';

export const SITE_CATEGORY_ENTITY = 'SiteCategory';

type Input = Omit<SiteCategoryInput, 'siteId'> & { siteId?: string; concurrencyStamp?: string };

const slugTaken = (slug: string) => fieldError('slug', 'Sitekit::CategorySlugTaken', [slug]);

/** The category's site: the input's when created, the row's when updated (a category never moves site). */
async function siteOf(tx: Tx, ctx: CrudContext, input: Input, id: string | undefined): Promise<string> {
  if (!id) return input.siteId!;
  return (await getOwned(tx, ctx, siteCategories, SITE_CATEGORY_ENTITY, id)).siteId;
}

/**
 * A category's rules: its parent is a category of the same site and not itself or below it; its
 * mapped catalogue categories are the tenant's; its slug is free in the site (made from the name
 * when blank, kept when an update leaves it blank).
 */
async function validate(tx: Tx, ctx: CrudContext, input: Input, id: string | undefined) {
  const siteId = await siteOf(tx, ctx, input, id);
  if (input.parentId) {
    const [parent] = await tx
      .select({ id: siteCategories.id })
      .from(siteCategories)
      .where(owned(ctx, siteCategories, eq(siteCategories.id, input.parentId), eq(siteCategories.siteId, siteId)));
    if (!parent) throw fieldError('parentId', 'Sitekit::SiteCategoryUnknown');
    if (id) {
      // the parent's chain of ancestors must not pass through this category
      const chain = await tx.execute<{ id: string }>(sql`
        with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from ${siteCategories} where id = ${input.parentId}
          union all
          select c.id, c.parent_id, up.depth + 1 from ${siteCategories} c join up on c.id = up.parent_id where up.depth < 50
        ) select id from up`);
      if (chain.rows.some((r) => r.id === id)) throw fieldError('parentId', 'Sitekit::CategoryParentLoop');
    }
  }
  if (input.catalogCategoryIds.length) {
    const known = await tx
      .select({ id: catalogCategories.id })
      .from(catalogCategories)
      .where(owned(ctx, catalogCategories, inArray(catalogCategories.id, input.catalogCategoryIds)));
    const ids = new Set(known.map((k) => k.id));
    const i = input.catalogCategoryIds.findIndex((c) => !ids.has(c));
    if (i >= 0) throw fieldError(`catalogCategoryIds.${i}`, 'EntityNotFoundShort');
  }
  if (!input.slug) {
    const kept = id ? (await getOwned(tx, ctx, siteCategories, SITE_CATEGORY_ENTITY, id)).slug : null;
    // written back for `values`, which sees the input only
    input.slug = kept ?? slugOf(input.nameEn ?? input.name, 'c');
  }
  const [clash] = await tx
    .select({ id: siteCategories.id })
    .from(siteCategories)
    .where(
      owned(
        ctx,
        siteCategories,
        eq(siteCategories.siteId, siteId),
        eq(siteCategories.slug, input.slug),
        id ? ne(siteCategories.id, id) : undefined,
      ),
    );
  if (clash) throw slugTaken(input.slug);
}

async function toDtos(tx: Tx, ctx: CrudContext, rows: SiteCategoryRow[]): Promise<SiteCategoryDto[]> {
  const counts = new Map<string, number>();
  if (rows.length) {
    const found = await tx
      .select({ id: sql<string>`c.id`, n: sql<number>`count(*)::int` })
      .from(siteProducts)
      .innerJoin(sql`unnest(${siteProducts.categoryIds}) as c(id)`, sql`true`)
      .where(
        owned(
          ctx,
          siteProducts,
          arrayOverlaps(
            siteProducts.categoryIds,
            rows.map((r) => r.id),
          ),
        ),
      )
      .groupBy(sql`c.id`);
    for (const f of found) counts.set(f.id, f.n);
  }
  return rows.map((r) => ({
    id: r.id,
    siteId: r.siteId,
    parentId: r.parentId,
    name: r.name,
    nameEn: r.nameEn,
    slug: r.slug,
    description: r.description,
    imageUrl: r.imageUrl,
    sortOrder: r.sortOrder,
    isPublished: r.isPublished,
    catalogCategoryIds: r.catalogCategoryIds,
    productCount: counts.get(r.id) ?? 0,
    creationTime: r.creationTime,
    creatorId: r.creatorId,
    lastModificationTime: r.lastModificationTime,
    lastModifierId: r.lastModifierId,
    concurrencyStamp: r.concurrencyStamp,
  }));
}

const kit = resourceService({
  table: siteCategories,
  entity: SITE_CATEGORY_ENTITY,
  texts: 'Sitekit',
  sortable: {
    sortOrder: siteCategories.sortOrder,
    name: siteCategories.name,
    creationTime: siteCategories.creationTime,
  },
  defaultSort: [asc(siteCategories.sortOrder), asc(siteCategories.name)],
  search: [siteCategories.name, siteCategories.nameEn, siteCategories.slug],
  scope: (q: { siteId?: string }) => (q.siteId ? eq(siteCategories.siteId, q.siteId) : undefined),
  // another tenant's site is as unknown as a made-up id: a 400 naming `siteId`
  references: { siteId: ref(sites) },
  values: ({ concurrencyStamp: _, ...i }: Input) => ({ ...i, slug: i.slug! }),
  validate: (tx, ctx, input, id) => validate(tx, ctx, input, id),
  beforeDelete: async (tx, ctx, id) => {
    const [child] = await tx
      .select({ id: siteCategories.id })
      .from(siteCategories)
      .where(owned(ctx, siteCategories, eq(siteCategories.parentId, id)))
      .limit(1);
    if (child) {
      const row = await getOwned(tx, ctx, siteCategories, SITE_CATEGORY_ENTITY, id);
      throw refusal('CategoryHasChildren', [row.name]);
    }
    // the site's products forget the category
    await tx
      .update(siteProducts)
      .set({ categoryIds: sql`array_remove(${siteProducts.categoryIds}, ${id}::uuid)` })
      .where(owned(ctx, siteProducts, arrayOverlaps(siteProducts.categoryIds, [id])));
  },
  toDtos,
});

/** The site's categories on the kit; a slug raced by two writers is the same 400 as the check's. */
export const siteCategoryService = {
  queries: kit.queries,
  commands: (services: Parameters<typeof kit.commands>[0]) => {
    const c = kit.commands(services);
    return {
      ...c,
      create: (tx: Tx, ctx: Parameters<typeof c.create>[1], input: Input) =>
        uniquely(
          () => c.create(tx, ctx, input),
          () => slugTaken(input.slug ?? ''),
        ),
      update: (tx: Tx, ctx: Parameters<typeof c.update>[1], id: string, input: Input) =>
        uniquely(
          () => c.update(tx, ctx, id, input),
          () => slugTaken(input.slug ?? ''),
        ),
    };
  },
};

/** A site's categories, in their order: what the storefront and the sync read. */
export const categoriesOfSite = (tx: Tx, ctx: CrudContext, siteId: string, publishedOnly = false) =>
  tx
    .select()
    .from(siteCategories)
    .where(
      owned(
        ctx,
        siteCategories,
        eq(siteCategories.siteId, siteId),
        publishedOnly ? eq(siteCategories.isPublished, true) : undefined,
      ),
    )
    .orderBy(asc(siteCategories.sortOrder), asc(siteCategories.name));
