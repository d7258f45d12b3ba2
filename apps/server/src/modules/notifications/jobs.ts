import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../core/services.ts';
import { purgeReadNotifications, RETENTION_CRON, RETENTION_JOB } from './retention.ts';

/**
 * Defines the retention job and schedules it hourly. pg-boss creates one job per occurrence for
 * all server processes together, and after downtime runs one for the hours missed; the `stately`
 * policy keeps at most one waiting while no worker runs.
 */
export async function scheduleRetention(services: Services, log: FastifyBaseLogger): Promise<void> {
  await services.jobs.define(
    RETENTION_JOB,
    async () => {
      const removed = await purgeReadNotifications(services);
      if (removed) log.info({ removed }, 'read notifications past retention removed');
      return { removed };
    },
    { policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true },
  );
  await services.jobs.schedule(RETENTION_JOB, RETENTION_CRON);
}
