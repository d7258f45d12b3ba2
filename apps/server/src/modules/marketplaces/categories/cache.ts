import type { MarketPlatform } from '@seller/contracts/marketplaces';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, owned, takeTurns } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { contains } from '../../../core/search.ts';
import type { Services } from '../../../core/services.ts';
import { MarketplaceError } from '../clients/errors.ts';
import type { MarketplaceClient, PlatformAttribute, PlatformCategory } from '../clients/types.ts';
import { shopClient } from '../shops/queries.ts';
import { marketplaceCategories, marketplaceCategoryAttributes, marketplaceCategoryTrees } from './schema.ts';

/**
 * The platform category cache: a marketplace's category tree per tenant, platform and site, and
 * each leaf's attributes (fetched the first time they are asked for). Everything is fetched through
 * one of the tenant's shops on that platform and site; nothing is fetched inside a transaction.
 */

export type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
export interface Site {
  platform: MarketPlatform;
  region: string;
}

/** Search answers at most this many categories. */
const SEARCH_LIMIT = 100;
const INSERT_BATCH = 500;

/**
 * A marketplace's refusal or failure as an answer: an expired authorization or a bad request is a
 * 400 naming the shop, a rate limit or an outage a 503 (try again later). The marketplace's own
 * message goes along; its request id is kept for the shop's call log.
 */
export function marketplaceFailure(e: unknown, member = 'shopId'): never {
  if (e instanceof MarketplaceError) {
    if (e.kind === 'auth') throw fieldError(member, 'CategoryMapping::ShopNeedsAuthorization', [e.message]);
    if (e.kind === 'permanent') throw fieldError(member, 'CategoryMapping::MarketplaceRefused', [e.message]);
    throw new AppError({
      status: 503,
      code: 'Marketplaces:Unavailable',
      messageKey: 'CategoryMapping::MarketplaceUnavailable',
      params: [e.message],
    });
  }
  throw e;
}

/** The shop's client and site; another tenant's shop is a 404 (from `shopClient`). */
export async function siteClient(
  services: Services,
  ctx: Ctx,
  shopId: string,
  region?: string,
): Promise<{ site: Site; client: MarketplaceClient }> {
  if (!ctx.tenant) throw fieldError('shopId', 'CategoryMapping::ShopNeedsTenant');
  const { shop, client } = await shopClient(services, ctx.tenant, shopId, region);
  return { site: { platform: shop.platform as MarketPlatform, region: client.region }, client };
}

/** The tables that cache one row per category of a site. */
type CachedTable = typeof marketplaceCategories | typeof marketplaceCategoryAttributes;

const siteOf = (table: CachedTable | typeof marketplaceCategoryTrees, site: Site) =>
  and(eq(table.platform, site.platform), eq(table.region, site.region));

async function treeRow(tx: Tx, ctx: CrudContext, site: Site) {
  const [row] = await tx
    .select()
    .from(marketplaceCategoryTrees)
    .where(owned(ctx, marketplaceCategoryTrees, siteOf(marketplaceCategoryTrees, site)))
    .limit(1);
  return row ?? null;
}

/** Names from the root (`A > B > C`) of each category of a flattened tree (parents before children). */
export function withPaths(tree: PlatformCategory[]): Array<PlatformCategory & { path: string; sort: number }> {
  const byId = new Map(tree.map((c) => [c.id, c]));
  const paths = new Map<string, string>();
  const pathOf = (c: PlatformCategory, depth = 0): string => {
    const known = paths.get(c.id);
    if (known !== undefined) return known;
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    const path = parent && depth < 20 ? `${pathOf(parent, depth + 1)} > ${c.name}` : c.name;
    paths.set(c.id, path);
    return path;
  };
  return tree.map((c, sort) => ({ ...c, path: pathOf(c).slice(0, 1000), sort }));
}

/** A site's tree as read from the marketplace, with its name paths. */
interface TreeRead {
  rows: ReturnType<typeof withPaths>;
  fetchedAt: Date;
}

/** A leaf's attributes and brands as read from the marketplace. */
interface AttributesRead {
  categoryId: string;
  attributes: PlatformAttribute[];
  brands: Array<{ id: string; name: string }>;
  fetchedAt: Date;
}

/** What a request read from the marketplace before its unit, for `storeRead`: nothing when the cache had it. */
export interface SiteRead {
  site: Site;
  tree: TreeRead | null;
  attributes?: AttributesRead | null;
}

