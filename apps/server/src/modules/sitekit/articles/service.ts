import {
  type ArticleAction,
  type ArticleDto,
  type ArticleInput,
  type ArticleStatus,
  type ArticleUpdateInput,
  articleList,
} from '@seller/contracts/sitekit';
import { desc, eq, ne, sql } from 'drizzle-orm';
import {
  type CrudContext,
  deleteOwned,
  getOwned,
  insertOwned,
  owned,
  rewriteOwned,
  updateOwned,
} from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { businessError, fieldError, notFound } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { uniquely } from '../../../core/resource.ts';
import { sanitizeHtml } from '../sanitize.ts';
import { sites } from '../sites/schema.ts';
import { slugOf } from '../slug.ts';
import { type ArticleRow, articles } from './schema.ts';

export const ARTICLE_ENTITY = 'Article';

export const articleDtoOf = (r: ArticleRow): ArticleDto => ({
  id: r.id,
  siteId: r.siteId,
  language: r.language,
  title: r.title,
  slug: r.slug,
  summary: r.summary,
  content: r.content,
  coverImageUrl: r.coverImageUrl,
  tags: r.tags,
  isPinned: r.isPinned,
  status: r.status,
  publishedAt: r.publishedAt,
  deletionTime: r.deletionTime,
  creationTime: r.creationTime,
  creatorId: r.creatorId,
  lastModificationTime: r.lastModificationTime,
  lastModifierId: r.lastModifierId,
  concurrencyStamp: r.concurrencyStamp,
});

/** The articles list (the list kit): one site's, status tabs, search in the title and slug. */
export const articleListService = listService(articleList, {
  table: articles,
  search: [articles.title, articles.slug],
  filters: { siteId: articles.siteId, language: articles.language },
  tab: articles.status,
  sorts: { title: articles.title, publishedAt: articles.publishedAt, creationTime: articles.creationTime },
  items: (_tx, _ctx, rows: ArticleRow[]) => rows.map(articleDtoOf),
});

/** The slug is the site's own: another article of the site holding it is a 400 naming `slug`. */
async function assertSlugFree(tx: Tx, ctx: CrudContext, siteId: string, slug: string, except?: string) {
  const [clash] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(
      owned(
        ctx,
        articles,
        eq(articles.siteId, siteId),
        eq(articles.slug, slug),
        except ? ne(articles.id, except) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw slugTaken(slug);
}

const slugTaken = (slug: string) => fieldError('slug', 'Sitekit::AlreadyExists', [slug]);

async function create(tx: Tx, ctx: CrudContext, input: ArticleInput): Promise<ArticleDto> {
  // the site must be one of the tenant's (another tenant's is as unknown as a made-up id)
  const [site] = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(owned(ctx, sites, eq(sites.id, input.siteId)));
  if (!site) throw fieldError('siteId', 'Sitekit::SiteUnknown');
  const slug = input.slug ?? slugOf(input.title);
  await assertSlugFree(tx, ctx, input.siteId, slug);
  // a concurrent writer of the same slug loses on the index with the same refusal
  const row = await uniquely(
    () =>
      insertOwned(tx, ctx, articles, ARTICLE_ENTITY, {
        ...input,
        slug,
        content: sanitizeHtml(input.content),
        status: 'DRAFT',
      }),
    () => slugTaken(slug),
  );
  return articleDtoOf(row);
}

async function update(tx: Tx, ctx: CrudContext, id: string, input: ArticleUpdateInput): Promise<ArticleDto> {
  const { concurrencyStamp, ...values } = input;
  const before = await getOwned(tx, ctx, articles, ARTICLE_ENTITY, id);
  if (before.status === 'DELETED') throw businessError('Sitekit::ArticleDeleted', undefined, 409);
  const slug = values.slug ?? before.slug;
  await assertSlugFree(tx, ctx, before.siteId, slug, id);
  const row = await uniquely(
    () =>
      updateOwned(
        tx,
        ctx,
        articles,
        ARTICLE_ENTITY,
        id,
        { ...values, slug, content: sanitizeHtml(values.content) },
        concurrencyStamp,
      ),
    () => slugTaken(slug),
  );
  return articleDtoOf(row);
}

/** Each action's states it may start from, and where it leads. */
const MOVES: Record<ArticleAction, { from: ArticleStatus[]; to: ArticleStatus }> = {
  publish: { from: ['DRAFT'], to: 'PUBLISHED' },
  unpublish: { from: ['PUBLISHED'], to: 'DRAFT' },
  delete: { from: ['DRAFT', 'PUBLISHED'], to: 'DELETED' },
  restore: { from: ['DELETED'], to: 'DRAFT' },
};

/** Moves an article through its states; one that is not where the action starts is a 409 saying so. */
async function act(tx: Tx, ctx: CrudContext, id: string, action: ArticleAction): Promise<ArticleDto> {
  // locked: two actions at once each see the state the other left
  const [before] = await tx
    .select()
    .from(articles)
    .where(owned(ctx, articles, eq(articles.id, id)))
    .for('update');
  if (!before) throw notFound(ARTICLE_ENTITY, id);
  const move = MOVES[action];
  if (!move.from.includes(before.status)) throw businessError(`Sitekit::ArticleCannot:${action}`, undefined, 409);
  const row = await rewriteOwned(tx, ctx, articles, ARTICLE_ENTITY, before, {
    status: move.to,
    publishedAt: move.to === 'PUBLISHED' ? (before.publishedAt ?? new Date()) : before.publishedAt,
    deletionTime: move.to === 'DELETED' ? new Date() : null,
  });
  return articleDtoOf(row);
}

/** Deletes a deleted article for good; any other is refused (delete it first). */
async function purge(tx: Tx, ctx: CrudContext, id: string): Promise<void> {
  const before = await getOwned(tx, ctx, articles, ARTICLE_ENTITY, id);
  if (before.status !== 'DELETED') throw businessError('Sitekit::ArticlePurgeDeletedOnly', undefined, 409);
  await deleteOwned(tx, ctx, articles, ARTICLE_ENTITY, id);
}

export const articleCommands = { create, update, act, purge };

export const articleQueries = {
  list: articleListService,
  get: async (tx: Tx, ctx: CrudContext, id: string) =>
    articleDtoOf(await getOwned(tx, ctx, articles, ARTICLE_ENTITY, id)),
};

/** The site's published articles for the storefront, pinned first, newest first. */
export async function publishedArticles(
  tx: Tx,
  ctx: CrudContext,
  siteId: string,
  q: { language?: string; tag?: string; skipCount: number; maxResultCount: number },
) {
  const rows = await tx
    .select()
    .from(articles)
    .where(
      owned(
        ctx,
        articles,
        eq(articles.siteId, siteId),
        eq(articles.status, 'PUBLISHED'),
        q.language ? eq(articles.language, q.language as ArticleRow['language']) : undefined,
        q.tag ? sql`${articles.tags} @> ${JSON.stringify([q.tag])}::jsonb` : undefined,
      ),
    )
    .orderBy(desc(articles.isPinned), desc(articles.publishedAt), desc(articles.id))
    .limit(q.maxResultCount)
    .offset(q.skipCount);
  return rows;
}

/** One published article of the site by its slug, or null. */
export async function publishedArticle(tx: Tx, ctx: CrudContext, siteId: string, slug: string) {
  const [row] = await tx
    .select()
    .from(articles)
    .where(owned(ctx, articles, eq(articles.siteId, siteId), eq(articles.slug, slug), eq(articles.status, 'PUBLISHED')))
    .limit(1);
  return row ?? null;
}
