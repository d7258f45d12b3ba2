import { listResult, SitekitPermissions as P } from '@seller/contracts';
import {
  ArticleActions,
  articleDto,
  articleInput,
  articleList,
  articleUpdateInput,
  storeArticleDetailDto,
  storeArticleDto,
  storeArticlesQuery,
} from '@seller/contracts/sitekit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../core/errors.ts';
import { listRoutes } from '../../../core/lists.ts';
import { sanitizeHtml } from '../sanitize.ts';
import { inStore } from '../site-key.ts';
import type { ArticleRow } from './schema.ts';
import {
  articleCommands as commands,
  publishedArticle,
  publishedArticles,
  articleQueries as queries,
} from './service.ts';

const url = '/api/sitekit/articles';

/** A published article as the storefront lists it (what a shopper may see of it, no internals). */
const storeArticleOf = (a: ArticleRow) => ({
  slug: a.slug,
  language: a.language,
  title: a.title,
  summary: a.summary,
  coverImageUrl: a.coverImageUrl,
  tags: a.tags,
  isPinned: a.isPinned,
  publishedAt: a.publishedAt!,
});
const idParams = z.object({ id: z.guid() });
/** Who may take each action: publishing is its own grant, deleting and restoring are `.Delete`. */
const ACTION_PERMISSION = {
  publish: `${P.Articles}.Publish`,
  unpublish: `${P.Articles}.Publish`,
  delete: `${P.Articles}.Delete`,
  restore: `${P.Articles}.Delete`,
} as const;

/**
 * A site's articles: the list kit (`?siteId=`, status tabs, export), get, create, update, the
 * state actions and the purge; and the storefront's `GET /api/store/articles[/{slug}]`.
 */
export function articleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const tags = ['Articles'];
  const inUnit = <R>(
    req: { ctx: Parameters<typeof s.data.inTenant>[0] },
    run: Parameters<typeof s.data.inTenant<R>>[1],
  ) => s.data.inTenant(req.ctx, run);

  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P.Articles,
    list: articleList,
    item: articleDto,
    service: queries.list,
  });
  app.get(
    `${url}/:id`,
    { config: { permission: P.Articles }, schema: { tags, params: idParams, response: { 200: articleDto } } },
    (req) => inUnit(req, (tx) => queries.get(tx, req.ctx, req.params.id)),
  );
  app.post(
    url,
    {
      config: { permission: `${P.Articles}.Create` },
      schema: { tags, body: articleInput, response: { 200: articleDto } },
    },
    (req) => inUnit(req, (tx) => commands.create(tx, req.ctx, req.body)),
  );
  app.put(
    `${url}/:id`,
    {
      config: { permission: `${P.Articles}.Update` },
      schema: { tags, params: idParams, body: articleUpdateInput, response: { 200: articleDto } },
    },
    (req) => inUnit(req, (tx) => commands.update(tx, req.ctx, req.params.id, req.body)),
  );
  for (const action of ArticleActions)
    app.post(
      `${url}/:id/${action}`,
      {
        config: { permission: ACTION_PERMISSION[action] },
        schema: { tags, params: idParams, response: { 200: articleDto } },
      },
      (req) => inUnit(req, (tx) => commands.act(tx, req.ctx, req.params.id, action)),
    );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P.Articles}.Purge` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await inUnit(req, (tx) => commands.purge(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );

  // the storefront's: published articles only, their HTML sanitized again as it is served
  const store = { anonymous: true, noAudit: true };
  const storeTags = ['Storefront'];
  app.get(
    '/api/store/articles',
    {
      config: store,
      schema: { tags: storeTags, querystring: storeArticlesQuery, response: { 200: listResult(storeArticleDto) } },
    },
    (req, reply) =>
      inStore(s, { ...req.ctx, headers: req.headers }, reply, async (tx, { ctx, site }) => ({
        items: (await publishedArticles(tx, ctx, site.id, req.query)).map(storeArticleOf),
      })),
  );
  app.get(
    '/api/store/articles/:slug',
    {
      config: store,
      schema: {
        tags: storeTags,
        params: z.object({ slug: z.string().max(128) }),
        response: { 200: storeArticleDetailDto },
      },
    },
    (req, reply) =>
      inStore(s, { ...req.ctx, headers: req.headers }, reply, async (tx, { ctx, site }) => {
        const a = await publishedArticle(tx, ctx, site.id, req.params.slug);
        if (!a) throw notFound('Article', req.params.slug);
        return { ...storeArticleOf(a), content: sanitizeHtml(a.content) };
      }),
  );
}