/** The site's tree, read through the client (outside any unit); a refusal is answered (`marketplaceFailure`). */
async function fetchTree(client: MarketplaceClient): Promise<TreeRead> {
  let tree: PlatformCategory[];
  try {
    tree = await client.categoryTree();
  } catch (e) {
    marketplaceFailure(e);
  }
  return { rows: withPaths(tree), fetchedAt: new Date() };
}

/** Before the unit: the site of the shop and its tree read afresh (`refresh`). */
export async function remoteTree(services: Services, ctx: Ctx, q: { shopId: string; region?: string }) {
  const { site, client } = await siteClient(services, ctx, q.shopId, q.region);
  return { site, tree: await fetchTree(client) };
}

/** Replaces the site's cached tree (and its cached attributes) with one read from the marketplace. */
export async function storeTree(tx: Tx, ctx: CrudContext, site: Site, tree: TreeRead) {
  const { rows, fetchedAt } = tree;
  // two refreshes of one tenant take turns: the second replaces the first's rows whole
  await takeTurns(tx, ctx, marketplaceCategoryTrees);
  await tx.delete(marketplaceCategories).where(owned(ctx, marketplaceCategories, siteOf(marketplaceCategories, site)));
  await tx
    .delete(marketplaceCategoryAttributes)
    .where(owned(ctx, marketplaceCategoryAttributes, siteOf(marketplaceCategoryAttributes, site)));
  const tenantId = ctx.tenant?.id ?? null;
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await tx.insert(marketplaceCategories).values(
      rows.slice(i, i + INSERT_BATCH).map((c) => ({
        tenantId,
        platform: site.platform,
        region: site.region,
        categoryId: c.id,
        parentId: c.parentId,
        name: c.name.slice(0, 255),
        path: c.path,
        leaf: c.leaf,
        sort: c.sort,
      })),
    );
  }
  const existing = await treeRow(tx, ctx, site);
  if (existing)
    await tx
      .update(marketplaceCategoryTrees)
      .set({ categoryCount: rows.length, fetchedAt })
      .where(owned(ctx, marketplaceCategoryTrees, eq(marketplaceCategoryTrees.id, existing.id)));
  else
    await tx.insert(marketplaceCategoryTrees).values({
      tenantId,
      platform: site.platform,
      region: site.region,
      categoryCount: rows.length,
      fetchedAt,
    });
  return { ...site, categoryCount: rows.length, fetchedAt };
}

/** Stores what a request read from the marketplace (`SiteRead`): the tree, then the leaf's attributes. */
export async function storeRead(tx: Tx, ctx: CrudContext, read: SiteRead) {
  if (read.tree) await storeTree(tx, ctx, read.site, read.tree);
  const fetched = read.attributes;
  if (!fetched) return;
  await tx
    .insert(marketplaceCategoryAttributes)
    .values({
      tenantId: ctx.tenant?.id ?? null,
      platform: read.site.platform,
      region: read.site.region,
      categoryId: fetched.categoryId,
      attributes: fetched.attributes,
      brands: fetched.brands,
      fetchedAt: fetched.fetchedAt,
    })
    .onConflictDoNothing();
}

/** Before the unit: the site of the shop, and its tree read from the marketplace when none is cached. */
export async function treeRead(
  services: Services,
  ctx: Ctx,
  q: { shopId: string; region?: string },
): Promise<SiteRead> {
  const { site, client } = await siteClient(services, ctx, q.shopId, q.region);
  const cached = await services.data.inTenant(ctx, (tx) => treeRow(tx, ctx, site));
  return { site, tree: cached ? null : await fetchTree(client) };
}

const categoryDto = (c: typeof marketplaceCategories.$inferSelect) => ({
  id: c.categoryId,
  parentId: c.parentId,
  name: c.name,
  path: c.path,
  leaf: c.leaf,
});

/** The cached tree's children of `parentId` (top level without it), or the categories whose name path contains `filter`. */
export async function categoriesOf(tx: Tx, ctx: CrudContext, site: Site, q: { parentId?: string; filter?: string }) {
  const tree = await treeRow(tx, ctx, site);
  const rows = await tx
    .select()
    .from(marketplaceCategories)
    .where(
      owned(
        ctx,
        marketplaceCategories,
        siteOf(marketplaceCategories, site),
        q.filter
          ? or(contains(marketplaceCategories.name, q.filter), contains(marketplaceCategories.path, q.filter))
          : q.parentId
            ? eq(marketplaceCategories.parentId, q.parentId)
            : isNull(marketplaceCategories.parentId),
      ),
    )
    .orderBy(q.filter ? asc(marketplaceCategories.path) : asc(marketplaceCategories.sort))
    .limit(q.filter ? SEARCH_LIMIT : 2000);
  // the tree is stored before this is read (`treeRead`, `storeRead`)
  return { ...site, fetchedAt: tree!.fetchedAt, items: rows.map(categoryDto) };
}

