import type { Services } from '../../../core/services.ts';

/** Durable jobs of job reports. */
export async function defineJobs(_services: Services) {}
