import { BackgroundJobsPermissions } from '@seller/contracts';
import { jobListQuery, jobPage, jobParams, jobQueueList } from '@seller/contracts/jobs/dto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type JobQueueAction, jobCommands } from './commands.ts';
import { jobQueries } from './queries.ts';

const view = { permission: BackgroundJobsPermissions.Jobs, side: 'host' as const };
const manage = { permission: BackgroundJobsPermissions.Manage, side: 'host' as const };
const ACTIONS: JobQueueAction[] = ['retry', 'cancel'];

/**
 * HTTP routes of the background jobs page: queues, jobs, retry, cancel (host administrators).
 * Everything here is pg-boss's store, none of the product's tables: no route opens a unit of work.
 */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const commands = jobCommands(s);
  const url = '/api/background-jobs';
  const tags = ['BackgroundJobs'];

  app.get(`${url}/queues`, { config: view, schema: { tags, response: { 200: jobQueueList } } }, async () => ({
    items: await jobQueries.queues(s),
  }));
  app.get(
    `${url}/jobs`,
    { config: view, schema: { tags, querystring: jobListQuery, response: { 200: jobPage } } },
    (req) => jobQueries.page(s, req.query),
  );
  for (const action of ACTIONS) {
    app.post(
      `${url}/jobs/:queue/:id/${action}`,
      { config: manage, schema: { tags, params: jobParams } },
      async (req, reply) => {
        await commands.actOnJobQueue(req.params.queue, req.params.id, action);
        return reply.status(204).send();
      },
    );
  }
}