/** Children of `parentId` or a search, the tree fetched first when the site has none (the seed's form: its own units). */
export async function platformCategories(
  services: Services,
  ctx: Ctx,
  q: { shopId: string; region?: string; parentId?: string; filter?: string },
) {
  const read = await treeRead(services, ctx, q);
  return services.data.inTenant(ctx, async (tx) => {
    await storeRead(tx, ctx, read);
    return categoriesOf(tx, ctx, read.site, q);
  });
}

/** The cached row of `table` for category `categoryId` of the site, or null. */
async function cachedRow<T extends CachedTable>(
  tx: Tx,
  ctx: CrudContext,
  table: T,
  site: Site,
  categoryId: string,
): Promise<T['$inferSelect'] | null> {
  const [row] = await tx
    .select()
    // drizzle infers no row type from a generic table; the row is `table`'s
    .from(table as CachedTable)
    .where(owned(ctx, table, siteOf(table, site), eq(table.categoryId, categoryId)))
    .limit(1);
  return row ?? null;
}

/** A cached category of the site, or null. */
export const cachedCategory = (tx: Tx, ctx: CrudContext, site: Site, categoryId: string) =>
  cachedRow(tx, ctx, marketplaceCategories, site, categoryId);

/** A leaf's cached attributes, or null when they were not fetched yet. */
export const cachedAttributes = (tx: Tx, ctx: CrudContext, site: Site, categoryId: string) =>
  cachedRow(tx, ctx, marketplaceCategoryAttributes, site, categoryId);

/**
 * Before the unit: a leaf category's attributes and brands read through the shop's client when
 * they are not cached, the tree too when the site has none. A category the tree does not know, or
 * one that is not a leaf, is a 400 naming `member` (a tree read for it is kept all the same).
 */
export async function attributesRead(
  services: Services,
  ctx: Ctx,
  q: { shopId: string; region?: string; categoryId: string },
  member = 'categoryId',
): Promise<SiteRead> {
  const { site, client } = await siteClient(services, ctx, q.shopId, q.region);
  const cached = await services.data.inTenant(ctx, async (tx) => ({
    tree: await treeRow(tx, ctx, site),
    category: await cachedCategory(tx, ctx, site, q.categoryId),
    attributes: await cachedAttributes(tx, ctx, site, q.categoryId),
  }));
  // a tree read afresh replaces the cache: the category is looked up in it, and none of its attributes are kept
  const tree = cached.tree ? null : await fetchTree(client);
  const category = tree ? (tree.rows.find((c) => c.id === q.categoryId) ?? null) : cached.category;
  const refusal = !category
    ? fieldError(member, 'CategoryMapping::UnknownPlatformCategory', [q.categoryId])
    : !category.leaf
      ? fieldError(member, 'CategoryMapping::NotALeaf', [category.path])
      : null;
  if (refusal) {
    if (tree) await services.data.inTenant(ctx, (tx) => storeTree(tx, ctx, site, tree));
    throw refusal;
  }
  if (!tree && cached.attributes) return { site, tree: null, attributes: null };
  let attributes: PlatformAttribute[];
  let brands: Array<{ id: string; name: string }> = [];
  try {
    attributes = await client.categoryAttributes(q.categoryId);
  } catch (e) {
    marketplaceFailure(e);
  }
  try {
    brands = (await client.brands(q.categoryId)).slice(0, 500);
  } catch {
    // brands are a convenience of the publish wizard; a category without them still maps
  }
  return { site, tree, attributes: { categoryId: q.categoryId, attributes, brands, fetchedAt: new Date() } };
}

/** A leaf's cached attributes and brands as the API answers them (stored before: `attributesRead`, `storeRead`). */
export async function attributesOf(tx: Tx, ctx: CrudContext, site: Site, categoryId: string) {
  const row = await cachedAttributes(tx, ctx, site, categoryId);
  if (!row) throw fieldError('categoryId', 'CategoryMapping::AttributesNotLoaded');
  return { categoryId, fetchedAt: row.fetchedAt, items: row.attributes, brands: row.brands };
}

/** A leaf category's attributes and brands, from the cache or read and cached (the seed's form: its own units). */
export async function platformAttributes(
  services: Services,
  ctx: Ctx,
  q: { shopId: string; region?: string; categoryId: string },
) {
  const read = await attributesRead(services, ctx, q);
  return services.data.inTenant(ctx, async (tx) => {
    await storeRead(tx, ctx, read);
    return attributesOf(tx, ctx, read.site, q.categoryId);
  });
}
