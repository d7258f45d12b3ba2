import { progress } from '../../../core/jobs.ts';
import type { Services } from '../../../core/services.ts';
import { GATHER_URLS_JOB, runBatch } from './batches.ts';

/** Defines this area's background jobs (called from the catalogue's `start`): gathering a batch of URLs. */
export async function defineJobs(services: Services): Promise<void> {
  await services.jobs.define<{ tenantId: string | null; batchId: string }>(
    GATHER_URLS_JOB,
    (run) => runBatch(services, run.data, (done, total) => progress(run, (done / total) * 100, `${done}/${total}`)),
    // a run lost with its process is picked up again; rows already done stay done
    // a batch whose process died stops beating and is taken up again after 20 s (URLs done are kept)
    {
      retryLimit: 3,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
      heartbeatSeconds: 20,
      concurrency: 2,
    },
  );
}
