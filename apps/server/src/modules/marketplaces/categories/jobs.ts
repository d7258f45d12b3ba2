import type { Services } from '../../../core/services.ts';
import { DEMO_MAPPINGS_JOB, seedDemoMappings } from './seed.ts';

/**
 * Durable jobs of category mapping: the demo mappings, retried every 15 s (for about five
 * minutes) until the demo shops are authorized.
 */
export async function defineJobs(services: Services): Promise<void> {
  await services.jobs.define<{ tenantId: string }>(DEMO_MAPPINGS_JOB, (run) => seedDemoMappings(services, run.data), {
    retryLimit: 20,
    retryDelay: 15,
    expireInSeconds: 300,
  });
}
