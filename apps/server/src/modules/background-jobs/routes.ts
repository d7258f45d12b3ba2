import { BackgroundJobsPermissions } from '@seller/contracts';
import { jobListQuery, jobPage, jobParams, jobQueueList } from '@seller/contracts/jobs/dto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cancelJob, listJobs, listQueues, retryJob } from './service.ts';

const view = { permission: BackgroundJobsPermissions.Jobs, side: 'host' as const };
const manage = { permission: BackgroundJobsPermissions.Manage, side: 'host' as const };

/** HTTP routes of the background jobs page: queues, jobs, retry, cancel (host administrators). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = app.services;
  const url = '/api/background-jobs';
  const tags = ['BackgroundJobs'];

  app.get(`${url}/queues`, { config: view, schema: { tags, response: { 200: jobQueueList } } }, async () => ({
    items: await listQueues(s),
  }));
  app.get(
    `${url}/jobs`,
    { config: view, schema: { tags, querystring: jobListQuery, response: { 200: jobPage } } },
    (req) => listJobs(s, req.query),
  );
  app.post(
    `${url}/jobs/:queue/:id/retry`,
    { config: manage, schema: { tags, params: jobParams } },
    async (req, reply) => {
      await retryJob(s, req.params.queue, req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    `${url}/jobs/:queue/:id/cancel`,
    { config: manage, schema: { tags, params: jobParams } },
    async (req, reply) => {
      await cancelJob(s, req.params.queue, req.params.id);
      return reply.status(204).send();
    },
  );
}
