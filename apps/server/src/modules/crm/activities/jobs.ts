import type { Services } from '../../../core/services.ts';

/** Durable jobs of follow-up records. */
export async function defineJobs(_services: Services) {}
