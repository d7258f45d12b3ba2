import { SitekitPermissions as P } from '@seller/contracts';
import { ReviewActions, reviewDto, reviewList, reviewReplyInput } from '@seller/contracts/sitekit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes } from '../../../core/lists.ts';
import { deleteReview, moderate, reply, reviewListService } from './service.ts';

const idParams = z.object({ id: z.guid() });

/** `/api/sitekit/reviews`: a site's product reviews, moderated, answered and deleted. */
export function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const url = '/api/sitekit/reviews';
  const tags = ['Reviews'];
  listRoutes(app, {
    url,
    tag: tags[0]!,
    permission: P.Reviews,
    list: reviewList,
    item: reviewDto,
    service: reviewListService,
  });
  for (const action of ReviewActions)
    app.post(
      `${url}/:id/${action}`,
      {
        config: { permission: `${P.Reviews}.Moderate` },
        schema: { tags, params: idParams, response: { 200: reviewDto } },
      },
      (req) => s.data.inTenant(req.ctx, (tx) => moderate(tx, req.ctx, req.params.id, action)),
    );
  app.put(
    `${url}/:id/reply`,
    {
      config: { permission: `${P.Reviews}.Moderate` },
      schema: { tags, params: idParams, body: reviewReplyInput, response: { 200: reviewDto } },
    },
    (req) =>
      s.data.inTenant(req.ctx, (tx) => reply(tx, req.ctx, req.params.id, req.body.reply, req.body.concurrencyStamp)),
  );
  app.delete(
    `${url}/:id`,
    { config: { permission: `${P.Reviews}.Delete` }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await s.data.inTenant(req.ctx, (tx) => deleteReview(tx, req.ctx, req.params.id));
      return reply.status(204).send();
    },
  );
}
