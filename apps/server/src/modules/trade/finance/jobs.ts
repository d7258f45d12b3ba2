import type { Services } from '../../../core/services.ts';

/** Durable jobs of the finance area (defined at start). */
export async function defineJobs(_services: Services) {}
