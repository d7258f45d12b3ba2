import { defineEvent } from '../../../core/events.ts';
import type { Services } from '../../../core/services.ts';
import { GATHER_URLS_JOB } from './batches.ts';

/** A batch of URLs was recorded: its job is sent after the commit (a command sends no job). */
export const GatherBatchStarted = defineEvent<{ tenantId: string | null; batchId: string }>(
  'catalog.gather-batch-started',
);

export function subscribeToEvents(services: Services) {
  // after the commit: the job must find the batch, and on PGlite the queue waits for the one connection
  services.events.on(GatherBatchStarted, 'after-commit', (e) => services.jobs.send(GATHER_URLS_JOB, e));
}
