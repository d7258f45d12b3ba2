import type { Services } from '../../../core/services.ts';

/** Durable jobs of the public pool. */
export async function defineJobs(_services: Services) {}
